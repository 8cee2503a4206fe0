/**
 * A small fake Telegram Bot API for the framework-ceiling benchmark: just enough of the
 * wire format for a long-polling grammY bot (getMe, deleteWebhook, setMyCommands and the profile, getUpdates,
 * getChatMember answering "member", sendMessage answering at once, and the few calls the product's
 * bot makes besides), and a control API that queues a load of location updates and reports how
 * fast they were answered, and each answer's latency. Unlike the Telegram simulator it keeps no chats and parses no HTML, so
 * that it costs the bots under test as little as possible.
 */
import type { Message, Update, UserFromGetMe } from 'grammy/types';
import type { ApiAnswer, ApiParams } from '../bot/simulator/bot-api.js';
import { badRequest, TelegramApiError } from '../bot/simulator/errors.js';
import { startSimulatorServer, type ControlRequest, type SimulatorServer } from '../bot/simulator/server.js';

/** Location updates to queue for one bot, all at once: update i comes from senders[i % senders.length] at points[i]. */
export interface Load {
  /** The bot the updates are for, by its token. */
  token: string;
  senders: number[];
  points: { latitude: number; longitude: number }[];
  /** An answer counts as expected when its text contains this. */
  expectText: string;
}

/** How far the bot has got with its last load. */
export interface LoadProgress {
  queued: number;
  /** sendMessage calls to a chat that was waiting for an answer: each answers one of its updates. */
  answered: number;
  /** Of those, the ones whose text contains the load's expectText. */
  answeredAsExpected: number;
  /** sendMessage calls to a chat with no unanswered update (a second message, or the wrong chat). */
  unexpected: number;
  /** From the load being queued to the last answer so far (0 before the first). */
  elapsedMs: number;
  /** Up to three texts of answers that were not as expected, to tell what went wrong. */
  samples: string[];
  /** CPU time this process spent during the load, ms: whether the fake itself was the bottleneck. */
  fakeCpuMs: number;
  /** Long polls (getUpdates) held open now: tests wait on it instead of guessing when a poll arrives. */
  pollsWaiting: number;
}

/** Every answer of the load so far, in the order they came: when, and how long after its update was handed to the bot. */
export interface LoadAnswers {
  /** ms from the load being queued. */
  atMs: number[];
  /** ms from the getUpdates that handed the update out to its answer: the bot's own time, without the queue before it. */
  latencyMs: number[];
}

export const FAKE_BOT: UserFromGetMe = {
  id: 7_000_000_001,
  is_bot: true,
  first_name: 'Benchmark bot',
  username: 'benchmark_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

const MAX_LIMIT = 100;
/**
 * Idle connections stay open for the whole run, as Telegram keeps them for minutes. The bare bots use
 * grammY's default agent, which ignores the server's keep-alive hint: with Node's 5 s, a load that
 * started as the fake closed the connections idle since the last one lost its sends ("socket hang up")
 * and stalled the run.
 */
const IDLE_CONNECTIONS_KEPT_MS = 10 * 60_000;

/** One bot's queue of updates and the count of its answers. */
class BotQueue {
  private pending: Update[] = [];
  private nextUpdateId = 1;
  private waiting = new Set<() => void>();
  private unanswered = new Map<number, number>();
  private load: Load | undefined;
  private queuedAt = 0;
  private lastAnswerAt = 0;
  private cpuAtQueue = process.cpuUsage();
  private counts = { answered: 0, answeredAsExpected: 0, unexpected: 0 };
  private samples: string[] = [];
  private nextMessageId = 1;
  /** Per chat, when each of its updates not answered yet was first handed out, oldest first. */
  private handedOut = new Map<number, number[]>();
  private lastHandedOut = 0;
  private answers: LoadAnswers = { atMs: [], latencyMs: [] };

  queue(load: Load): void {
    const date = Math.floor(Date.now() / 1000);
    this.load = load;
    this.unanswered.clear();
    this.counts = { answered: 0, answeredAsExpected: 0, unexpected: 0 };
    this.samples = [];
    this.handedOut.clear();
    this.answers = { atMs: [], latencyMs: [] };
    this.lastAnswerAt = 0;
    this.cpuAtQueue = process.cpuUsage();
    this.queuedAt = performance.now();
    load.points.forEach((location, index) => {
      const id = load.senders[index % load.senders.length]!;
      const from = { id, is_bot: false, first_name: `User ${id}`, language_code: 'en' };
      const message_id = this.nextMessageId++;
      this.pending.push({ update_id: this.nextUpdateId++, message: { message_id, date, chat: { id, type: 'private', first_name: from.first_name }, from, location } });
      this.unanswered.set(id, (this.unanswered.get(id) ?? 0) + 1);
    });
    for (const wake of this.waiting) wake();
  }

  progress(): LoadProgress {
    const cpu = process.cpuUsage(this.cpuAtQueue);
    return {
      queued: this.load?.points.length ?? 0,
      ...this.counts,
      elapsedMs: this.lastAnswerAt === 0 ? 0 : Math.round((this.lastAnswerAt - this.queuedAt) * 10) / 10,
      samples: this.samples,
      fakeCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      pollsWaiting: this.waiting.size,
    };
  }

  answersSoFar(): LoadAnswers {
    return this.answers;
  }

  /**
   * getUpdates: an offset confirms every update below it; the rest up to `limit` are answered at
   * once, or as soon as some are queued within the timeout. Unconfirmed updates are sent again, as
   * Telegram does, so a poll the bot hung up on loses nothing.
   */
  async take(offset: number, limit: number, timeoutMs: number, signal: AbortSignal): Promise<Update[]> {
    if (offset > 0) {
      const confirmed = this.pending.findIndex((update) => update.update_id >= offset);
      this.pending = confirmed < 0 ? [] : this.pending.slice(confirmed);
    }
    if (this.pending.length === 0 && timeoutMs > 0 && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          this.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal.addEventListener('abort', done);
        this.waiting.add(done);
      });
    }
    const taken = this.pending.slice(0, limit);
    const now = performance.now();
    for (const update of taken) {
      if (update.update_id <= this.lastHandedOut) continue;
      this.lastHandedOut = update.update_id;
      const chatId = update.message?.chat.id;
      if (chatId === undefined) continue;
      const times = this.handedOut.get(chatId);
      if (times) times.push(now);
      else this.handedOut.set(chatId, [now]);
    }
    return taken;
  }

  sendMessage(params: ApiParams): Message.TextMessage {
    const chatId = Number(params.chat_id);
    const text = params.text;
    if (!Number.isSafeInteger(chatId) || chatId === 0) throw badRequest('chat not found');
    if (typeof text !== 'string' || text.trim() === '') throw badRequest('message text is empty');
    const left = this.unanswered.get(chatId) ?? 0;
    if (left > 0) {
      this.unanswered.set(chatId, left - 1);
      this.counts.answered += 1;
      this.lastAnswerAt = performance.now();
      const handedOutAt = this.handedOut.get(chatId)?.shift();
      this.answers.atMs.push(Math.round((this.lastAnswerAt - this.queuedAt) * 10) / 10);
      this.answers.latencyMs.push(handedOutAt === undefined ? 0 : Math.round((this.lastAnswerAt - handedOutAt) * 100) / 100);
      if (this.load && text.includes(this.load.expectText)) this.counts.answeredAsExpected += 1;
      else if (this.samples.length < 3) this.samples.push(text.slice(0, 200));
    } else {
      this.counts.unexpected += 1;
      if (this.samples.length < 3) this.samples.push(`(to chat ${chatId}) ${text.slice(0, 200)}`);
    }
    const chat = chatId > 0 ? { id: chatId, type: 'private' as const, first_name: `User ${chatId}` } : { id: chatId, type: 'supergroup' as const, title: 'Group' };
    return { message_id: this.nextMessageId++, date: Math.floor(Date.now() / 1000), chat, from: FAKE_BOT, text };
  }
}

/** The running fake: its Bot API root (grammY's apiRoot) and control API at `url`. */
export interface FakeBotApi {
  url: string;
  close(): Promise<void>;
}

/** Starts the fake Bot API on 127.0.0.1 at a free port; any token is a bot of its own. */
export async function startFakeBotApi(): Promise<FakeBotApi> {
  const bots = new Map<string, BotQueue>();
  const botOf = (token: string) => {
    let bot = bots.get(token);
    if (!bot) bots.set(token, (bot = new BotQueue()));
    return bot;
  };
  const methods: Record<string, (bot: BotQueue, params: ApiParams, signal: AbortSignal) => unknown> = {
    getMe: () => FAKE_BOT,
    deleteWebhook: () => true,
    setMyCommands: () => true,
    // The bot's profile, set at start beside its commands (bot/create-bot.ts, setBotProfile).
    setMyDescription: () => true,
    setMyShortDescription: () => true,
    setChatMenuButton: () => true,
    getUpdates: (bot, params, signal) =>
      bot.take(
        numberParam(params, 'offset') ?? 0,
        Math.min(MAX_LIMIT, Math.max(1, numberParam(params, 'limit') ?? MAX_LIMIT)),
        Math.max(0, numberParam(params, 'timeout') ?? 0) * 1000,
        signal,
      ),
    getChatMember: (_bot, params) => {
      const id = numberParam(params, 'user_id');
      if (id === undefined) throw badRequest('user not found');
      return { status: 'member', user: { id, is_bot: false, first_name: `User ${id}` } };
    },
    sendMessage: (bot, params) => bot.sendMessage(params),
    // What the product's bot calls off the location path: buttons, unauthorized groups, chat actions.
    answerCallbackQuery: () => true,
    editMessageReplyMarkup: () => true,
    leaveChat: () => true,
    sendChatAction: () => true,
  };
  const byName = new Map(Object.entries(methods).map(([name, handler]) => [name.toLowerCase(), handler]));

  const server: SimulatorServer = await startSimulatorServer({
    async botApi(token, method, params, signal) {
      const handler = byName.get(method.toLowerCase());
      if (!handler) return answerError(new TelegramApiError(404, 'Not Found'));
      try {
        return { status: 200, answer: { ok: true, result: await handler(botOf(token), params, signal) } };
      } catch (error) {
        if (error instanceof TelegramApiError) return answerError(error);
        throw error;
      }
    },
    async control(request: ControlRequest) {
      if (request.method === 'POST' && request.path === '/control/load') {
        const load = request.body as Load;
        if (typeof load.token !== 'string' || !Array.isArray(load.senders) || load.senders.length === 0 || !Array.isArray(load.points)) {
          return { status: 400, body: { error: 'a load is { token, senders, points, expectText }' } };
        }
        botOf(load.token).queue(load);
        return { status: 200, body: { queued: load.points.length } };
      }
      const token = request.query.get('token');
      if (request.method === 'GET' && request.path === '/control/progress' && token) return { status: 200, body: botOf(token).progress() };
      if (request.method === 'GET' && request.path === '/control/answers' && token) return { status: 200, body: botOf(token).answersSoFar() };
      return { status: 404, body: { error: 'not found' } };
    },
  }, { keepAliveTimeoutMs: IDLE_CONNECTIONS_KEPT_MS });
  return server;
}

function answerError(error: TelegramApiError): { status: number; answer: ApiAnswer } {
  return { status: error.errorCode, answer: error.toBody() };
}

/** Numbers come as numbers in JSON bodies and as strings in forms and query strings. */
function numberParam(params: ApiParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
