import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { create as createTar } from 'tar';
import type { WalRange } from './data-dir-snapshot.js';
import type { Sql } from './database.js';

/** How many backups are kept; older ones are deleted after each new one. */
export const BACKUPS_KEPT = 7;

/**
 * Before any backup was measured, the pause is estimated from the data folder's size at this rate:
 * the first snapshot copies every file (data-dir-snapshot.ts).
 */
export const SNAPSHOT_BYTES_PER_SECOND = 100 * 1024 * 1024;

/** What is backed up: the embedded database (its data folder) or an external server (with pg_dump). */
export type BackupSource =
  | {
      kind: 'embedded';
      /** The database's data folder (pgdata), whose size estimates the first pause. */
      dataFolder: string;
      sql: Sql;
      /** Database.dataFolder.snapshot. */
      snapshotDataDir: (into: string, range: WalRange) => Promise<{ pauseMs: number }>;
    }
  | { kind: 'external'; databaseUrl: string; /** The pg_dump executable; default "pg_dump" on PATH. */ pgDump?: string };

export interface BackupFile {
  fileName: string;
  createdAt: Date;
  sizeBytes: number;
}

export interface BackupServiceOptions {
  /** DATA_DIR/backups. */
  dir: string;
  source: BackupSource;
  now?: () => Date;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface BackupService {
  /** Makes one backup now; a call while one runs shares it. Rejects when it fails. */
  run(): Promise<BackupFile>;
  /** Every backup kept, newest first. */
  list(): Promise<BackupFile[]>;
  /** Whether one is running, and why backups cannot run or the last one failed (null when fine). */
  status(): { running: boolean; problem: string | null };
  /**
   * About how many seconds the bot's database queries wait while a backup is taken: the last
   * backup's measured pause, or, before any, estimated from the data folder's size. Null for an
   * external server: pg_dump reads a snapshot while the server goes on answering.
   */
  pauseEstimateSeconds(): Promise<number | null>;
}

/** Raised when the external server cannot be backed up because pg_dump is missing. */
export class PgDumpMissingError extends Error {
  readonly command: string;

  constructor(command: string) {
    super(
      `Backups cannot run: ${command} was not found on this server. ` +
        'Install the PostgreSQL client tools (the same major version as the database server) to back up the external database.',
    );
    this.command = command;
    this.name = 'PgDumpMissingError';
  }
}

const FILE_PATTERN = /^medcontacts-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(tar\.gz|dump)$/;

function fileNameFor(at: Date, kind: BackupSource['kind']): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `medcontacts-${stamp}.${kind === 'embedded' ? 'tar.gz' : 'dump'}`;
}

function createdAtOf(fileName: string): Date | undefined {
  const match = FILE_PATTERN.exec(fileName);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : undefined;
}

/** The embedded database's data folder as last copied (data-dir-snapshot.ts): a dot folder, never listed as a backup. */
const SNAPSHOT_FOLDER = '.snapshot';
/** The last embedded backup's pause, kept across restarts for the estimate. */
const PAUSE_FILE = '.last-pause.json';

/**
 * Daily backups of the database into DATA_DIR/backups (README "Backups"): the embedded database's
 * data folder as a .tar.gz (which a new PGlite loads with `loadDataDir`), or an external server
 * through pg_dump's custom format (restore with pg_restore). Keeps the last BACKUPS_KEPT.
 * The embedded database is held only while its changed files are copied into DATA_DIR/backups/.snapshot;
 * the tarball is compressed from that copy while the bot goes on answering.
 */
export function createBackupService({ dir, source, now = () => new Date(), log = () => {} }: BackupServiceOptions): BackupService {
  let running: Promise<BackupFile> | undefined;
  let problem: string | null = null;

  async function lastPauseMs(): Promise<number | undefined> {
    const text = await readFile(path.join(dir, PAUSE_FILE), 'utf8').catch(() => undefined);
    const pauseMs: unknown = text === undefined ? undefined : (JSON.parse(text) as { pauseMs?: unknown }).pauseMs;
    return typeof pauseMs === 'number' ? pauseMs : undefined;
  }

  async function list(): Promise<BackupFile[]> {
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const files: BackupFile[] = [];
    for (const fileName of names) {
      const createdAt = createdAtOf(fileName);
      if (!createdAt) continue;
      const { size } = await stat(path.join(dir, fileName));
      files.push({ fileName, createdAt, sizeBytes: size });
    }
    return files.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async function backUp(): Promise<BackupFile> {
    await mkdir(dir, { recursive: true });
    const createdAt = now();
    const fileName = fileNameFor(createdAt, source.kind);
    // Written under another name first, so a half-written file is never listed as a backup.
    const partial = path.join(dir, `.${fileName}.partial`);
    try {
      if (source.kind === 'embedded') {
        const snapshot = path.join(dir, SNAPSHOT_FOLDER);
        // Through the pool's connection, between its statements: the checkpoint bounds the WAL the snapshot needs.
        await source.sql`CHECKPOINT`;
        const [range] = await source.sql<WalRange[]>`
          SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS current FROM pg_control_checkpoint()`;
        const { pauseMs } = await source.snapshotDataDir(snapshot, range!);
        await writeFile(path.join(dir, PAUSE_FILE), JSON.stringify({ pauseMs: Math.round(pauseMs), at: createdAt.toISOString() }));
        log('info', `Backup snapshot taken: the database paused ${Math.round(pauseMs)} ms`);
        await pipeline(createTar({ cwd: snapshot, portable: true }, await readdir(snapshot)), createGzip(), createWriteStream(partial));
      } else {
        await pgDump(source.pgDump ?? 'pg_dump', source.databaseUrl, partial);
      }
      await rename(partial, path.join(dir, fileName));
    } finally {
      await rm(partial, { force: true });
    }
    for (const old of (await list()).slice(BACKUPS_KEPT)) await rm(path.join(dir, old.fileName), { force: true });
    const { size } = await stat(path.join(dir, fileName));
    return { fileName, createdAt, sizeBytes: size };
  }

  return {
    run() {
      running ??= backUp()
        .then(
          (backup) => {
            problem = null;
            log('info', `Backup written: ${backup.fileName} (${backup.sizeBytes} bytes)`);
            return backup;
          },
          (error: unknown) => {
            problem = error instanceof PgDumpMissingError ? error.message : `The last backup failed: ${error instanceof Error ? error.message : String(error)}`;
            log(error instanceof PgDumpMissingError ? 'warn' : 'error', problem);
            throw error;
          },
        )
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    list,
    status: () => ({ running: running !== undefined, problem }),
    async pauseEstimateSeconds() {
      if (source.kind === 'external') return null;
      const pauseMs = (await lastPauseMs()) ?? ((await folderBytes(source.dataFolder)) / SNAPSHOT_BYTES_PER_SECOND) * 1000;
      // Tenths of a second, never 0: there is always some pause.
      return Math.max(0.1, Math.round(pauseMs / 100) / 10);
    },
  };
}

/** The bytes of every file under a folder; 0 when it does not exist yet. */
async function folderBytes(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  for (const entry of entries) if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  return bytes;
}

/** Runs pg_dump in custom format into `file`; the password travels in PGPASSWORD, not on the command line. */
function pgDump(command: string, databaseUrl: string, file: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(command, ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password && { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new PgDumpMissingError(command) : error));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`pg_dump exited with code ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
