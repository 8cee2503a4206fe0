/**
 * The API under concurrent load: real HTTP against the running product with autocannon,
 * 20 connections for a few seconds per case (in a worker thread, so that the load generator does
 * not share the event loop of the product it measures): sign-in (argon2 included), the first page and a
 * filtered page of the large lists, the incremental log poll, every analytics endpoint for each
 * window it supports, the Mini App's search, and health. Each case's first (cold) request is timed on
 * its own before the load, since analytics answers are cached.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type autocannon from 'autocannon';
import { sign } from '@tma.js/init-data-node';
import { ANALYTICS_PERIODS } from '../api/contract/analytics.js';
import { countryName } from '../api/contract/countries.js';
import { DASHBOARD_PERIODS } from '../api/contract/dashboard.js';
import type { BenchSection, Figure } from './report.js';
import type { BenchContext } from './context.js';
import type { Sql } from '../sql/database.js';
import { percentiles, requestJson } from './support.js';

export const CONNECTIONS = 20;
const LIST_P95_MS = 100;
/** The Mini App's search (docs/specification.md, "Mini App"): the bot's answer, from memory, signed in by Telegram's launch data. */
const MINI_APP_NEAREST_P95_MS = 50;
/** The Mini App user of the load: whitelisted, so that the day's limit never refuses it. */
const MINI_APP_USER = { id: 999_000_001, first_name: 'Bench', language_code: 'en' };
const SIGN_IN_P95_MS = 150;

export interface LoadCase {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** The p95 budget in ms; none for health. */
  budgetMs?: number;
  connections?: number;
  /** A number of requests instead of the load's length: sign-ins are few a second, and a short load may end before one answers. */
  requests?: number;
  /** Headers of its own instead of the staff's bearer token (the Mini App's launch data). */
  headers?: Record<string, string>;
}

export interface LoadFigures {
  path: string;
  connections: number;
  coldMs: number;
  ms: ReturnType<typeof percentiles>;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

export async function measureApi(context: BenchContext): Promise<BenchSection> {
  const baseUrl = context.product.url;
  const login = JSON.stringify({ identifier: context.staff.username, password: context.staff.password });
  const headers = await staffHeaders(baseUrl, context.staff);
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const { newestId } = await get<{ newestId: number }>('/api/bot-logs?limit=1');
  const busiest = await busiestCountry(context.sql);
  // Requests name their country as the gazetteer does, in English; contacts by its code.
  const requestCountry = encodeURIComponent(busiest ? countryName(busiest) : '');
  const list = LIST_P95_MS;
  // The Mini App user: whitelisted (no daily limit) and signed in with launch data signed by the product's bot token, as Telegram signs it.
  await context.sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${MINI_APP_USER.id}, ${MINI_APP_USER.first_name}, 'benchmark') ON CONFLICT DO NOTHING`;
  const miniAppHeaders = { authorization: `tma ${sign({ user: MINI_APP_USER, query_id: 'bench' }, context.product.bot.miniApp.token, new Date())}` };
  const town = context.dataset.towns[0]!;
  const cases: LoadCase[] = [
    // argon2 costs ~20 ms of a core per sign-in: the budget holds at one sign-in per core at a time;
    // 20 at once queue behind each other and are reported without one.
    { name: 'Sign-in, one per core at a time', path: '/api/auth/login', method: 'POST', body: login, budgetMs: SIGN_IN_P95_MS, connections: availableParallelism(), requests: Math.max(10, Math.round(context.loadSeconds * 20)) },
    { name: 'Sign-in, 20 at a time', path: '/api/auth/login', method: 'POST', body: login, requests: Math.max(2 * CONNECTIONS, Math.round(context.loadSeconds * 30)) },
    ...(await contactListCases(context.sql)),
    { name: 'Bot logs, first page', path: '/api/bot-logs', budgetMs: list },
    { name: 'Bot logs, level and text filter', path: '/api/bot-logs?level=ERROR&search=timeout', budgetMs: list },
    { name: 'Bot logs, incremental poll', path: `/api/bot-logs?after=${newestId}`, budgetMs: list },
    { name: 'Bot users, first page', path: '/api/telegram-users', budgetMs: list },
    { name: 'Bot users, name search', path: '/api/telegram-users?search=sophie&status=active', budgetMs: list },
    ...ANALYTICS_PERIODS.flatMap((period) => [
      { name: `Analytics overview ${period}`, path: `/api/analytics/overview?period=${period}`, budgetMs: list },
      { name: `Location requests ${period}`, path: `/api/analytics/location-requests?period=${period}`, budgetMs: list },
      { name: `Geographic ${period}`, path: `/api/geographic-analytics?period=${period}`, budgetMs: list },
      { name: `Geographic, one country ${period}`, path: `/api/geographic-analytics?period=${period}&country=${requestCountry}`, budgetMs: list },
      { name: `Geographic heatmap ${period}`, path: `/api/geographic-heatmap?period=${period}`, budgetMs: list },
      { name: `Performance metrics ${period}`, path: `/api/performance-metrics?period=${period}`, budgetMs: list },
      { name: `Contact analytics ${period}`, path: `/api/contact-analytics?period=${period}`, budgetMs: list },
    ]),
    ...DASHBOARD_PERIODS.map((period) => ({ name: `Dashboard bot-stats ${period}`, path: `/api/bot-stats?period=${period}`, budgetMs: list })),
    { name: 'Mini App nearest', path: `/api/mini-app/nearest?latitude=${town.latitude}&longitude=${town.longitude}`, headers: miniAppHeaders, budgetMs: MINI_APP_NEAREST_P95_MS },
    { name: 'Mini App nearest, open now', path: `/api/mini-app/nearest?latitude=${town.latitude}&longitude=${town.longitude}&openNow=true&offset=5`, headers: miniAppHeaders, budgetMs: MINI_APP_NEAREST_P95_MS },
    { name: 'Health', path: '/api/health' },
  ];

  const raw: Record<string, LoadFigures> = {};
  const figures: Figure[] = [];
  for (const loadCase of cases) {
    const measured = await load(baseUrl, loadCase.headers ?? headers, loadCase, context.loadSeconds);
    raw[loadCase.name] = measured;
    const { ms } = measured;
    figures.push({
      metric: `${loadCase.name} p95`,
      value: ms.p95,
      unit: 'ms',
      ...(loadCase.budgetMs !== undefined && { target: { op: '<' as const, value: loadCase.budgetMs } }),
      detail:
        `n = ${ms.n.toLocaleString('en')}, ${measured.connections} conn.; p50 ${ms.p50}, p99 ${ms.p99}; cold ${measured.coldMs} ms` +
        (measured.non2xx + measured.errors > 0 ? `; ${measured.non2xx} non-2xx, ${measured.errors} errors` : ''),
    });
    console.log(`  ${loadCase.name.padEnd(42)} p50 ${ms.p50} ms  p95 ${ms.p95} ms  p99 ${ms.p99} ms  (n ${ms.n}, cold ${measured.coldMs} ms)`);
  }
  return { title: `API under load (HTTP, ${CONNECTIONS} connections)`, figures, raw: { baseUrl, loadSeconds: context.loadSeconds, cases: raw } };
}

async function busiestCountry(sql: Sql): Promise<string | undefined> {
  const [busiest] = await sql<{ country: string }[]>`SELECT country FROM medical_contacts GROUP BY country ORDER BY count(*) DESC, country LIMIT 1`;
  return busiest?.country;
}

/** The console's contact list: its first page, the country with the most contacts, and a text search. */
export async function contactListCases(sql: Sql): Promise<LoadCase[]> {
  const country = encodeURIComponent((await busiestCountry(sql)) ?? '');
  return [
    { name: 'Contacts, first page', path: '/api/medical-contacts', budgetMs: LIST_P95_MS },
    { name: 'Contacts, one country', path: `/api/medical-contacts?country=${country}`, budgetMs: LIST_P95_MS },
    { name: 'Contacts, text search', path: '/api/medical-contacts?search=cardio', budgetMs: LIST_P95_MS },
  ];
}

/** A staff member's bearer token, signed in once. */
export async function staffToken(baseUrl: string, staff: BenchContext['staff']): Promise<string> {
  const { token } = await requestJson<{ token: string }>(baseUrl, 'POST', '/api/auth/login', undefined, { identifier: staff.username, password: staff.password });
  return token;
}

/** The headers of a staff member's requests, signed in once. */
export async function staffHeaders(baseUrl: string, staff: BenchContext['staff']): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await staffToken(baseUrl, staff)}`, 'content-type': 'application/json' };
}

/** One cold request, then `seconds` of load; latency of every response, in ms. */
export async function load(baseUrl: string, headers: Record<string, string>, loadCase: LoadCase, seconds: number): Promise<LoadFigures> {
  const method = loadCase.method ?? 'GET';
  const before = performance.now();
  const cold = await fetch(`${baseUrl}${loadCase.path}`, { method, headers, body: loadCase.body });
  await cold.arrayBuffer();
  const coldMs = Math.round((performance.now() - before) * 10) / 10;
  if (!cold.ok) throw new Error(`${method} ${loadCase.path}: ${cold.status}`);
  const connections = loadCase.connections ?? CONNECTIONS;
  const options: autocannon.Options = {
    url: `${baseUrl}${loadCase.path}`,
    method,
    headers,
    body: loadCase.body,
    connections,
    ...(loadCase.requests ? { amount: loadCase.requests } : { duration: seconds }),
  };
  let outcome = await runLoad(options);
  // A response slower than the whole window (a loaded machine, a short BENCH_LOAD_SECONDS) leaves no
  // latency to report: then each connection's one request is waited for instead.
  if (outcome.latencies.length === 0 && !loadCase.requests) outcome = await runLoad({ ...options, duration: undefined, amount: connections });
  const { latencies, ...counts } = outcome;
  return { path: loadCase.path, connections, coldMs, ms: percentiles(latencies), ...counts };
}

interface LoadOutcome {
  /** Every response's latency in ms: autocannon's own summary has no p95. */
  latencies: number[];
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

/** autocannon in a worker thread; plain JavaScript, as a worker does not get the TypeScript loader. */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require('autocannon');
const latencies = [];
const instance = autocannon(workerData, (error, result) => {
  if (error) throw error;
  parentPort.postMessage({ latencies, requestsPerSecond: Math.round(result.requests.average), non2xx: result.non2xx, errors: result.errors });
});
instance.on('response', (client, status, bytes, ms) => latencies.push(ms));
`;

function runLoad(options: autocannon.Options): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: options });
    worker.once('message', (outcome: LoadOutcome) => {
      resolve(outcome);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
