import type { Test } from 'tap';
import { createTelegramSimulator, type TelegramSimulator } from '../../bot/simulator/index.js';
import { createBot, type BotOptions, type MedBot } from '../../bot/create-bot.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import type { ChatMessage } from '../../bot/simulator/index.js';
import type { Sql } from '../../sql/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { createTestClock, realTimersDatedBy, type TestClock } from './clock.js';

/**
 * Flood control with a burst no test reaches. Tests send many messages from one user at one instant of the
 * hand-moved clock: the bots they build get it unless a test sets flood control (test/bot/flood.test.ts).
 */
export const ROOMY_FLOOD_CONTROL = { burst: 1_000_000 };

export interface BotHarness {
  db: TestDatabase;
  sql: Sql;
  sim: TelegramSimulator;
  medBot: MedBot;
  clock: TestClock;
  /** Sends text as a user and resolves with the bot's replies once it has handled the update. */
  say(userId: number, text: string, chatId?: number): Promise<ChatMessage[]>;
  /** Sends a location as a user and resolves with the bot's replies. */
  locate(userId: number, latitude: number, longitude: number, chatId?: number): Promise<ChatMessage[]>;
  /** Presses an inline button and resolves with the bot's replies. */
  press(userId: number, chatId: number, messageId: number, data: string): Promise<ChatMessage[]>;
  /** Waits until the bot has handled an update, then flushes its log rows. */
  handled(updateId: number): Promise<void>;
}


/**
 * The bot on a fresh database, long-polling the Telegram simulator over real HTTP, with the
 * default templates, the larger cities, and a hand-moved clock. The bot's timers run on their own unless
 * `handMovedTimers`: then the test moves them too (its log flushes, its retries, its pauses in polling).
 */
export async function createBotHarness(
  t: Test,
  { handMovedTimers = false, listens = false, ...botOptions }: Pick<BotOptions, 'onError' | 'pollingRetryMs' | 'metrics' | 'floodControl' | 'miniAppUrl' | 'directoryObserver'> & {
    handMovedTimers?: boolean;
    /** Listens for the directory's changes as the product does on external PostgreSQL (a real server only). */
    listens?: boolean;
  } = {},
): Promise<BotHarness> {
  const db = await createTestDatabase({ largeCities: true });
  await seedDefaultTemplates(db.sql);
  const clock = createTestClock();
  // Telegram dates messages by the same clock: a button's age is measured from its message's date.
  const sim = await createTelegramSimulator({ now: clock.now });
  const medBot = createBot({
    sql: db.sql,
    token: sim.token,
    apiRoot: sim.apiRoot,
    clock: handMovedTimers ? clock : realTimersDatedBy(clock),
    ...(listens && db.url && { directoryNotifications: db.sql }),
    ...botOptions,
    floodControl: { ...ROOMY_FLOOD_CONTROL, ...botOptions.floodControl },
  });
  await medBot.start();
  t.teardown(async () => {
    await medBot.stop();
    await sim.close();
    await db.close();
  });

  const handled = async (updateId: number) => {
    await medBot.whenHandled(updateId);
    await medBot.recorder.flush();
  };
  const repliesTo = async (delivery: { update_id: number }, chatId: number, before: number) => {
    await handled(delivery.update_id);
    return sim.botMessagesSince(chatId, before);
  };
  const lastId = (chatId: number) => sim.messages(chatId).at(-1)?.message_id ?? 0;

  return {
    db,
    sql: db.sql,
    sim,
    medBot,
    clock,
    handled,
    async say(userId, text, chatId = userId) {
      const before = lastId(chatId);
      return repliesTo(sim.sendText(userId, text, { chatId }), chatId, before);
    },
    async locate(userId, latitude, longitude, chatId = userId) {
      const before = lastId(chatId);
      return repliesTo(sim.sendLocation(userId, { latitude, longitude }, { chatId }), chatId, before);
    },
    async press(userId, chatId, messageId, data) {
      const before = lastId(chatId);
      return repliesTo(sim.pressButton(userId, chatId, messageId, data), chatId, before);
    },
  };
}

/** A second bot on the harness's database and simulator, and the statements it runs itself. */
export interface OtherInstance {
  bot: MedBot;
  /** Statements since the last countFromNow(); the recorder's batches run in transactions and are not counted. */
  statements(): number;
  countFromNow(): void;
  /** The user sends this instance a location in their private chat, as Telegram would post it to a webhook; the bot's answers. */
  locate(userId: number, point: { latitude: number; longitude: number }): Promise<ChatMessage[]>;
}

let nextWebhookUpdateId = 500_000_000;

/**
 * Instance B, as a webhook instance behind a load balancer would be: handed updates directly
 * (handleUpdate), with memory of its own, on the same database as the harness's bot.
 */
export async function anotherInstance(t: Test, h: BotHarness, botOptions: Pick<BotOptions, 'directoryObserver'> = {}): Promise<OtherInstance> {
  let statements = 0;
  const counted = new Proxy(h.sql, {
    apply(target, thisArg, args) {
      statements += 1;
      return Reflect.apply(target, thisArg, args) as unknown;
    },
  }) as Sql;
  const bot = createBot({ sql: counted, token: h.sim.token, apiRoot: h.sim.apiRoot, clock: realTimersDatedBy(h.clock), floodControl: ROOMY_FLOOD_CONTROL, ...botOptions });
  await bot.bot.init();
  t.teardown(() => bot.stop());
  return {
    bot,
    statements: () => statements,
    countFromNow() {
      statements = 0;
    },
    async locate(userId, point) {
      const before = h.sim.messages(userId).at(-1)?.message_id ?? 0;
      nextWebhookUpdateId += 1;
      await bot.bot.handleUpdate({
        update_id: nextWebhookUpdateId,
        message: {
          message_id: nextWebhookUpdateId,
          date: Math.floor(h.clock.now().getTime() / 1000),
          chat: { id: userId, type: 'private', first_name: `User${userId}` },
          from: { id: userId, is_bot: false, first_name: `User${userId}` },
          location: point,
        },
      });
      return h.sim.botMessagesSince(userId, before);
    },
  };
}
