import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { DEFAULT_TEMPLATES } from '../bot/replies/default-templates.js';
import { openDatabase, type Database, type Sql } from '../sql/database.js';

/** The product's answer to a location with contacts opens with this template's text, before the place. */
export const ANSWER_WITH_CONTACTS = DEFAULT_TEMPLATES.location_result.content.split('{')[0]!;

/**
 * The benchmark's senders write many times faster than people, and measure the bot's throughput: flood
 * control (still run for each update) gives them room, as the login rate limit does staff.
 */
export const BENCH_FLOOD_CONTROL = { burst: 1_000_000 };

/** Points near the demo data's contacts, for the location updates the soak and start-up loads send. */
export const DEMO_PLACES = [
  { latitude: 51.5072, longitude: -0.1276 },
  { latitude: 48.8566, longitude: 2.3522 },
  { latitude: 52.52, longitude: 13.405 },
  { latitude: 50.4501, longitude: 30.5234 },
  { latitude: 40.7128, longitude: -74.006 },
] as const;

/** p50/p95/p99/max/mean of latency samples, in the samples' unit, to a thousandth. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    n: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.at(-1)!),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

/** A one-line progress bar on stderr, redrawn in place (stdout keeps the figures). */
export function progress(label: string, done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')}`);
  if (done === total) process.stderr.write('\n');
}

/**
 * A fresh database for a benchmark: embedded PGlite in memory, or a new database on the server
 * at `serverUrl` (its URL in `url`, for processes of their own), dropped on close (kept with BENCH_KEEP).
 */
export async function openBenchDatabase(serverUrl: string | undefined): Promise<Database & { label: string; url?: string }> {
  if (!serverUrl) return { ...(await openDatabase({ dataDir: null })), label: 'embedded PGlite (in memory)' };
  const server = await createServerDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: server.url, maxConnections: 10 });
  return {
    ...database,
    label: server.label,
    url: server.url,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

/** A new, empty database on the server at serverUrl, for a benchmark; drop() removes it (kept with BENCH_KEEP). */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; label: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL at ${url.host}/${name}`,
    async drop() {
      if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
      else await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Writes a benchmark's figures to bench/results/<name>.json and says where. */
export async function writeResults(name: string, output: unknown): Promise<void> {
  const file = path.resolve(`bench/results/${name}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

/** A JSON call to a running product's API (as a signed-in staff member when given a token); throws on a non-2xx. */
export async function requestJson<T>(baseUrl: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Benchmark senders in the steady state: members of one authorized group with a daily limit nobody
 * reaches, checked against every other group within the day and in none, so no getChatMember is on the path.
 */
export async function addSteadyGroupMembers(sql: Sql, group: { id: number; name: string }, senders: number[]): Promise<void> {
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${group.id}, ${group.name}, 1000000)`;
  await sql`
    INSERT INTO user_memberships (telegram_id, group_id, membership_status, joined_at, last_verified, is_active)
    SELECT id, ${group.id}, 'member', now(), now(), true FROM unnest(${senders}::bigint[]) AS id`;
  await sql`
    INSERT INTO user_memberships (telegram_id, group_id, membership_status, last_verified, is_active)
    SELECT s.telegram_id, g.group_id, 'left', now(), false
    FROM unnest(${senders}::bigint[]) AS s(telegram_id) CROSS JOIN authorized_groups g
    WHERE g.group_id <> ${group.id}`;
}
