import type { MiddlewareFn } from 'grammy';
import type { BotContext } from '../context.js';

/**
 * Answers `/start <prefix><value>`. Returns false when the value means nothing (a point off the globe, a
 * specialty the directory no longer has): the user then gets the welcome, as for a payload nobody registered.
 */
export type StartPayloadHandler = (ctx: BotContext, value: string) => Promise<boolean>;

/**
 * Where a payload is answered: `open` before the access gate (a link anyone may open, such as a clinic's
 * confirmation link), `gated` after it and maintenance (a search, which the bot's rules apply to).
 */
export type PayloadStage = 'open' | 'gated';

/**
 * The `/start` payloads (deep links, t.me/<bot>?start=<payload>) features answer, by prefix: each feature
 * registers its own (`v_` self-confirmation, `near_` a point, `find_` a specialty), and the start feature
 * welcomes whoever brings a payload nobody answers. A payload is at most 64 characters of A–Z a–z 0–9 _ -.
 */
export interface StartPayloads {
  register(prefix: string, stage: PayloadStage, handler: StartPayloadHandler): void;
  /** The middleware of a stage: answers a registered payload's /start, passes everything else on. */
  middleware(stage: PayloadStage): MiddlewareFn<BotContext>;
}

const COMMAND = /^\/start(?:@\S+)?\s+(\S+)/;

export function createStartPayloads(): StartPayloads {
  const handlers = new Map<string, { stage: PayloadStage; handler: StartPayloadHandler }>();
  return {
    register(prefix, stage, handler) {
      if (handlers.has(prefix)) throw new Error(`The /start prefix ${prefix} is registered twice`);
      handlers.set(prefix, { stage, handler });
    },
    middleware(stage) {
      return async (ctx, next) => {
        const payload = COMMAND.exec(ctx.message?.text ?? '')?.[1];
        if (payload === undefined) return next();
        const prefix = [...handlers.keys()].find((known) => payload.startsWith(known));
        const registered = prefix === undefined ? undefined : handlers.get(prefix);
        if (!registered || registered.stage !== stage) return next();
        if (!(await registered.handler(ctx, payload.slice(prefix!.length)))) return next();
      };
    },
  };
}
