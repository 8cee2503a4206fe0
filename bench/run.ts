/**
 * `npm run bench`: generates the benchmark data set, runs the product over it, measures, and writes
 * bench/results.json and BENCHMARKS.md.
 *
 *   npm run bench                                                    # a fresh embedded PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # a fresh database there, dropped after
 *
 * Environment: BENCH_SCALE (1; 0.01 for a quick run), BENCH_CONTACTS (the data set's contacts whatever the scale;
 * 100,000 at scale 1: `BENCH_CONTACTS=1000000 BENCH_ONLY=scale` on external PostgreSQL measures a country-sized directory,
 * bench/scale.ts; the CSV import and export of as many rows, bench/contact-import.ts), BENCH_ONLY (e.g. bot,api,scale,import), BENCH_LOAD_SECONDS (3),
 * BENCH_OUTPUT_DIR (where results.json and BENCHMARKS.md go), BENCH_KEEP=1 (keep the server database),
 * BENCH_SKIP_BUILD=1 (use the console and server already built).
 */
import { runBench } from './orchestrator.js';
import { buildProduct } from './startup.js';

function positive(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${text}"`);
  return value;
}

/** The command line that reproduces this run, without any password in the database URL. */
function reproduceCommand(): string {
  const names = ['BENCH_DATABASE_URL', 'BENCH_SCALE', 'BENCH_CONTACTS', 'BENCH_ONLY', 'BENCH_LOAD_SECONDS'];
  const settings = names.flatMap((name) => {
    const value = process.env[name];
    return value ? [`${name}=${value.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:…@')}`] : [];
  });
  return [...settings, 'npm run bench'].join(' ');
}

try {
  // The start-up section runs the built server, and the console section the built console.
  buildProduct();
  await runBench({
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    scale: positive('BENCH_SCALE', 1),
    contacts: process.env.BENCH_CONTACTS ? Math.round(positive('BENCH_CONTACTS', 1)) : undefined,
    only: process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((key) => key.trim()).filter(Boolean) : undefined,
    outputDir: process.env.BENCH_OUTPUT_DIR || undefined,
    loadSeconds: positive('BENCH_LOAD_SECONDS', 3),
    command: reproduceCommand(),
  });
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
