import { EventEmitter } from 'node:events';
import path from 'node:path';
import { Api, Bot, type ApiClientOptions } from 'grammy';
import { createBotApiFetch } from './bot-api-fetch.js';
import { BotComposer } from './composer.js';
import type { Update, UserFromGetMe } from 'grammy/types';
import { run, type RunnerHandle } from '@grammyjs/runner';
import type { Client, Sql } from '../sql/database.js';
import { listenForDirectoryChanges } from '../sql/contact-directory.js';
import type { BotContext } from './context.js';
import { createRecorder, SPILL_FOLDER, type Recorder } from './updates/recorder.js';
import { guardUpdates } from './updates/update-guard.js';
import { systemClock, type Clock } from './clock.js';
import { createClaimQueue } from './updates/update-claim.js';
import { requestLog } from './updates/request-log.js';
import { retryRefusedCall, retryRefusedCalls } from './middleware/retry-refused-calls.js';
import { FLOOD_CONTROL, floodControl, type FloodControlOptions } from './middleware/flood-control.js';
import { stripControlCharacters } from './middleware/strip-control-characters.js';
import { trackUser } from './middleware/track-user.js';
import { accessGate } from './middleware/access-gate.js';
import { maintenance } from './middleware/maintenance.js';
import { groupTalk } from './middleware/group-talk.js';
import { botMembershipUpdates, groupMembershipUpdates } from './features/membership-updates.js';
import { botCommands, startFeature } from './features/start.js';
import { languageFeature } from './features/language.js';
import { getSystemSettings } from '../sql/settings.js';
import { lookupFeature } from './features/lookup.js';
import { findFeature } from './features/find.js';
import { createContactLookup, type DirectoryObserver } from './answering/contact-lookup.js';
import { createMiniAppService, type MiniAppService } from './mini-app/service.js';
import { placeSearchFeature } from './features/place-search.js';
import { venueFeature } from './features/venue.js';
import { answerChoicesFeature } from './features/answer-choices.js';
import { reportsFeature } from './features/reports.js';
import { selfConfirmationFeature } from './features/self-confirmation.js';
import { createUpdateTracker } from './updates/update-tracker.js';
import { createStartPayloads } from './middleware/start-payloads.js';
import { inlineSearchFeature } from './features/inline-search.js';
import { WAYS_IN_TEXTS } from './locales/ways-in.js';
import type { LanguageCode } from '../api/contract/languages.js';
import { createBotMemory } from './updates/memory.js';
import { NO_BOT_METRICS, type BotMetrics } from './metrics.js';

/** The update types the bot handles; chat_member must be asked for by name. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query', 'my_chat_member', 'chat_member'] as const;

export type BotState = 'starting' | 'running' | 'stopped' | 'failed';

/** How long polling waits after Telegram refused it before it asks again; doubled each time, up to the last. */
const POLLING_RETRY_MS = { first: 5_000, max: 300_000 };

/**
 * Long polling stopped by Telegram: a 409 (another process polls with this token, or a webhook is set for it:
 * during a rolling deploy, for a moment) or a 401 (the token was revoked). grammY's runner does not retry these
 * and its task rejects; unwatched, that rejection ended the whole process, console included.
 */
export class PollingRefusedError extends Error {
  /** The sentence for staff (System Health), without Telegram's words or the wait. */
  readonly problem: string;

  readonly retryInMs: number;

  constructor(
    telegramError: unknown,
    retryInMs: number,
  ) {
    const { error_code: code, description } = (typeof telegramError === 'object' && telegramError !== null ? telegramError : {}) as { error_code?: number; description?: string };
    const why =
      code === 409
        ? 'another process polls Telegram with this BOT_TOKEN, or a webhook is set for it'
        : code === 401
          ? 'Telegram no longer accepts BOT_TOKEN: copy the bot\'s current token from @BotFather'
          : 'fetching updates failed';
    const problem = `The bot stopped receiving updates: ${why}`;
    super(`${problem} (${code ?? 'no code'}: ${description ?? String(telegramError)}). It asks again in ${Math.round(retryInMs / 1000)} s; the console keeps running.`, { cause: telegramError });
    this.retryInMs = retryInMs;
    this.name = 'PollingRefusedError';
    this.problem = problem;
  }
}
export type BotMode = 'polling' | 'webhook';

export interface BotOptions {
  sql: Sql;
  /**
   * The pool whose LISTEN tells the contact lookup of each change to the directory as it commits
   * (migration 062's notification), on a connection of its own: external PostgreSQL only. Without it
   * an answer learns of a change from its own check of the directory's version (bot/updates/memory.ts).
   */
  directoryNotifications?: Client;
  /** Told of each read of the contact directory, all of it or its changes: for a test or benchmark that counts reloads. */
  directoryObserver?: DirectoryObserver;
  token: string;
  /** Another Bot API server: the built-in simulator, a local Bot API server or a test double. */
  apiRoot?: string;
  /** Skips getMe at start when the bot's identity is already known. */
  botInfo?: UserFromGetMe;
  /** Telegram posts updates here (the app serves it, see handleUpdate); absent: the bot long-polls. */
  webhook?: { url: string; secretToken: string };
  /** Dates what the bot records; the update guard's retries, the log recorder's flushes and polling's pauses run on its timers. */
  clock?: Clock;
  /** How long an update waits for an absent database before it is answered "temporarily unavailable" (default about a minute). */
  updateRetryWindowMs?: number;
  /** DATA_DIR: log rows the database cannot take wait there (see Recorder); none keeps them in memory only. */
  dataDir?: string | null;
  onError?: (error: unknown) => void;
  /** How long polling waits after Telegram stopped it (POLLING_RETRY_MS unless given). */
  pollingRetryMs?: { first: number; max: number };
  /** Where each update's outcome and answer time are counted; nowhere unless given. */
  metrics?: BotMetrics;
  /** Each user's and group's share of updates (FLOOD_CONTROL unless given), and a count of what is dropped. */
  floodControl?: Partial<FloodControlOptions>;
  /**
   * The Mini App's address (MINI_APP_URL), read at start (the menu button) and at each answer (its 🗺 Map
   * button): the built-in simulator's is known only once the app listens. Undefined: no Mini App buttons.
   */
  miniAppUrl?: () => string | undefined;
}

export interface MedBot {
  bot: Bot<BotContext>;
  /** The live bot's API, for broadcasts: their sender paces its queue by Telegram's 429s itself. */
  api: Api;
  /**
   * The bot's API for the calls made outside an update (alerts, daily reports, test messages, the command
   * menus at start): a call Telegram refuses with flood control is made again after its wait, as answers are.
   */
  retryingApi: Api;
  recorder: Recorder;
  /** The bot's side of the Mini App: its calls answered with this bot's token, rules, directory in memory and recorder. */
  miniApp: MiniAppService;
  /**
   * Emits 'handled' (updateId) once the bot has answered an update, and 'connection' (boolean, and
   * the first failure's reason when false) when fetching updates from Telegram starts failing or works again.
   */
  events: EventEmitter;
  /** Resolves once the bot has answered the update. */
  whenHandled(updateId: number, timeoutMs?: number): Promise<void>;
  /** Runs one update through the middleware: what the webhook route calls with each update Telegram posts. */
  handleUpdate(update: Update): Promise<void>;
  /** Long polling: starts fetching updates. Webhook mode: registers the webhook (setWebhook) with Telegram. */
  start(): Promise<void>;
  /** Stops polling, lets updates in progress finish, and writes every buffered log row. */
  stop(): Promise<void>;
  /**
   * `connected` is null until the first fetch of updates has been answered or has failed; in webhook mode,
   * true once Telegram accepted the webhook. `problem`: why polling stopped, while it waits to ask again.
   */
  status(): { state: BotState; mode: BotMode; lastUpdateAt: Date | null; connected: boolean | null; problem: string | null };
}

/** The bot: its middleware in the order that is its design (docs/style.md), and its long-polling runner or webhook. */
export function createBot(options: BotOptions): MedBot {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const onError = options.onError ?? ((error: unknown) => console.error('bot error', error));
  const client: ApiClientOptions = { ...(options.apiRoot && { apiRoot: options.apiRoot }), fetch: createBotApiFetch() as unknown as NonNullable<ApiClientOptions['fetch']> };
  const bot = new Bot<BotContext>(options.token, { client, ...(options.botInfo && { botInfo: options.botInfo }) });
  // An Api of its own: on bot.api the retry would reach the broadcast sender, and every ctx.api copies bot.api's transformers.
  const retryingApi = new Api(options.token, client);
  retryingApi.config.use(retryRefusedCall());
  const recorder = createRecorder({ sql: options.sql, spillDir: options.dataDir ? path.join(options.dataDir, SPILL_FOLDER) : null, clock, onError });
  const events = new EventEmitter();
  const tracker = createUpdateTracker(events);
  const contactLookup = createContactLookup(options.sql, options.directoryObserver);
  const miniAppUrl = options.miniAppUrl ?? (() => undefined);
  const startPayloads = createStartPayloads();
  const deps = { sql: options.sql, recorder, now, clock, events, contactLookup, memory: createBotMemory(options.sql, contactLookup), miniAppUrl, startPayloads };
  const metrics = options.metrics ?? NO_BOT_METRICS;
  let state: BotState = 'stopped';
  let lastUpdateAt: Date | null = null;
  let runner: RunnerHandle | undefined;
  /** Set by stop(): a start still waiting for Telegram then starts nothing. */
  let stopped = false;
  let connected: boolean | null = null;
  const pollingRetryBounds = options.pollingRetryMs ?? POLLING_RETRY_MS;
  let pollingRetryMs = pollingRetryBounds.first;
  let pollingRetry: unknown;
  let problem: string | null = null;
  let unlisten: (() => Promise<void>) | undefined;
  const mode: BotMode = options.webhook ? 'webhook' : 'polling';

  // The runner retries failed fetches (silently: it would print them raw to stderr, among the JSON log lines):
  // watch them to know whether Telegram can be reached, and why not.
  bot.api.config.use(async (prev, method, payload, signal) => {
    if (method !== 'getUpdates') return prev(method, payload, signal);
    let reached = false;
    let failure = 'no answer';
    try {
      const answer = await prev(method, payload, signal);
      reached = answer.ok;
      if (answer.ok) pollingRetryMs = pollingRetryBounds.first;
      else failure = `${answer.error_code}: ${answer.description}`;
      return answer;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      // Stopping aborts the fetch in progress: that is no lost connection.
      if (!signal?.aborted && connected !== reached) {
        connected = reached;
        events.emit('connection', reached, reached ? undefined : failure);
      }
    }
  });

  /**
   * Telegram shows each user the command menu and the descriptions of their app's language: one per
   * language the bot offers, and the default language's for everyone else. The chat menu button opens the
   * Mini App (Telegram's default menu without one). Every instance sets the same at each start: setting
   * them again changes nothing. A change of the offered languages shows at the next start.
   */
  async function setBotProfile(): Promise<void> {
    const { defaultLanguage, botLanguages } = await getSystemSettings(options.sql);
    const setFor = async (language: LanguageCode, scope: { language_code?: LanguageCode }) => {
      const texts = WAYS_IN_TEXTS[language];
      await retryingApi.setMyCommands(botCommands(language), scope);
      await retryingApi.setMyDescription(texts.description, scope);
      await retryingApi.setMyShortDescription(texts.shortDescription, scope);
    };
    await setFor(defaultLanguage, {});
    for (const language of botLanguages) await setFor(language, { language_code: language });
    const url = miniAppUrl();
    await retryingApi.setChatMenuButton({
      menu_button: url === undefined ? { type: 'default' } : { type: 'web_app', text: WAYS_IN_TEXTS[defaultLanguage].mapButton, web_app: { url } },
    });
  }

  /** Starts the runner, and starts it again, after a pause, whenever Telegram stops it. */
  function startPolling(): void {
    const handle = run(bot, { runner: { fetch: { allowed_updates: ALLOWED_UPDATES }, silent: true } });
    runner = handle;
    state = 'running';
    problem = null;
    handle.task()?.catch((error: unknown) => {
      if (stopped) return;
      const refused = new PollingRefusedError(error, pollingRetryMs);
      state = 'failed';
      problem = refused.problem;
      onError(refused);
      pollingRetry = clock.setTimeout(() => {
        pollingRetry = undefined;
        if (!stopped) startPolling();
      }, pollingRetryMs);
      pollingRetryMs = Math.min(pollingRetryMs * 2, pollingRetryBounds.max);
    });
  }

  const inFlight = new Set<Promise<void>>();
  bot.use(async (ctx, next) => {
    lastUpdateAt = now();
    const handling = next();
    inFlight.add(handling);
    try {
      await handling;
    } finally {
      inFlight.delete(handling);
    }
  });
  // Before the guard: the update it fingerprints and every attempt see the same cleaned texts.
  bot.use(stripControlCharacters());
  bot.use(retryRefusedCalls());
  // Before the guard: an update beyond its sender's share costs no claim, no statement and no answer.
  const flood = { ...FLOOD_CONTROL, ...options.floodControl };
  const floodGuard = floodControl(deps, {
    ...flood,
    onDropped: (dropped) => {
      metrics.updateHandled('dropped', undefined);
      flood.onDropped?.(dropped);
    },
  });
  bot.use(floodGuard.middleware);
  // What one attempt at an update runs; the guard runs it once per update, again while the database is away.
  const handling = new BotComposer();
  handling.use(requestLog(deps));
  handling.use(trackUser(deps));
  handling.use(botMembershipUpdates(deps));
  // Before the gate, whose refusals would otherwise answer a group's every message.
  handling.use(groupTalk());
  // Before the gate: a clinic opening its confirmation link is in no authorized group.
  handling.use(selfConfirmationFeature({ ...deps, chargeFlood: floodGuard.charge }));
  handling.use(startPayloads.middleware('open'));
  // Before the gate, which answers only chats: an inline query comes from a user in any chat.
  handling.use(inlineSearchFeature(deps));
  handling.use(accessGate(deps));
  // Membership changes are recorded in maintenance too, and answered with nothing.
  handling.use(groupMembershipUpdates(deps));
  handling.use(maintenance(deps));
  handling.use(startPayloads.middleware('gated'));
  handling.use(startFeature(deps));
  handling.use(languageFeature(deps));
  // Before lookup, whose last handler takes every button it does not know, and before the place search, which takes any text.
  handling.use(venueFeature(deps));
  handling.use(answerChoicesFeature());
  handling.use(reportsFeature(deps));
  handling.use(findFeature(deps));
  handling.use(lookupFeature(deps));
  handling.use(placeSearchFeature(deps));
  bot.use(guardUpdates({ ...deps, metrics, claims: createClaimQueue(options.sql), handle: handling.middleware(), retryWindowMs: options.updateRetryWindowMs }));
  bot.catch((error) => onError(error.error));

  return {
    bot,
    api: bot.api,
    retryingApi,
    recorder,
    miniApp: createMiniAppService({
      sql: options.sql,
      token: options.token,
      api: retryingApi,
      contactLookup,
      nearestPlace: (latitude, longitude) => deps.memory.reader().nearestPlace(latitude, longitude),
      recorder,
      floodControl: options.floodControl,
    }),
    events,
    whenHandled: tracker.whenHandled,
    async handleUpdate(update) {
      // An instance behind a load balancer may get posts while it is still starting; init runs once.
      await bot.init();
      await bot.handleUpdate(update);
    },
    async start() {
      state = 'starting';
      try {
        await bot.init();
        if (options.directoryNotifications) unlisten = await listenForDirectoryChanges(options.directoryNotifications, (version) => contactLookup.prefetch(version));
        if (options.webhook) {
          await setBotProfile();
          // Every instance sets the same webhook at start; setting it again changes nothing.
          await retryingApi.setWebhook(options.webhook.url, { secret_token: options.webhook.secretToken, allowed_updates: ALLOWED_UPDATES });
          connected = true;
        } else {
          await retryingApi.deleteWebhook();
          await setBotProfile();
          if (stopped) return;
          startPolling();
        }
        state = 'running';
      } catch (error) {
        state = 'failed';
        throw error;
      }
    },
    async stop() {
      stopped = true;
      clock.clearTimeout(pollingRetry);
      if (runner?.isRunning()) await runner.stop();
      // The runner stops fetching but does not wait for the updates it has taken: let them finish and log.
      await Promise.allSettled([...inFlight]);
      await recorder.close();
      await unlisten?.();
      state = 'stopped';
    },
    status: () => ({ state, mode, lastUpdateAt, connected, problem }),
  };
}
