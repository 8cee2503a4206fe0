/**
 * The contacts CSV import and export at the data set's size (BENCH_CONTACTS; BENCH_ONLY=import): a file
 * of as many rows as the data set has contacts, generated as it is sent (never a string in memory),
 * streamed through real HTTP to the dry run and to the import, then the export of the whole directory
 * read as it comes. Each is timed, with the product process's peak resident memory meanwhile, sampled:
 * a product of its own on an external database (BENCH_DATABASE_URL), else the benchmark's own product,
 * in this process, which also generates the file. The import is undone afterwards.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ContactImport, ImportPreviewResponse } from '../api/contract/contact-import.js';
import { staffToken } from './api.js';
import type { BenchContext } from './context.js';
import { residentMemory } from './process-memory.js';
import type { BenchSection, Figure } from './report.js';
import { BUILT_START, launch, productEnv, stop, type Child } from './startup.js';

/** The budget: a million rows imported, with their checks, in under two minutes. */
const IMPORT_ROWS_PER_SECOND = 1_000_000 / 120;
const ROWS_PER_CHUNK = 1000;
const SAMPLE_MS = 100;
/** Places of the generated contacts, with an area code of theirs: every row passes the phone and the outside-country checks. */
const PLACES = [
  ['New York', 'New York', 40.7128, -74.006, 212],
  ['Chicago', 'Illinois', 41.8781, -87.6298, 312],
  ['Los Angeles', 'California', 34.0522, -118.2437, 213],
  ['Boston', 'Massachusetts', 42.3601, -71.0589, 617],
  ['Miami', 'Florida', 25.7617, -80.1918, 305],
  ['Seattle', 'Washington', 47.6062, -122.3321, 206],
  ['Houston', 'Texas', 29.7604, -95.3698, 713],
  ['Atlanta', 'Georgia', 33.749, -84.388, 404],
] as const;
const HEADER = 'Name,Phone,Specialty,City,Region,Country,Latitude,Longitude,Contact method,Telegram username,Languages,Rating,Verified,Comments\n';

/**
 * Row `i` of the file: distinct contacts, except that every 1,000th has the phone of the row of its
 * place before it (a duplicate), and every 1,000th from the first has a rating out of range (an error).
 */
function csvRow(i: number): string {
  const [city, region, latitude, longitude, area] = PLACES[i % PLACES.length]!;
  const phoneOf = (row: number) => `+1 ${area} ${2_000_000 + Math.floor(row / PLACES.length)}`;
  const phone = i % 1000 === 999 ? phoneOf(i - PLACES.length) : phoneOf(i);
  const telegram = i % 3 === 0;
  return [
    `Dr Import ${i}`, phone, i % 2 ? 'Cardiology' : 'General practice', city, region, 'United States',
    (latitude + (i % 100) / 10_000).toFixed(4), longitude.toFixed(4), telegram ? 'telegram' : 'phone', telegram ? `@import${i}` : '',
    '"English, Spanish"', i % 1000 === 0 ? '9' : String(i % 6), i % 2 ? 'yes' : 'no', `"Note ${i}, with a comma"`,
  ].join(',') + '\n';
}

/** The file, generated a chunk of rows at a time as the request reads it. */
async function* csvFile(rows: number): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(HEADER);
  for (let from = 0; from < rows; from += ROWS_PER_CHUNK) {
    let chunk = '';
    for (let i = from; i < Math.min(rows, from + ROWS_PER_CHUNK); i++) chunk += csvRow(i);
    yield encoder.encode(chunk);
  }
}

/** Samples a process's resident memory until `work` settles; resolves with its result, the time it took and the peak. */
async function measured<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number; beforeMb: number }> {
  const beforeMb = (await residentMemory(pid)).rssMb;
  let peakMb = beforeMb;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peakMb = Math.max(peakMb, (await residentMemory(pid)).rssMb);
      await sleep(SAMPLE_MS);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakMb, beforeMb };
  } finally {
    running = false;
    await sampling;
  }
}

async function answer<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function measureContactImport(context: BenchContext): Promise<BenchSection> {
  const rows = context.dataset.sizes.contacts;
  let child: Child | undefined;
  if (context.databaseUrl) {
    const env = { ...productEnv(), DATABASE_URL: context.databaseUrl, DEMO_DATA: 'off', LOG_LEVEL: 'warn' };
    child = (await launch(env, context.botFrom === 'build' ? BUILT_START : ['--import', 'tsx', 'scripts/start.ts'])).child;
  }
  try {
    const baseUrl = child?.url ?? context.product.url;
    const pid = child?.process.pid ?? process.pid;
    const authorization = `Bearer ${await staffToken(baseUrl, context.staff)}`;
    const send = (path: string) =>
      fetch(`${baseUrl}/api/medical-contacts/${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'text/csv' },
        // undici sends an async iterable as it is read, chunked.
        body: csvFile(rows),
        duplex: 'half',
      } as RequestInit);

    const dryRun = await measured(pid, async () => answer<ImportPreviewResponse>(await send('import/preview'), 'dry run'));
    console.log(`  dry run: ${rows.toLocaleString('en')} rows in ${dryRun.seconds.toFixed(1)} s, peak RSS ${dryRun.peakMb} MB (${dryRun.beforeMb} MB before)`);
    const imported = await measured(pid, async () => {
      const { importId } = await answer<{ importId: number }>(await send('import?fileName=bench.csv'), 'import');
      for (;;) {
        const state = await answer<ContactImport>(await fetch(`${baseUrl}/api/medical-contacts/imports/${importId}`, { headers: { authorization } }), 'progress');
        if (state.status !== 'running') return state;
        await sleep(250);
      }
    });
    const done = imported.result;
    if (done.status !== 'completed') throw new Error(`the import ended ${done.status}: ${done.errorMessage}`);
    console.log(`  import: ${done.importedRows.toLocaleString('en')} contacts in ${imported.seconds.toFixed(1)} s, peak RSS ${imported.peakMb} MB`);
    const exported = await measured(pid, async () => {
      const response = await fetch(`${baseUrl}/api/medical-contacts/export`, { headers: { authorization } });
      if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of response.body) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      return { lines, bytes };
    });
    const exportedContacts = Number((await context.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM medical_contacts`)[0]!.n);
    console.log(`  export: ${exportedContacts.toLocaleString('en')} contacts, ${(exported.result.bytes / 1e6).toFixed(0)} MB in ${exported.seconds.toFixed(1)} s, peak RSS ${exported.peakMb} MB`);
    await answer(await fetch(`${baseUrl}/api/medical-contacts/imports/${done.id}/undo`, { method: 'POST', headers: { authorization } }), 'undo');

    const size = rows.toLocaleString('en');
    const where = child ? "the product's process" : 'the benchmark process, which runs the product on the embedded database and generates the file';
    const rate = (count: number, seconds: number) => Math.round(count / seconds);
    const figures: Figure[] = [
      {
        metric: `CSV dry run, ${size} rows`,
        value: rate(dryRun.result.totalRows, dryRun.seconds),
        unit: 'rows/s',
        detail: `${dryRun.seconds.toFixed(1)} s through HTTP, the file streamed; ${dryRun.result.errorRows} errors, ${dryRun.result.duplicateRows} duplicates found`,
      },
      {
        metric: `CSV import, ${size} rows, with its checks`,
        value: rate(done.totalRows, imported.seconds),
        unit: 'rows/s',
        target: { op: '>=', value: Math.round(IMPORT_ROWS_PER_SECOND) },
        detail: `${imported.seconds.toFixed(1)} s from the first byte sent to completed (1,000,000 rows in under 120 s); ${done.importedRows.toLocaleString('en')} imported, ${done.skippedRows} skipped`,
      },
      {
        metric: `CSV export, ${exportedContacts.toLocaleString('en')} contacts`,
        value: rate(exportedContacts, exported.seconds),
        unit: 'rows/s',
        detail: `${exported.seconds.toFixed(1)} s, ${(exported.result.bytes / 1e6).toFixed(0)} MB read as it came`,
      },
      ...([['dry run', dryRun], ['import', imported], ['export', exported]] as const).map(([name, run]): Figure => ({
        metric: `Peak resident memory during the CSV ${name}, ${size} rows`,
        value: run.peakMb,
        unit: 'MB',
        detail: `${where}, sampled every ${SAMPLE_MS} ms; ${run.beforeMb} MB before`,
      })),
    ];
    return {
      title: `Contacts CSV import and export (${size} rows)`,
      figures,
      raw: { rows, productProcess: Boolean(child), dryRun, import: { ...imported, result: done }, export: { ...exported, contacts: exportedContacts } },
    };
  } catch (error) {
    if (child) console.log(`  product said:\n${child.output.slice(-20).join('\n')}`);
    throw error;
  } finally {
    if (child) await stop(child);
  }
}
