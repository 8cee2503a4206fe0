/**
 * The bot's contact directory measured where it is loaded (in a process of its own, bench/directory-main.ts,
 * on an external database; in the benchmark's process on the embedded one): nearest-contact lookups from
 * memory at points around the data set's towns, and the JavaScript heap the directory takes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createContactLookup, nearestContacts, type ContactDetails, type Point } from '../bot/answering/contact-lookup.js';
import { COMPACT_AFTER } from '../bot/answering/contact-directory.js';
import type { Sql } from '../sql/database.js';
import { createRandom } from '../scripts/demo/random.js';
import type { BenchContext } from './context.js';
import type { Town } from './dataset.js';
import { memoryInUse } from './directory-memory.js';
import { percentiles } from './support.js';

/** Random points within about 15 km of the towns (larger towns more often, as the contacts are placed), the same on every run. */
export function townPoints(towns: Town[]): () => Point {
  const random = createRandom(20261121);
  return () => {
    const town = random.pick(towns);
    return {
      latitude: Math.max(-90, Math.min(90, town.latitude + (random.next() - 0.5) * 0.3)),
      longitude: ((town.longitude + (random.next() - 0.5) * 0.3 + 540) % 360) - 180,
    };
  };
}

export interface DirectoryMeasure {
  ms: ReturnType<typeof percentiles>;
  averageResults: number;
  options: { limit: number; radiusKm: number };
  /** Heap and array buffers (the columns' typed arrays) grown by loading the directory, MB (after a full collection on both sides). */
  directoryMb: number;
  /** The same, per findable contact. */
  bytesPerContact: number;
  /** Findable contacts in the directory. */
  contacts: number;
  loadMs: number;
  /** A compaction after `compactEdits` contacts (COMPACT_AFTER at most) were replaced in place, moved a little, in ms: answers wait for it. */
  compactMs: number;
  compactEdits: number;
}

/**
 * The answer's contacts as the bot finds them: from the directory kept in memory, which is
 * checked by the update's one statement, not by a read per lookup. Also what keeping it costs;
 * The memory figure is read after a full collection on both sides: the directory's, not the garbage of its load.
 */
export async function measureDirectory(sql: Sql, point: () => Point, lookups: number): Promise<DirectoryMeasure> {
  const options = { limit: 5, radiusKm: 100 };
  const lookup = createContactLookup(sql);
  const before = await memoryInUse();
  const loadStarted = performance.now();
  const directory = await lookup.directory();
  const loadMs = Math.round(performance.now() - loadStarted);
  const after = await memoryInUse();
  const grown = after.heap + after.arrayBuffers - before.heap - before.arrayBuffers;
  for (let index = 0; index < 300; index += 1) nearestContacts(directory, point(), options);
  const samples: number[] = [];
  let found = 0;
  for (let index = 0; index < lookups; index += 1) {
    const where = point();
    const before = performance.now();
    found += nearestContacts(await lookup.directory(), where, options).length;
    samples.push(performance.now() - before);
  }
  const edited: ContactDetails[] = [];
  directory.forEachItem((item) => {
    if (edited.length < COMPACT_AFTER && item % 97 === 0) edited.push({ ...directory.details(item), latitude: directory.latitudes[item]! + 0.001 });
  });
  directory.applyChanges(directory.version, edited, []);
  const compactStarted = performance.now();
  directory.compact();
  const compactMs = Math.round(performance.now() - compactStarted);
  return {
    ms: percentiles(samples),
    averageResults: Math.round((found / lookups) * 100) / 100,
    options,
    directoryMb: Math.round((grown / 1024 / 1024) * 10) / 10,
    bytesPerContact: Math.round(grown / Math.max(1, directory.size)),
    contacts: directory.size,
    loadMs,
    compactMs,
    compactEdits: edited.length,
  };
}

const DIRECTORY_MAIN = fileURLToPath(new URL('./directory-main.ts', import.meta.url));

/**
 * The directory measured in a process of its own on an external database, whose heap holds little but the
 * directory (in the benchmark's, the garbage of the other sections moves a small directory's figure below zero);
 * in this one on the embedded database.
 */
export async function measureDirectoryAlone(context: BenchContext, lookups: number): Promise<DirectoryMeasure & { where: string }> {
  if (!context.databaseUrl) return { ...(await measureDirectory(context.sql, townPoints(context.dataset.towns), lookups)), where: 'in the benchmark\'s process (embedded database)' };
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', DIRECTORY_MAIN], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  child.stdin.end(`${JSON.stringify({ databaseUrl: context.databaseUrl, towns: context.dataset.towns, lookups })}\n`);
  const lines = createInterface({ input: child.stdout });
  const line = await Promise.race([
    once(lines, 'line').then(([first]) => String(first)),
    exited.then(([code]) => {
      throw new Error(`the directory's process exited (${String(code)}) before it measured`);
    }),
  ]);
  lines.close();
  await exited;
  return { ...(JSON.parse(line) as DirectoryMeasure), where: 'in a process of its own' };
}
