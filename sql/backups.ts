import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from './database.js';

/** How many backups are kept; older ones are deleted after each new one. */
export const BACKUPS_KEPT = 7;

/** What is backed up: the embedded database (its data folder) or an external server (with pg_dump). */
export type BackupSource =
  | { kind: 'embedded'; sql: Sql; dumpDataDir: () => Promise<Blob> }
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

/**
 * Daily backups of the database into DATA_DIR/backups (README "Backups"): the embedded database's
 * data folder as a .tar.gz (PGlite's dumpDataDir, which a new PGlite loads with `loadDataDir`),
 * or an external server through pg_dump's custom format (restore with pg_restore). Keeps the
 * last BACKUPS_KEPT.
 */
export function createBackupService({ dir, source, now = () => new Date(), log = () => {} }: BackupServiceOptions): BackupService {
  let running: Promise<BackupFile> | undefined;
  let problem: string | null = null;

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
        // Flush dirty pages first, so the dump opens without crash recovery.
        await source.sql`CHECKPOINT`;
        const dump = await source.dumpDataDir();
        await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
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
  };
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
