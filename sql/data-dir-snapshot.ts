import { copyFile, mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** A WAL segment's file name: timeline, then the segment number, 24 hexadecimal digits in all. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/**
 * A file written this close to its copy may be written again within the file system's timestamp
 * tick (ext4 keeps a coarse clock) and keep its modification time: its copy is marked to be copied again.
 */
const RECENT_MS = 2000;

/** The WAL segments a snapshot needs, as the database named them after a checkpoint (sql/backups.ts asks it). */
export interface WalRange {
  /** The segment of the checkpoint's redo point: recovery starts there. */
  redo: string;
  /** The segment written when asked. */
  current: string;
}

/**
 * Which files of the data folder a snapshot keeps: of the WAL segments, those of the range, and any
 * after it written since `since` (the WAL went on meanwhile); the others are recycled ones PostgreSQL
 * does not read, or older than the checkpoint.
 */
function neededFiles(range: WalRange, since: number): (relative: string, mtimeMs: number) => boolean {
  return (relative, mtimeMs) => {
    const name = path.basename(relative);
    if (path.dirname(relative) !== 'pg_wal' || !WAL_SEGMENT.test(name)) return true;
    return name >= range.redo && (name <= range.current || mtimeMs >= since - RECENT_MS);
  };
}

/**
 * Brings `into` up to date with the data folder `pgdata` as a database started on it would find it
 * after a crash at this moment, and answers how long the database's statements were held, in
 * milliseconds. First, with the database answering, a copy of every file changed since the last
 * snapshot; then, with its statements held (PGlite's exclusive lock, which the socket server's
 * statements wait for), a copy of what changed meanwhile. No statement runs here: the one client's
 * extended-protocol messages may be half sent, and another statement between them would answer in
 * its place. The compressing happens later, from `into` (sql/backups.ts).
 */
export async function snapshotDataDir(db: PGlite, pgdata: string, into: string, range: WalRange): Promise<number> {
  const keep = neededFiles(range, Date.now());
  await mirror(pgdata, into, keep);
  return db.runExclusive(async () => {
    const started = performance.now();
    await mirror(pgdata, into, keep);
    return performance.now() - started;
  });
}

/** Copies into `target` the files of `source` that `keep` names and that changed since copied, and deletes the rest from `target`. */
async function mirror(source: string, target: string, keep: (relative: string, mtimeMs: number) => boolean, relative = ''): Promise<void> {
  await mkdir(path.join(target, relative), { recursive: true });
  const kept = new Set<string>();
  for (const entry of await readdir(path.join(source, relative), { withFileTypes: true })) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      await mirror(source, target, keep, child);
    } else if (entry.isFile()) {
      const from = await stat(path.join(source, child));
      if (!keep(child, from.mtimeMs)) continue;
      const to = await stat(path.join(target, child)).catch(() => undefined);
      if (!to || to.size !== from.size || Math.floor(to.mtimeMs) !== Math.floor(from.mtimeMs)) {
        const copiedAt = Date.now();
        await copyFile(path.join(source, child), path.join(target, child));
        // The copy carries the modification time the file had before it was read: one written meanwhile differs next time.
        await utimes(path.join(target, child), from.atime, copiedAt - from.mtimeMs < RECENT_MS ? 0 : from.mtimeMs / 1000);
      }
    } else {
      continue;
    }
    kept.add(entry.name);
  }
  for (const entry of await readdir(path.join(target, relative))) {
    if (!kept.has(entry)) await rm(path.join(target, relative, entry), { recursive: true, force: true });
  }
}
