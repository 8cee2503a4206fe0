import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../sql/database.js';

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
