import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../api/app.js';
import { hashPassword } from '../api/auth/passwords.js';
import type { Role } from '../api/contract/roles.js';
import { insertAdminUser } from '../sql/admin-users.js';
import { openDatabase, type Database, type Sql } from '../sql/database.js';

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

/** A one-line progress bar, redrawn in place. */
export function progress(label: string, done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')}`);
  if (done === total) process.stdout.write('\n');
}

/**
 * A fresh database for a benchmark: embedded PGlite in memory, or a new database on the server
 * named by BENCH_DATABASE_URL, dropped on close (kept with BENCH_KEEP).
 */
export async function openBenchDatabase(): Promise<Database & { label: string }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { ...(await openDatabase({ dataDir: null })), label: 'embedded PGlite (in memory)' };
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 10 });
  return {
    ...database,
    label: `PostgreSQL at ${url.host}/${name}`,
    async close() {
      await database.close();
      if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
      else await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface EndpointFigures {
  url: string;
  /** The response's `total`, when it has one. */
  total: number | undefined;
  sequential: ReturnType<typeof percentiles>;
  concurrent: ReturnType<typeof percentiles>;
}

/** A staff account of the role, signed in through the app; returns its bearer token. */
export async function benchToken(app: FastifyInstance, sql: Sql, role: Role = 'viewer'): Promise<string> {
  const password = randomBytes(12).toString('hex');
  const username = `bench-${role}-${randomBytes(3).toString('hex')}`;
  await insertAdminUser(sql, { username, email: null, passwordHash: await hashPassword(password), firstName: null, role, department: null, isActive: true });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: username, password } });
  return (login.json() as { token: string }).token;
}

/**
 * GET latency of each named URL through app.inject: 20 warm-up requests, then `requests` one at a
 * time and `requests` from `concurrency` clients at once. Prints a line per case as it goes.
 */
export async function measureEndpoints(
  app: FastifyInstance,
  token: string,
  cases: Record<string, string>,
  { requests, concurrency }: { requests: number; concurrency: number },
): Promise<Record<string, EndpointFigures>> {
  const request = async (url: string) => {
    const before = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return performance.now() - before;
  };
  const results: Record<string, EndpointFigures> = {};
  for (const [name, url] of Object.entries(cases)) {
    for (let index = 0; index < 20; index++) await request(url);
    const sequential: number[] = [];
    for (let index = 0; index < requests; index++) sequential.push(await request(url));
    const concurrent: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < requests) concurrent.push(await request(url));
      }),
    );
    const body = (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json() as { total?: number };
    const figures: EndpointFigures = { url, total: body.total, sequential: percentiles(sequential), concurrent: percentiles(concurrent) };
    results[name] = figures;
    const { sequential: s, concurrent: c } = figures;
    console.log(`${name.padEnd(13)} ${url}${body.total === undefined ? '' : `  (${body.total.toLocaleString('en')} match)`}`);
    console.log(`  one at a time: p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms; ${concurrency} concurrent: p50 ${c.p50} ms, p95 ${c.p95} ms, p99 ${c.p99} ms`);
  }
  return results;
}

/** Writes a benchmark's figures to bench/results/<name>.json and says where. */
export async function writeResults(name: string, output: unknown): Promise<void> {
  const file = path.resolve(`bench/results/${name}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

/** The API over the benchmark database, as the product builds it, with a throwaway signing key. */
export function buildBenchApp(sql: Sql): Promise<FastifyInstance> {
  return buildApp({ sql, config: { jwtSecret: randomBytes(32).toString('hex'), loginRateLimit: { max: 1000, timeWindowMs: 60_000 } } });
}
