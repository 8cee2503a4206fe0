/**
 * The soak test: the whole product (startProduct, with the built-in Telegram simulator) while
 *   (a) simulated users send it location updates at a steady rate (100/s), counting the bot's answers;
 *   (b) console clients (50) each poll the new log rows (GET /api/bot-logs?after=…) and the notifications
 *       (GET /api/real-time-notifications) every 5 s over HTTP;
 *   (c) a broadcast to all users is queued through the API at the start and another half-way.
 * Reports per interval (a minute by default) the errors, the p99 latencies of updates and polls, and the
 * process's resident memory and heap; at the end, whether memory grew after the warm-up.
 *
 *   npm run soak -- --minutes 10                  # embedded database in a temporary folder
 *   BENCH_DATABASE_URL=postgres://… npm run soak  # a fresh database on that server (dropped after)
 *
 * Options: --minutes (10; fractions allowed), --interval seconds (60, or a fifth of a shorter run),
 * --rate updates/s (100), --clients (50), --poll seconds (5), --users (200), --out (bench/results/soak.json).
 * The load generators run in the product's process, as the tests do: their own memory is small and constant.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../scripts/config.js';
import { startProduct, type RunningProduct } from '../scripts/product.js';
import { LARGE_CITIES } from '../test/helpers/gazetteer.js';
import { residentMemory } from './process-memory.js';
import { createServerDatabase, DEMO_PLACES, percentiles, requestJson } from './support.js';

export interface SoakOptions {
  minutes: number;
  intervalSeconds: number;
  updatesPerSecond: number;
  clients: number;
  pollSeconds: number;
  users: number;
  out: string;
}

export interface SoakInterval {
  /** Seconds since the load started, at the interval's end. */
  endS: number;
  updatesSent: number;
  updatesAnswered: number;
  /** Updates not handled within 30 s, and updates the bot failed on. */
  updateErrors: number;
  updateP99Ms: number | null;
  polls: number;
  /** Non-2xx answers and failed requests. */
  pollErrors: number;
  pollP99Ms: number | null;
  /** ERROR rows the bot logged, uncaught exceptions and unhandled rejections. */
  botErrors: number;
  exceptions: number;
  broadcastMessages: number;
  rssMb: number;
  heapUsedMb: number;
}

export interface SoakReport {
  date: string;
  database: string;
  machine: { cpus: number; memoryMb: number; node: string; loadAverage: number[] };
  options: SoakOptions;
  intervals: SoakInterval[];
  totals: {
    updatesSent: number;
    updatesAnswered: number;
    errors: number;
    broadcasts: { id: number; status: string; sent: number }[];
    /** The most frequent errors the bot logged, with their counts. */
    botErrorMessages: { errorMessage: string | null; count: number }[];
  };
  memory: { referenceMb: number; lateMb: number; growthMb: number; thresholdMb: number; verdict: 'stable' | 'growing' | 'too short to tell' };
}

const ADMIN = { username: 'soak.admin', password: 'soak-admin-password-1' };
const GROUP_ID = -1_009_000_000_001;
const FIRST_USER_ID = 9_000_000;
const BROADCAST_TEXT = 'Soak test broadcast: the clinic opens at 9.';
const HANDLED_TIMEOUT_MS = 30_000;
/** The bot writes its log rows in batches at least every second. */
const LOG_FLUSH_MS = 1500;
/** Memory may rise this much (or by MIN_GROWTH_MB, whichever is more) after the warm-up and still count as stable. */
const GROWTH_FRACTION = 0.1;
const MIN_GROWTH_MB = 25;

/** Reads the command line; --minutes may be a fraction. */
export function soakOptions(args: string[]): SoakOptions {
  const { values } = parseArgs({
    args,
    options: {
      minutes: { type: 'string', default: '10' },
      interval: { type: 'string' },
      rate: { type: 'string', default: '100' },
      clients: { type: 'string', default: '50' },
      poll: { type: 'string', default: '5' },
      users: { type: 'string', default: '200' },
      out: { type: 'string', default: 'bench/results/soak.json' },
    },
  });
  const number = (name: string, value: string | undefined) => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number, not ${value}`);
    return parsed;
  };
  const minutes = number('minutes', values.minutes);
  return {
    minutes,
    intervalSeconds: values.interval === undefined ? Math.min(60, (minutes * 60) / 5) : number('interval', values.interval),
    updatesPerSecond: number('rate', values.rate),
    clients: Math.round(number('clients', values.clients)),
    pollSeconds: number('poll', values.poll),
    users: Math.round(number('users', values.users)),
    out: values.out,
  };
}

/** Authorized-group members with a daily limit no soak reaches, in the database and in the simulator. */
async function addSoakUsers(product: RunningProduct, count: number): Promise<number[]> {
  const { sql } = product.database;
  const simulator = product.simulator!;
  const ids = Array.from({ length: count }, (_, index) => FIRST_USER_ID + index);
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${GROUP_ID}, 'Soak group', 1000000)`;
  await sql`
    INSERT INTO telegram_users (telegram_id, first_name)
    SELECT id, 'Soak ' || id FROM unnest(${ids}::bigint[]) AS id`;
  await sql`
    INSERT INTO user_memberships (telegram_id, group_id, membership_status, joined_at, last_verified, is_active)
    SELECT id, ${GROUP_ID}, 'member', now(), now(), true FROM unnest(${ids}::bigint[]) AS id`;
  simulator.createGroup({ id: GROUP_ID, title: 'Soak group', type: 'supergroup' });
  for (const id of ids) {
    simulator.upsertUser({ id, first_name: `Soak ${id}` });
    simulator.addMember(GROUP_ID, id);
  }
  return ids;
}


/**
 * Runs the soak and returns its report; also writes it to options.out and prints a table. With serverUrl
 * the product runs on a fresh database on that PostgreSQL server, otherwise on the embedded one.
 */
export async function runSoak(options: SoakOptions, serverUrl = process.env.BENCH_DATABASE_URL): Promise<SoakReport> {
  const server = serverUrl ? await createServerDatabase(serverUrl) : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'soak-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'on' });
  const product = await startProduct({
    ...config,
    dataDir,
    databaseUrl: server?.url,
    initialAdmin: ADMIN,
    gazetteerFilter: LARGE_CITIES,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
  });
  try {
    return await soak(product, options, server?.label ?? 'embedded PGlite (temporary folder)');
  } finally {
    await product.stop();
    await server?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function soak(product: RunningProduct, options: SoakOptions, database: string): Promise<SoakReport> {
  const { sql } = product.database;
  const simulator = product.simulator!;
  const userIds = await addSoakUsers(product, options.users);
  const signIn = async () =>
    (await requestJson<{ token: string }>(product.url, 'POST', '/api/auth/login', undefined, { identifier: ADMIN.username, password: ADMIN.password })).token;
  // Access tokens last 15 minutes: sign in again well before, as the console refreshes its token.
  let token = await signIn();
  const tokenRenewal = setInterval(() => void signIn().then((fresh) => (token = fresh)), 10 * 60_000);

  // Counters of the current interval, swapped out at each interval's end.
  const fresh = () => ({ sent: 0, answered: 0, updateErrors: 0, updateMs: [] as number[], polls: 0, pollErrors: 0, pollMs: [] as number[], exceptions: 0, broadcastMessages: 0 });
  let current = fresh();
  const onException = () => (current.exceptions += 1);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onException);
  const soakUsers = new Set(userIds);
  const onBotMessage = (chatId: number, message: { text?: string }) => {
    if (message.text?.startsWith(BROADCAST_TEXT)) current.broadcastMessages += 1;
    else if (soakUsers.has(chatId)) current.answered += 1;
  };
  simulator.events.on('botMessage', onBotMessage);

  const broadcasts: number[] = [];
  const queueBroadcast = async () => {
    const queued = await requestJson<{ id: number }>(product.url, 'POST', '/api/broadcast-send', token, { title: 'Soak', content: BROADCAST_TEXT, targetType: 'all' });
    broadcasts.push(queued.id);
  };

  const started = performance.now();
  const endAt = started + options.minutes * 60_000;
  let running = true;

  // (a) Location updates, sent at a steady rate whatever the bot's pace (an open loop, as users are).
  const pending = new Set<Promise<void>>();
  const sendUpdates = async () => {
    let sent = 0;
    let next = 0;
    while (running) {
      const due = Math.floor(((performance.now() - started) / 1000) * options.updatesPerSecond);
      for (; sent < due && running; sent++) {
        const counters = current;
        const before = performance.now();
        const { update_id } = simulator.sendLocation(userIds[next++ % userIds.length]!, DEMO_PLACES[sent % DEMO_PLACES.length]!);
        counters.sent += 1;
        const handled = product.bot.whenHandled(update_id, HANDLED_TIMEOUT_MS).then(
          () => void counters.updateMs.push(performance.now() - before),
          () => void (counters.updateErrors += 1),
        );
        pending.add(handled);
        void handled.finally(() => pending.delete(handled));
      }
      await sleep(10);
    }
  };

  // (b) Console clients, each polling on its own 5-second beat, spread over the first period.
  const poll = async (client: number) => {
    await sleep((client / options.clients) * options.pollSeconds * 1000);
    let after: number | undefined;
    while (running) {
      const beat = performance.now();
      for (const url of [`/api/bot-logs?limit=50${after === undefined ? '' : `&after=${after}`}`, '/api/real-time-notifications']) {
        const counters = current;
        const before = performance.now();
        try {
          const body = await requestJson<{ newestId?: number }>(product.url, 'GET', url, token);
          if (body.newestId !== undefined) after = body.newestId;
          counters.pollMs.push(performance.now() - before);
        } catch {
          counters.pollErrors += 1;
        }
        counters.polls += 1;
      }
      await sleep(Math.max(0, options.pollSeconds * 1000 - (performance.now() - beat)));
    }
  };

  // The ERROR rows the bot logs from now on (older ones come with the demo data).
  const [{ firstId }] = await sql<[{ firstId: number }]>`SELECT coalesce(max(id), 0) + 1 AS first_id FROM bot_logs`;
  const errorRows = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bot_logs WHERE level = 'ERROR' AND id >= ${firstId}`)[0]!.n;
  let errorRowsBefore = 0;
  const intervals: SoakInterval[] = [];
  // (c) and the interval reports.
  const report = async () => {
    let half = false;
    while (performance.now() < endAt) {
      const intervalEnd = Math.min(endAt, started + (intervals.length + 1) * options.intervalSeconds * 1000);
      await sleep(Math.max(0, intervalEnd - performance.now()));
      if (!half && performance.now() >= started + (endAt - started) / 2) {
        half = true;
        await queueBroadcast();
      }
      const counters = current;
      current = fresh();
      const errorsNow = await errorRows();
      const memory = await residentMemory(process.pid);
      const interval: SoakInterval = {
        endS: Math.round((performance.now() - started) / 100) / 10,
        updatesSent: counters.sent,
        updatesAnswered: counters.answered,
        updateErrors: counters.updateErrors,
        updateP99Ms: counters.updateMs.length ? percentiles(counters.updateMs).p99 : null,
        polls: counters.polls,
        pollErrors: counters.pollErrors,
        pollP99Ms: counters.pollMs.length ? percentiles(counters.pollMs).p99 : null,
        botErrors: errorsNow - errorRowsBefore,
        exceptions: counters.exceptions,
        broadcastMessages: counters.broadcastMessages,
        rssMb: memory.rssMb,
        heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 102.4) / 10,
      };
      errorRowsBefore = errorsNow;
      intervals.push(interval);
      printRow(interval);
    }
    running = false;
  };

  console.log(
    `soak: ${options.minutes} min on ${database}; ${options.updatesPerSecond} location updates/s from ${options.users} users, ` +
      `${options.clients} console clients polling every ${options.pollSeconds} s, broadcasts to all users`,
  );
  printHeader();
  await queueBroadcast();
  await Promise.all([sendUpdates(), report(), ...Array.from({ length: options.clients }, (_, client) => poll(client))]);
  // What happened while the last interval was being reported, answers still on their way and log rows still
  // in the recorder's batch count in the last interval.
  await Promise.all(pending);
  await sleep(LOG_FLUSH_MS);
  const last = intervals.at(-1)!;
  last.updatesSent += current.sent;
  last.updatesAnswered += current.answered;
  last.updateErrors += current.updateErrors;
  last.polls += current.polls;
  last.pollErrors += current.pollErrors;
  last.exceptions += current.exceptions;
  last.broadcastMessages += current.broadcastMessages;
  last.botErrors += (await errorRows()) - errorRowsBefore;
  clearInterval(tokenRenewal);
  simulator.events.off('botMessage', onBotMessage);
  process.off('uncaughtException', onException);
  process.off('unhandledRejection', onException);

  const broadcastRows = await sql<{ id: number; status: string; successCount: number }[]>`
    SELECT id, status, success_count FROM broadcasts WHERE id IN ${sql(broadcasts)} ORDER BY id`;
  const botErrorMessages = await sql<{ errorMessage: string | null; count: number }[]>`
    SELECT error_message, count(*)::int AS count FROM bot_logs WHERE level = 'ERROR' AND id >= ${firstId}
    GROUP BY error_message ORDER BY count DESC LIMIT 5`;
  const sum = (pick: (interval: SoakInterval) => number) => intervals.reduce((total, interval) => total + pick(interval), 0);
  const result: SoakReport = {
    date: new Date().toISOString(),
    database,
    machine: { cpus: os.cpus().length, memoryMb: Math.round(os.totalmem() / 1048576), node: process.version, loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10) },
    options,
    intervals,
    totals: {
      updatesSent: sum((interval) => interval.updatesSent),
      updatesAnswered: sum((interval) => interval.updatesAnswered),
      errors: sum((interval) => interval.updateErrors + interval.pollErrors + interval.botErrors + interval.exceptions),
      broadcasts: broadcastRows.map((row) => ({ id: row.id, status: row.status, sent: row.successCount })),
      botErrorMessages,
    },
    memory: memoryVerdict(intervals),
  };
  const { totals, memory } = result;
  console.log(
    `totals: ${totals.updatesSent} updates sent, ${totals.updatesAnswered} answered, ${totals.errors} errors; ` +
      `broadcasts ${totals.broadcasts.map((broadcast) => `#${broadcast.id} ${broadcast.status} (${broadcast.sent} sent)`).join(', ')}`,
  );
  console.log(
    `memory: ${memory.verdict} — RSS ${memory.lateMb} MB over the last third against ${memory.referenceMb} MB over the middle third ` +
      `(${memory.growthMb >= 0 ? '+' : ''}${memory.growthMb} MB; stable below +${memory.thresholdMb} MB)`,
  );
  await mkdir(path.dirname(path.resolve(options.out)), { recursive: true });
  await writeFile(path.resolve(options.out), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${path.resolve(options.out)}`);
  return result;
}

/**
 * The first third of the run is warm-up (caches, JIT, connection pools, the simulator's chat
 * histories filling to their cap, which takes minutes at 100 updates/s); the middle third is the
 * reference. Memory is stable when the mean RSS of the last third is less than 10 % (at least
 * 25 MB) above the middle third's: a leak grows through both, a filled cache does not.
 */
function memoryVerdict(intervals: SoakInterval[]): SoakReport['memory'] {
  const third = Math.floor(intervals.length / 3);
  const meanRss = (part: SoakInterval[]) => Math.round((part.reduce((total, interval) => total + interval.rssMb, 0) / part.length) * 10) / 10;
  const reference = third === 0 ? (intervals.at(-1)?.rssMb ?? 0) : meanRss(intervals.slice(third, 2 * third));
  const threshold = Math.round(Math.max(MIN_GROWTH_MB, reference * GROWTH_FRACTION));
  if (third === 0) return { referenceMb: reference, lateMb: reference, growthMb: 0, thresholdMb: threshold, verdict: 'too short to tell' };
  const lateMb = meanRss(intervals.slice(intervals.length - third));
  const growth = Math.round((lateMb - reference) * 10) / 10;
  return { referenceMb: reference, lateMb, growthMb: growth, thresholdMb: threshold, verdict: growth < threshold ? 'stable' : 'growing' };
}

const COLUMNS = ['end s', 'updates', 'answered', 'upd err', 'upd p99 ms', 'polls', 'poll err', 'poll p99 ms', 'bot err', 'exceptions', 'bcast msgs', 'RSS MB', 'heap MB'];

function printHeader(): void {
  console.log(COLUMNS.map((column) => column.padStart(11)).join(''));
}

function printRow(interval: SoakInterval): void {
  const cells = [
    interval.endS,
    interval.updatesSent,
    interval.updatesAnswered,
    interval.updateErrors,
    interval.updateP99Ms ?? '-',
    interval.polls,
    interval.pollErrors,
    interval.pollP99Ms ?? '-',
    interval.botErrors,
    interval.exceptions,
    interval.broadcastMessages,
    interval.rssMb,
    interval.heapUsedMb,
  ];
  console.log(cells.map((cell) => String(cell).padStart(11)).join(''));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runSoak(soakOptions(process.argv.slice(2)));
}
