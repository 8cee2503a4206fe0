import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** PostgreSQL's buffer pool inside PGlite: a quarter of initdb's default, about 110 MB less resident memory. */
const SHARED_BUFFERS = '32MB';

export interface EmbeddedPostgres {
  /** A postgres:// URL that reaches the embedded database over its local socket. */
  url: string;
  /** The data folder as a gzipped tarball, which `PGlite.create({ loadDataDir })` opens again (backups). */
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

/** Raised when another live process already holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Starts PGlite with the extensions our migrations use and serves it on 127.0.0.1 so that
 * postgres.js runs the same SQL as against a real server. dataDir null keeps it in memory.
 */
export async function startEmbeddedPostgres(options: { dataDir: string | null }): Promise<EmbeddedPostgres> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const db = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
      extensions: { cube, earthdistance, pg_trgm },
      // initdb's 128 MB of shared buffers live in the WebAssembly heap, resident from the first query;
      // the data files are read through the operating system's page cache anyway.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
    await server.start();
    return {
      url: `postgres://postgres@${server.getServerConn()}/postgres`,
      dumpDataDir: () => db.dumpDataDir('gzip'),
      async stop() {
        await server.stop();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Takes an exclusive lock file in dataDir; a lock left by a dead process is taken over. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'medcontacts.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
