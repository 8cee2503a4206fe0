import type { Test } from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { sign } from '@tma.js/init-data-node';
import { createBotHarness, type BotHarness } from './bot.js';
import { createTestApp, type TestApp } from './app.js';

/** Who opened the Mini App, as Telegram's launch data names them. */
export interface LaunchUser {
  id: number;
  first_name: string;
  language_code?: string;
}

/** Launch data as Telegram signs it for the bot with this token, at `authDate`. */
export function launchData(token: string, user: LaunchUser, authDate: Date): string {
  return sign({ user, query_id: `query-${user.id}`, chat_type: 'sender' }, token, authDate);
}

export interface MiniAppHarness extends BotHarness {
  api: TestApp;
  /** The Mini App's call as the page makes it: `Authorization: tma <launch data>`, signed now for the user. */
  call(user: LaunchUser, method: 'GET' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** The bot on the simulator and the API serving its Mini App, on one database and one hand-moved clock. */
export async function createMiniAppHarness(t: Test, options: Parameters<typeof createBotHarness>[1] = {}): Promise<MiniAppHarness> {
  const h = await createBotHarness(t, options);
  const api = await createTestApp(t, { db: h.db, clock: h.clock, miniApp: h.medBot.miniApp });
  return {
    ...h,
    api,
    async call(user, method, url, payload) {
      const response = await api.app.inject({ method, url, headers: { authorization: `tma ${launchData(h.sim.token, user, h.clock.now())}` }, ...(payload && { payload }) });
      await h.medBot.recorder.flush();
      return response;
    },
  };
}
