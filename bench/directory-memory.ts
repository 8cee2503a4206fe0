import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { FindableContact } from '../sql/contact-directory.js';
import { KNOWN_TAXONOMY } from '../api/contract/specialties.js';
import { findableContacts, seededRandom } from '../test/helpers/contacts.js';
import { ContactDirectory, nearestContacts } from '../bot/answering/contact-lookup.js';
import { percentiles } from './support.js';

/**
 * What the bot's directory in memory (bot/answering/contact-lookup.ts) costs per contact, and how fast
 * it answers, at sizes the database of a bench run would take minutes to fill: synthetic contacts built
 * in memory. `npx tsx --expose-gc bench/directory-memory.ts [contacts…]` prints the figures.
 */

/**
 * Heap (JavaScript objects) and array buffers (typed arrays' contents, outside the heap) in use, after a
 * full collection when --expose-gc allows one. After a turn of the event loop: until then, V8 keeps
 * what the turn used (the rows a directory was built from) however it is collected.
 */
export async function memoryInUse(): Promise<{ heap: number; arrayBuffers: number }> {
  let heap = Infinity;
  // Until the heap stops shrinking: garbage of a turn may be freed only by the next turn's collection.
  for (let turn = 0; turn < 5; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc?.();
    const used = process.memoryUsage().heapUsed;
    if (used >= heap * 0.999) break;
    heap = used;
  }
  return { heap, arrayBuffers: process.memoryUsage().arrayBuffers };
}

export interface DirectoryFootprint {
  contacts: number;
  /** Heap and array buffers the directory holds, per contact, in bytes. */
  heapBytesPerContact: number;
  arrayBufferBytesPerContact: number;
  buildMs: number;
  /** In-process lookups of the bench's options (5 nearest within 100 km), in ms. */
  lookupMs: ReturnType<typeof percentiles>;
}

/**
 * The directory's memory per contact and its lookup times at `count` synthetic contacts. The contacts'
 * rows are dropped before the directory is measured, as the bot drops the rows it loaded; run under
 * --expose-gc, else the figures include garbage not yet collected.
 */
export async function directoryFootprint(count: number, lookups = 3000): Promise<DirectoryFootprint> {
  // What any directory loads once per process (the zones' map, the hours' parser) is not the contacts'.
  new ContactDirectory(0, findableContacts(1000, 2), KNOWN_TAXONOMY);
  const before = await memoryInUse();
  const started = performance.now();
  let rows: FindableContact[] | undefined = findableContacts(count);
  const directory = new ContactDirectory(1, rows, KNOWN_TAXONOMY);
  const buildMs = performance.now() - started;
  rows = undefined;
  const after = await memoryInUse();
  const random = seededRandom(7);
  const point = () => ({ latitude: 36 + random() * 24, longitude: -9 + random() * 33 });
  const options = { limit: 5, radiusKm: 100, language: 'en' as const };
  for (let index = 0; index < 300; index += 1) nearestContacts(directory, point(), options);
  const samples: number[] = [];
  for (let index = 0; index < lookups; index += 1) {
    const where = point();
    const start = performance.now();
    nearestContacts(directory, where, options);
    samples.push(performance.now() - start);
  }
  return {
    contacts: directory.size,
    heapBytesPerContact: Math.round((after.heap - before.heap) / count),
    arrayBufferBytesPerContact: Math.round((after.arrayBuffers - before.arrayBuffers) / count),
    buildMs: Math.round(buildMs),
    lookupMs: percentiles(samples),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!globalThis.gc) console.warn('Run with --expose-gc (npx tsx --expose-gc bench/directory-memory.ts): without it the figures include garbage.');
  const sizes = process.argv.slice(2).map(Number);
  if (sizes.length === 1) console.log(JSON.stringify(await directoryFootprint(sizes[0]!)));
  // A process per size: what a previous size left in the heap would count against the next.
  else for (const count of sizes.length > 0 ? sizes : [100_000, 1_000_000]) spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, String(count)], { stdio: 'inherit' });
}
