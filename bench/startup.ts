/**
 * Start-up time and resident memory of the built server: `node dist/scripts/start.js` run as a
 * child process, configured only by its environment, on the embedded database and on an external PostgreSQL.
 * Time to ready runs from spawn to the first GET /api/health answering ok; memory is the child's resident set
 * (and its children's) from /proc, at rest after a settle period and while it is under load.
 *
 *   npx tsx bench/startup.ts
 *
 * Options (environment): BENCH_DATABASE_URL (the server for the external runs; a fresh database is created on it
 * and dropped after; default postgres://postgres@127.0.0.1:5432/postgres), BENCH_RESTARTS (3), BENCH_SETTLE_SECONDS
 * (10), BENCH_STARTUP_LOAD_SECONDS (20), BENCH_SKIP_BUILD=1 (use the dist/ already built).
 * Run alone it writes bench/results/startup.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/child-env.js';
import { residentMemory, type ResidentMemory } from './process-memory.js';
import type { BenchSection, Figure } from './report.js';
import { createServerDatabase, DEMO_PLACES, percentiles, requestJson, writeResults } from './support.js';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_STARTUP_LOAD_SECONDS ?? 20);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { username: 'bench.admin', password: 'bench-admin-password-1' };
const READY_TIMEOUT_MS = 600_000;
const TARGETS = { restartSeconds: 5, externalRestMb: 400 };

interface StartRun {
  /** Spawn to the first health check answering ok. */
  readyMs: number;
  /** Spawn to the line printed once the server listens. */
  listeningMs: number | undefined;
  /** The gazetteer load the first start reports; undefined on later starts. */
  gazetteerMs: number | undefined;
  atReady: ResidentMemory;
  /** After the settle period with nothing to do. */
  atRest: ResidentMemory;
  /** The machine's one-minute load average at ready: start-up times depend on what else it is doing. */
  loadAverage: number;
}

interface LoadRun {
  seconds: number;
  apiRequests: number;
  apiErrors: number;
  apiLatencyMs: { p50: number; p99: number };
  locationUpdates: number;
  locationErrors: number;
  firstError: string | undefined;
  /** Resident memory sampled every second under load. */
  rssMb: { max: number; last: number };
  peakMb: number;
}

interface DatabaseRuns {
  label: string;
  first: StartRun;
  restarts: StartRun[];
  load: LoadRun;
}

/** A running child product with what it printed. */
export interface Child {
  process: ChildProcess;
  url: string;
  output: string[];
  /** performance.now() at spawn. */
  startedAt: number;
  listeningMs: number | undefined;
}

/** `node dist/scripts/start.js`, as `npm start` runs the product. */
export const BUILT_START = ['dist/scripts/start.js'];

/** Runs the product (the build unless `args` say otherwise) with this environment and waits until /api/health answers ok. */
export async function launch(env: NodeJS.ProcessEnv, args = BUILT_START): Promise<{ child: Child; readyMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const spawned = spawn(process.execPath, args, {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: Child = { process: spawned, url: `http://127.0.0.1:${port}`, output: [], startedAt: started, listeningMs: undefined };
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      child.output.push(line);
      if (child.listeningMs === undefined && /^Console: |Server listening at/.test(line)) child.listeningMs = performance.now() - started;
    }
  };
  spawned.stdout.on('data', collect);
  spawned.stderr.on('data', collect);
  let exited = false;
  spawned.once('exit', () => (exited = true));
  while (performance.now() - started < READY_TIMEOUT_MS) {
    if (exited) throw new Error(`the product exited before it was ready:\n${child.output.slice(-20).join('\n')}`);
    const healthy = await fetch(`${child.url}/api/health`)
      .then(async (response) => response.ok && ((await response.json()) as { status: string }).status === 'ok')
      .catch(() => false);
    if (healthy) return { child, readyMs: performance.now() - started };
    await sleep(50);
  }
  spawned.kill('SIGKILL');
  throw new Error(`the product was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, as an operator stops it; SIGKILL when it has not exited 30 s later. */
export async function stop(child: Child): Promise<void> {
  const { process: spawned } = child;
  if (spawned.exitCode !== null || spawned.signalCode !== null) return;
  const exited = new Promise((resolve) => spawned.once('exit', resolve));
  spawned.kill('SIGTERM');
  const timeout = sleep(30_000).then(() => spawned.kill('SIGKILL'));
  await Promise.race([exited, timeout]);
  await exited;
}

/** One start: ready time, then memory at ready and after the settle period. Leaves the child running. */
async function startOnce(env: NodeJS.ProcessEnv): Promise<{ child: Child; run: StartRun }> {
  const { child, readyMs } = await launch(env);
  const pid = child.process.pid!;
  const atReady = await residentMemory(pid);
  const loadAverage = Math.round(os.loadavg()[0]! * 10) / 10;
  await sleep(SETTLE_SECONDS * 1000);
  const atRest = await residentMemory(pid);
  const gazetteer = child.output.map((line) => /Loaded the cities gazetteer in ([\d.]+) s/.exec(line)).find(Boolean);
  const run: StartRun = {
    readyMs: Math.round(readyMs),
    listeningMs: child.listeningMs === undefined ? undefined : Math.round(child.listeningMs),
    gazetteerMs: gazetteer ? Math.round(Number(gazetteer[1]) * 1000) : undefined,
    atReady,
    atRest,
    loadAverage,
  };
  console.log(
    `  ready in ${(run.readyMs / 1000).toFixed(2)} s${run.gazetteerMs === undefined ? '' : ` (gazetteer ${(run.gazetteerMs / 1000).toFixed(1)} s)`}; ` +
      `RSS ${atReady.rssMb} MB at ready, ${atRest.rssMb} MB after ${SETTLE_SECONDS} s, peak ${atRest.peakMb} MB`,
  );
  return { child, run };
}


/**
 * Load for LOAD_SECONDS: autocannon (10 connections) over a few console endpoints, and 20 sandbox users
 * at a time sending locations through the built-in Telegram simulator; resident memory sampled each second.
 */
async function underLoad(child: Child): Promise<LoadRun> {
  const { token } = await requestJson<{ token: string }>(child.url, 'POST', '/api/auth/login', undefined, { identifier: ADMIN.username, password: ADMIN.password });
  // Demo users would soon reach their daily limit and get the short refusal instead of a lookup.
  const settings = await requestJson<Record<string, unknown>>(child.url, 'GET', '/api/system-settings', token);
  const { updatedAt: _updatedAt, ...current } = settings;
  await requestJson(child.url, 'PUT', '/api/system-settings', token, { ...current, dailyLimit: 10_000 });
  const groups = await requestJson<{ members: { userId: number; status: string }[]; botStatus: string }[]>(child.url, 'GET', '/api/bot-sandbox/groups', token);
  const members = [
    ...new Set(groups.filter((group) => group.botStatus === 'administrator').flatMap((group) => group.members.filter((member) => member.status === 'member').map((member) => member.userId))),
  ];
  if (members.length === 0) throw new Error('no sandbox group members to send locations as: is DEMO_DATA on?');

  const pid = child.process.pid!;
  const samples: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      samples.push((await residentMemory(pid)).rssMb);
      await sleep(1000);
    }
  })();
  let locationUpdates = 0;
  let locationErrors = 0;
  let firstError: string | undefined;
  const sender = async (worker: number) => {
    for (let index = worker; running; index += 20) {
      const body = { userId: members[index % members.length]!, location: DEMO_PLACES[index % DEMO_PLACES.length]! };
      await requestJson(child.url, 'POST', '/api/bot-sandbox/messages', token, body).then(
        () => (locationUpdates += 1),
        (error: unknown) => {
          locationErrors += 1;
          firstError ??= String(error);
        },
      );
    }
  };
  const senders = Array.from({ length: 20 }, (_, worker) => sender(worker));
  const result = await autocannon({
    url: child.url,
    connections: 10,
    duration: LOAD_SECONDS,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      { method: 'GET', path: '/api/health' },
      { method: 'GET', path: '/api/medical-contacts?page=1&pageSize=25' },
      { method: 'GET', path: '/api/bot-logs?limit=50' },
      { method: 'GET', path: '/api/telegram-users?page=1&pageSize=25' },
      { method: 'GET', path: '/api/real-time-notifications' },
    ],
  });
  running = false;
  await Promise.all([...senders, sampler]);
  const load: LoadRun = {
    seconds: LOAD_SECONDS,
    apiRequests: result.requests.total,
    apiErrors: result.non2xx + result.errors + result.timeouts,
    apiLatencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    locationUpdates,
    locationErrors,
    firstError,
    rssMb: { max: Math.max(...samples), last: samples.at(-1)! },
    peakMb: (await residentMemory(pid)).peakMb,
  };
  console.log(
    `  under load: ${load.apiRequests} API requests (${load.apiErrors} errors, p99 ${load.apiLatencyMs.p99} ms), ` +
      `${locationUpdates} location updates (${locationErrors} errors${firstError ? `, first: ${firstError}` : ''}); RSS up to ${load.rssMb.max} MB`,
  );
  return load;
}

/** The first start on an empty database, RESTARTS restarts on it, and load during the last one. */
async function measureDatabase(label: string, env: NodeJS.ProcessEnv): Promise<DatabaseRuns> {
  console.log(`${label}: first start`);
  const first = await startOnce(env);
  await stop(first.child);
  const restarts: StartRun[] = [];
  let load: LoadRun | undefined;
  for (let index = 0; index < RESTARTS; index++) {
    console.log(`${label}: restart ${index + 1} of ${RESTARTS}`);
    const { child, run } = await startOnce(env);
    restarts.push(run);
    try {
      if (index === RESTARTS - 1) load = await underLoad(child);
    } finally {
      await stop(child);
    }
  }
  return { label, first: first.run, restarts, load: load! };
}

/** The benchmark's environment without what would configure the product under test otherwise than its own settings say. */
export function productEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'BOT_TOKEN', 'TELEGRAM_API_ROOT', 'JWT_SECRET', 'NODE_OPTIONS', 'NODE_V8_COVERAGE', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'DEMO_DATA', 'LOG_LEVEL']) delete env[name];
  return env;
}

function baseEnv(): NodeJS.ProcessEnv {
  return {
    ...productEnv(),
    DEMO_DATA: 'on',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
}

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const p50 = (values: number[]) => percentiles(values).p50;

function figuresOf(runs: DatabaseRuns, short: string): Figure[] {
  const restartReady = runs.restarts.map((run) => run.readyMs);
  const restartRest = runs.restarts.map((run) => run.atRest.rssMb);
  const restartDetail = `n = ${runs.restarts.length}; ${restartReady.map((ms) => seconds(ms)).join(', ')} s; listening line at p50 ${seconds(p50(runs.restarts.map((run) => run.listeningMs ?? 0)))} s`;
  return [
    {
      metric: `First start to ready, ${short} (migrations, gazetteer, demo data)`,
      value: seconds(runs.first.readyMs),
      unit: 's',
      detail: `n = 1; load average ${runs.first.loadAverage}; gazetteer load ${runs.first.gazetteerMs === undefined ? 'not reported' : `${seconds(runs.first.gazetteerMs)} s`}`,
    },
    ...(runs.first.gazetteerMs === undefined ? [] : [{ metric: `Gazetteer load on first start, ${short}`, value: seconds(runs.first.gazetteerMs), unit: 's', detail: 'n = 1' }]),
    {
      metric: `Start-up to ready, ${short}, existing database (p50)`,
      value: seconds(p50(restartReady)),
      unit: 's',
      ...(short === 'embedded' && { target: { op: '<' as const, value: TARGETS.restartSeconds } }),
      detail: `${restartDetail}; one-minute load average ${runs.restarts.map((run) => run.loadAverage).join(', ')} on ${os.cpus().length} cores`,
    },
    {
      metric: `Resident memory at rest after first start, ${short}`,
      value: runs.first.atRest.rssMb,
      unit: 'MB',
      detail: `n = 1; ${SETTLE_SECONDS} s after ready; peak during start ${runs.first.atRest.peakMb} MB`,
    },
    {
      metric: `Resident memory at rest, ${short} (p50 of restarts)`,
      value: p50(restartRest),
      unit: 'MB',
      ...(short === 'external PostgreSQL' && { target: { op: '<' as const, value: TARGETS.externalRestMb } }),
      detail: `n = ${restartRest.length}; ${restartRest.join(', ')} MB ${SETTLE_SECONDS} s after ready`,
    },
    {
      metric: `Resident memory under load, ${short} (max)`,
      value: runs.load.rssMb.max,
      unit: 'MB',
      detail:
        `${runs.load.seconds} s: ${runs.load.apiRequests} API requests from 10 connections (${runs.load.apiErrors} errors, p99 ${runs.load.apiLatencyMs.p99} ms) ` +
        `and ${runs.load.locationUpdates} location updates (${runs.load.locationErrors} errors); peak ${runs.load.peakMb} MB`,
    },
  ];
}

/**
 * Builds the console and the server (`npm run build`) unless BENCH_SKIP_BUILD. Before anything is
 * served: a build replaces the console's files under a running product.
 */
export function buildProduct(): void {
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/** Start-up and memory figures of the built server (see buildProduct) on both databases. */
export async function measureStartup(): Promise<BenchSection> {

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-startup-'));
  let embedded: DatabaseRuns;
  try {
    embedded = await measureDatabase('embedded', { ...baseEnv(), DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const server = await createServerDatabase(SERVER_URL);
  // Backups go to DATA_DIR/backups, also with an external database.
  const externalDataDir = await mkdtemp(path.join(tmpdir(), 'bench-startup-external-'));
  let external: DatabaseRuns;
  try {
    external = await measureDatabase('external PostgreSQL', { ...baseEnv(), DATABASE_URL: server.url, DATA_DIR: externalDataDir });
  } finally {
    await server.drop();
    await rm(externalDataDir, { recursive: true, force: true });
  }

  return {
    title: 'Start-up and memory',
    figures: [...figuresOf(embedded, 'embedded'), ...figuresOf(external, 'external PostgreSQL')],
    raw: { settings: { restarts: RESTARTS, settleSeconds: SETTLE_SECONDS, loadSeconds: LOAD_SECONDS }, embedded, external },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildProduct();
  const section = await measureStartup();
  for (const figure of section.figures) {
    const target = figure.target ? ` (target ${figure.target.op} ${figure.target.value} ${figure.unit})` : '';
    console.log(`${figure.metric}: ${figure.value} ${figure.unit}${target}${figure.detail ? ` — ${figure.detail}` : ''}`);
  }
  await writeResults('startup', section);
}
