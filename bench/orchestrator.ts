/**
 * `npm run bench`: a fresh benchmark database, the data set generated into it, the
 * product started over it (listening on a free port, with the built-in Telegram simulator), each
 * section measured against it, and the figures written to results.json and BENCHMARKS.md.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { seedDefaultTemplates } from '../bot/replies/default-templates.js';
import type { CityRow } from '../sql/cities.js';
import { runMigrations } from '../sql/migrate.js';
import { updateSystemSettings } from '../sql/settings.js';
import { loadConfig } from '../scripts/config.js';
import { loadGazetteerOnce } from '../scripts/load-gazetteer.js';
import { startProduct } from '../scripts/product.js';
import { measureApi } from './api.js';
import { measureBackup } from './backup.js';
import { measureBot } from './bot.js';
import { measureBroadcast } from './broadcast.js';
import { measureConsole } from './console.js';
import { measureContactImport } from './contact-import.js';
import { measureMiniApp } from './mini-app.js';
import { scaled, type BenchContext } from './context.js';
import { datasetSizes, generateDataset } from './dataset.js';
import { measureIngest } from './ingest.js';
import { measureScale } from './scale.js';
import { measureStartup } from './startup.js';
import type { BenchSection } from './report.js';
import { resultPaths, writeResultFiles, type BenchResults } from './results-file.js';
import { BENCH_FLOOD_CONTROL, openBenchDatabase } from './support.js';

/**
 * The sections in the order they run; BENCH_ONLY picks some by key. The bot runs last: updates
 * still queued when its time is up would otherwise slow the sections after it.
 */
export const SECTIONS: { key: string; measure: (context: BenchContext) => Promise<BenchSection> }[] = [
  // Separate server processes of their own, measured while the benchmark's product is still idle.
  { key: 'startup', measure: () => measureStartup() },
  // A product of its own on a data folder with the demo data: the benchmark's product keeps its database in memory.
  { key: 'backup', measure: () => measureBackup() },
  { key: 'api', measure: measureApi },
  { key: 'ingest', measure: measureIngest },
  { key: 'broadcast', measure: measureBroadcast },
  { key: 'console', measure: (context) => measureConsole({ baseUrl: context.product.url, ...context.staff }, { loads: scaled(context, 20, 1) }) },
  { key: 'mini-app', measure: (context) => measureMiniApp(context.product.url, { loads: scaled(context, 20, 1) }) },
  // Product instances of its own on the benchmark database (an external one), and a bulk edit that moves the directory's version.
  { key: 'scale', measure: measureScale },
  // A product of its own on the benchmark database when it is external, so that its memory is its alone.
  { key: 'import', measure: measureContactImport },
  { key: 'bot', measure: measureBot },
];

export interface BenchOptions {
  /** A PostgreSQL server to create the benchmark database on; embedded PGlite in memory when absent. */
  databaseUrl?: string;
  /** Multiplies every size of the data set (1: the sizes). */
  scale: number;
  /** The data set's contacts, whatever the scale (BENCH_CONTACTS); the scale's share when absent. */
  contacts?: number;
  /** Section keys to run; all when absent. */
  only?: string[];
  /** Where results.json and BENCHMARKS.md go; bench/ and the repository root when absent. */
  outputDir?: string;
  /** Seconds each timed load runs. */
  loadSeconds: number;
  /** The command that reproduces the run, for the report. */
  command: string;
  /** The framework ceiling's product bot: the build (the default, what `npm start` runs) or the sources (the smoke test, unbuilt). */
  botFrom?: 'build' | 'sources';
  /** Loads only these gazetteer cities (the smoke test loads a small part, fast). */
  gazetteerFilter?: (city: CityRow) => boolean;
}

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const unknown = options.only?.filter((key) => !SECTIONS.some((section) => section.key === key)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: no section ${unknown.join(', ')}; the sections are ${SECTIONS.map((section) => section.key).join(', ')}`);
  const started = performance.now();
  const database = await openBenchDatabase(options.databaseUrl);
  const { sql } = database;
  console.log(`database: ${database.label}, scale ${options.scale}`);
  try {
    await runMigrations(sql);
    await seedDefaultTemplates(sql);
    const gazetteerMs = await loadGazetteerOnce(sql, options.gazetteerFilter);
    console.log(`gazetteer loaded in ${gazetteerMs} ms`);
    console.log('generating the data set…');
    const dataset = await generateDataset(sql, datasetSizes(options.scale, options.contacts), new Date());
    // A year of logs is kept: the daily retention job must not trim the data set.
    await updateSystemSettings(sql, { logRetentionDays: 400 });

    const staff = { username: 'bench.admin', password: randomBytes(12).toString('hex') };
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
    const product = await startProduct({
      ...config,
      dataDir: null,
      database,
      consoleDir: path.resolve('console/dist'),
      initialAdmin: staff,
      loginRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
      floodControl: BENCH_FLOOD_CONTROL,
    });
    console.log(`product listening at ${product.url}`);
    const context: BenchContext = { sql, databaseUrl: database.url, product, staff, dataset, scale: options.scale, loadSeconds: options.loadSeconds, botFrom: options.botFrom ?? 'build' };
    const sections: BenchResults['sections'] = [];
    try {
      for (const section of SECTIONS.filter(({ key }) => !options.only || options.only.includes(key))) {
        console.log(`${section.key}…`);
        sections.push({ key: section.key, ...(await section.measure(context)) });
      }
    } finally {
      await product.stop();
    }

    const [version] = await sql<{ serverVersion: string }[]>`SHOW server_version`;
    const results: BenchResults = {
      date: new Date().toISOString(),
      command: options.command,
      scale: options.scale,
      seconds: Math.round((performance.now() - started) / 1000),
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        postgres: version!.serverVersion,
        database: database.label.replace(/\/bench_[0-9a-f]+$/, ''),
        loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10),
      },
      dataset: { sizes: dataset.sizes, countries: dataset.countries, generation: dataset.generation },
      sections,
    };
    await writeResultFiles(results, resultPaths(options.outputDir));
    return results;
  } finally {
    await database.close();
  }
}
