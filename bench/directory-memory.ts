import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FindableContact } from '../sql/contact-directory.js';
import { KNOWN_TAXONOMY } from '../api/contract/specialties.js';
import { findableContacts, seededRandom } from '../test/helpers/contacts.js';
import { ContactDirectory, nearestContacts } from '../bot/answering/contact-lookup.js';
import { percentiles } from './support.js';

/**
 * What the bot's directory in memory (bot/answering/contact-lookup.ts) costs per contact, and how fast
 * it answers, at sizes the database of a bench run would take minutes to fill: synthetic contacts built
 * in memory. `npx tsx bench/directory-memory.ts [contacts…]` prints the figures.
 */

/**
 * V8's full collection: the one --expose-gc gives, else the same function taken from V8 for this process.
 * Without one, a reading after a load can come out below the reading before it (garbage freed meanwhile).
 */
const collectGarbage: () => void = globalThis.gc ?? exposedGc();

function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Heap (JavaScript objects) and array buffers (typed arrays' contents, outside the heap) in use, after a
 * full collection. After a turn of the event loop: until then, V8 keeps what the turn used (the rows a
 * directory was built from) however it is collected.
 */
export async function memoryInUse(): Promise<{ heap: number; arrayBuffers: number }> {
  let heap = Infinity;
  // Until the heap stops shrinking: garbage of a turn may be freed only by the next turn's collection.
  for (let turn = 0; turn < 5; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
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
  /** Building it from rows in memory (the rows' reading from the database not included). */
  buildMs: number;
  /** In-process lookups of the bench's options (5 nearest within 100 km, in English), in ms. */
  lookupMs: ReturnType<typeof percentiles>;
  /** A bulk edit of EDITED contacts applied in place (ContactDirectory.applyChanges), in ms. */
  editMs: number;
  /** The same lookups with the edit's items flagged removed and its new ones searched beside the index. */
  lookupAfterEditMs: ReturnType<typeof percentiles>;
  /** Rebuilding the columns and indexes from memory (ContactDirectory.compact), in ms. */
  compactMs: number;
}

/** How many contacts the measured bulk edit changes: moved a little, and renamed. */
export const EDITED = 1000;

/** Lookups at random points of the synthetic contacts' Europe, timed one by one after a warm-up. */
function lookupTimes(directory: ContactDirectory, lookups: number): ReturnType<typeof percentiles> {
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
  return percentiles(samples);
}

/**
 * The directory's memory per contact, its lookup times, and what a bulk edit costs, at `count`
 * synthetic contacts. The contacts' rows are dropped before the directory is measured, as the bot
 * drops the rows it loaded.
 */
export async function directoryFootprint(count: number, lookups = 3000): Promise<DirectoryFootprint> {
  // What any directory loads once per process (the zones' map, the hours' parser) is not the contacts'.
  new ContactDirectory(0, findableContacts(1000, 2), KNOWN_TAXONOMY);
  const before = await memoryInUse();
  let rows: FindableContact[] | undefined = findableContacts(count);
  const started = performance.now();
  const directory = new ContactDirectory(1, rows, KNOWN_TAXONOMY);
  const buildMs = performance.now() - started;
  const edit = rows.slice(0, EDITED).map((contact) => ({ ...contact, name: `${contact.name} (edited)`, latitude: contact.latitude + 0.001 }));
  rows = undefined;
  const after = await memoryInUse();
  const lookupMs = lookupTimes(directory, lookups);
  const editStarted = performance.now();
  directory.applyChanges(2, edit, []);
  const editMs = performance.now() - editStarted;
  const lookupAfterEditMs = lookupTimes(directory, lookups);
  const compactStarted = performance.now();
  directory.compact();
  const compactMs = performance.now() - compactStarted;
  return {
    contacts: directory.size,
    heapBytesPerContact: Math.round((after.heap - before.heap) / count),
    arrayBufferBytesPerContact: Math.round((after.arrayBuffers - before.arrayBuffers) / count),
    buildMs: Math.round(buildMs),
    lookupMs,
    editMs: Math.round(editMs * 10) / 10,
    lookupAfterEditMs,
    compactMs: Math.round(compactMs),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number);
  if (sizes.length === 1) console.log(JSON.stringify(await directoryFootprint(sizes[0]!)));
  // A process per size: what a previous size left in the heap would count against the next.
  else for (const count of sizes.length > 0 ? sizes : [100_000, 1_000_000]) spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, String(count)], { stdio: 'inherit' });
}
