import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { runBench, SECTIONS } from '../../bench/orchestrator.js';
import type { BenchSection } from '../../bench/report.js';
import { HAND_WRITTEN_MARKER, resultPaths, writeResultFiles, type BenchResults } from '../../bench/results-file.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';

// The whole of `npm run bench` at a tiny scale: the data set, the product, every section (the scale section's
// product instances from the sources, on TEST_DATABASE_URL), both files.
// Timings are never asserted; only that every figure is there, with a number.
// The run's own report goes to the test's comments, out of the TAP stream.
const log = console.log;
console.log = (...parts: unknown[]) => t.comment(parts.join(' '));
t.teardown(() => void (console.log = log));
const MEASURED = SECTIONS.map((section) => section.key).filter((key) => key !== 'console' && key !== 'startup');
const outputDir = await mkdtemp(path.join(os.tmpdir(), 'bench-'));
t.teardown(() => rm(outputDir, { recursive: true, force: true }));

const results = await runBench({
  databaseUrl: process.env.TEST_DATABASE_URL,
  scale: 0.001,
  loadSeconds: 0.1,
  outputDir,
  command: 'BENCH_SCALE=0.001 npm run bench',
  gazetteerFilter: LARGE_CITIES,
  // Tests run unbuilt: the ceiling takes the bot from its sources.
  botFrom: 'sources',
  // The console and start-up sections have tests of their own (test/e2e/console-budget, test/scripts/startup).
  only: MEASURED,
});
const paths = resultPaths(outputDir);
const written = JSON.parse(await readFile(paths.json, 'utf8')) as BenchResults & { sections: (BenchSection & { key: string; figures: { ok?: boolean }[] })[] };
const markdown = await readFile(paths.markdown, 'utf8');

t.test('the data set has the scaled sizes, rolled up', async (t) => {
  const { sizes, generation } = written.dataset;
  t.same(sizes, { contacts: 200, botUsers: 200, logs: 3000, groups: 5, broadcasts: 2, recipientsPerBroadcast: 20, contactsShownPerDay: 10 });
  t.equal(generation.medical_contacts?.rows, 200);
  t.equal(generation.telegram_users?.rows, 200);
  t.equal(generation.bot_logs?.rows, 3000);
  t.equal(generation['log roll-ups (first run)']?.rows, 3000);
  t.equal(generation['broadcasts + broadcast_recipients']?.rows, 2 + 2 * 20);
  t.ok(written.dataset.countries > 1, 'contacts in many countries');
});

t.test('results.json has every section, each figure with a number, its ok beside its budget', async (t) => {
  t.same(
    written.sections.map((section) => section.key),
    MEASURED,
  );
  t.same(written.sections.map((section) => section.title), results.sections.map((section) => section.title));
  for (const section of written.sections) {
    t.ok(section.figures.length > 0, `${section.key} has figures`);
    t.ok(section.raw, `${section.key} has its raw measurements`);
    for (const figure of section.figures) {
      t.ok(Number.isFinite(figure.value), `${section.key}: ${figure.metric} is a number`);
      t.equal(typeof figure.ok, figure.target ? 'boolean' : 'undefined', `${section.key}: ${figure.metric} ok`);
    }
  }
  const metrics = written.sections.flatMap((section) => section.figures.map((figure) => figure.metric));
  for (const metric of [
    'Lookup latency p99 (in process, from memory)',
    'Answered location updates end to end',
    'Framework ceiling: ours / bare',
    'Framework ceiling: ours / bare with the same answer',
    'Sign-in, one per core at a time p95',
    'Sign-in, 20 at a time p95',
    'Contacts, first page p95',
    'Bot logs, incremental poll p95',
    'Bot users, name search p95',
    'Analytics overview 1y p95',
    'Contact analytics 24h p95',
    'Dashboard bot-stats 30d p95',
    'Health p95',
    'Log rows written through the bot recorder',
    'Delivery rate, simulator limited to 30/s',
    'Delivery rate, no limit',
    'Heap for the bot\'s directory per findable contact, 200 contacts',
    'Lookup latency p99 (in process, from memory), 200 contacts',
    'Contacts, one country p95, 200 contacts',
    'Start to the first answered location, 200 contacts',
    'Resident memory at rest, 200 contacts',
    'Answer p99 during a bulk edit of 1,000 contacts / before it',
    'CPU time per answered update',
  ]) {
    t.ok(metrics.includes(metric), metric);
  }
  t.equal(written.machine.cores, os.cpus().length);
  t.match(written.machine.postgres, /^\d+/);
});

t.test('the framework ceiling: every bot answered every update of every sample, the product without errors', async (t) => {
  interface Sample { progress: { queued: number; answered: number; unexpected: number } }
  const bot = written.sections.find((section) => section.key === 'bot');
  const ceiling = (bot?.raw as { ceiling?: { bareSamples: Sample[]; bareAnswerSamples: Sample[]; productSamples: Sample[]; checks: { botErrors: number; logRows: number; expectedRows: number } } }).ceiling;
  if (!ceiling) return t.fail('the bot section has the ceiling\'s raw measurements');
  t.equal(ceiling.bareAnswerSamples.length, ceiling.productSamples.length, 'the bare bot with the product\'s answer measured as often');
  for (const { progress } of [...ceiling.bareSamples, ...ceiling.bareAnswerSamples, ...ceiling.productSamples]) {
    t.ok(progress.queued > 0 && progress.answered === progress.queued && progress.unexpected === 0, 'every update answered, once');
  }
  t.equal(ceiling.checks.botErrors, 0);
  t.equal(ceiling.checks.logRows, ceiling.checks.expectedRows, 'a log row per update');
});

t.test('the directory at scale: two product instances answered every update, and each showed the bulk edit in its next answer', async (t) => {
  interface Progress { queued: number; answered: number; unexpected: number }
  const scale = written.sections.find((section) => section.key === 'scale');
  t.equal(scale?.title, 'Directory at scale (200 contacts)');
  const instances = (scale?.raw as { instances?: { instances: unknown[]; edit: { loads: Progress[]; recordsAffected: number } } }).instances;
  if (!instances) return t.fail('the scale section has its instances\' raw measurements');
  t.equal(instances.instances.length, 2);
  for (const progress of instances.edit.loads) t.ok(progress.queued > 0 && progress.answered === progress.queued && progress.unexpected === 0, 'every update answered, once');
  t.ok(instances.edit.recordsAffected > 0, 'the bulk edit changed contacts');
  t.equal(scale?.figures.find((figure) => figure.metric === 'Instances whose next answer shows the bulk edit')?.value, 2);
});

t.test('BENCHMARKS.md: the command, the machine, the data set and a table row per figure', async (t) => {
  t.match(markdown, '```sh\nBENCH_SCALE=0.001 npm run bench\n```');
  t.match(markdown, `| cores | ${os.cpus().length} × `);
  t.match(markdown, '| bot_logs | 3,000 |');
  for (const section of written.sections) {
    t.match(markdown, `\n## ${section.title}\n`);
    for (const figure of section.figures) {
      t.match(markdown, new RegExp(`\\| ${figure.metric.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| [^|]+ \\| [\\d,.]+ `), figure.metric);
    }
  }
  t.match(markdown, `${HAND_WRITTEN_MARKER}\n\n## What was slow and what was done\n`);
});

t.test('regenerating keeps what is written by hand below the marker', async (t) => {
  const notes = '## What was slow and what was done\n\nThe logs list needed an index.\n';
  await writeFile(paths.markdown, `${markdown.slice(0, markdown.indexOf(HAND_WRITTEN_MARKER))}${HAND_WRITTEN_MARKER}\n\n${notes}`);
  await writeResultFiles({ ...results, scale: 0.5 }, paths);
  const regenerated = await readFile(paths.markdown, 'utf8');
  t.match(regenerated, 'at scale 0.5');
  t.ok(regenerated.endsWith(`${HAND_WRITTEN_MARKER}\n\n${notes}`), 'the notes are kept, once');
});
