/**
 * bench/directory.ts's measure in a process of its own (run with --expose-gc), so that the heap
 * holds nothing but the directory and what loading it needs: reads { databaseUrl, towns, lookups }
 * as one JSON line on stdin and prints the DirectoryMeasure as one JSON line on stdout.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { openDatabase } from '../sql/database.js';
import type { Town } from './dataset.js';
import { measureDirectory, townPoints } from './directory.js';

const lines = createInterface({ input: process.stdin });
const [line] = (await once(lines, 'line')) as [string];
lines.close();
const { databaseUrl, towns, lookups } = JSON.parse(line) as { databaseUrl: string; towns: Town[]; lookups: number };
if (!globalThis.gc) throw new Error('run with node --expose-gc');
const database = await openDatabase({ databaseUrl, maxConnections: 1 });
try {
  const measure = await measureDirectory(database.sql, townPoints(towns), lookups);
  process.stdout.write(`${JSON.stringify(measure)}\n`);
} finally {
  await database.close();
}
