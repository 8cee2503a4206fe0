import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WalRange } from './data-dir-snapshot.js';
import { DatabaseUnavailableError } from './errors.js';

export interface EmbeddedPostgres {
  /**
   * The Unix socket the database listens on (postgres.js's `path`), in a folder of its own that only
   * this process's user may enter (privateSocketDir): PGlite asks no password, and a port on
   * 127.0.0.1 let every local user in as postgres.
   */
  socketPath: string;
  /** Where PostgreSQL keeps its files (DATA_DIR/pgdata); null in memory. */
  pgdata: string | null;
  /** The data folder as a gzipped tarball, which `PGlite.create({ loadDataDir })` opens again (test templates). */
  dumpDataDir(): Promise<Blob>;
  /**
   * Brings the folder `into` up to date with the data folder, holding the database's statements only
   * for the copy (data-dir-snapshot.ts); answers how long they were held. Backups tar it afterwards.
   * Only on a data folder, not in memory.
   */
  snapshotDataDir(into: string, range: WalRange): Promise<{ pauseMs: number }>;
  /**
   * Resolves once the database's thread answers: between two statements, however many wait behind
   * them on the one session. Rejects while the thread is not running.
   */
  ping(): Promise<void>;
  stop(): Promise<void>;
}

/** What the database's thread starts with: where PostgreSQL keeps its files (null: in memory) and where it listens. */
export interface EmbeddedServerData {
  pgdata: string | null;
  /** A data folder dumped as a .tar.gz (dumpDataDir) that a new database (in memory, or in an empty folder) starts from. */
  loadDataDir: string | null;
  socketPath: string;
}

/** Where the embedded database keeps its files (null: in memory), and for a new one, a dumped data folder to start from. */
export interface EmbeddedOptions {
  dataDir: string | null;
  loadDataDir?: string;
}

/** What the process asks the database's thread. */
export type EmbeddedAsk = { kind: 'ping' | 'dump' | 'stop' } | { kind: 'snapshot'; into: string; range: WalRange };
export type EmbeddedRequest = EmbeddedAsk & { id: number };

/** The thread's answers: `ready` (id 0) once it listens, then one answer per request. */
export type EmbeddedReply =
  | { id: number; kind: 'ready' }
  | { id: number; kind: 'pong' }
  | { id: number; kind: 'dump'; bytes: ArrayBuffer }
  | { id: number; kind: 'snapshot'; pauseMs: number }
  | { id: number; kind: 'stopped' }
  | { id: number; kind: 'failed'; message: string };

/** Raised when another live process already holds the data folder. */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(
    dataDir: string,
    pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.dataDir = dataDir;
    this.pid = pid;
    this.name = 'DataDirLockedError';
  }
}

const MODULE_EXTENSION = path.extname(fileURLToPath(import.meta.url));
/** The thread's module beside this one: embedded-server.js from the build, .ts from the sources. */
const SERVER_MODULE = new URL(`./embedded-server${MODULE_EXTENSION}`, import.meta.url);

/** The thread. From the sources (tests, benchmarks, `npm run dev`) it loads TypeScript as the process does, through tsx. */
function startServerThread(workerData: EmbeddedServerData): Worker {
  if (MODULE_EXTENSION !== '.ts') return new Worker(SERVER_MODULE, { workerData });
  const load = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(SERVER_MODULE.href)}); })`;
  return new Worker(load, { eval: true, workerData });
}

/**
 * Starts PGlite with the extensions our migrations use, on a thread of its own (embedded-server.ts),
 * and serves it on a private Unix socket so that postgres.js runs the same SQL as against a real
 * server. dataDir null keeps it in memory; a new database starts empty, or as the dump loadDataDir
 * names. A thread that ends unasked (an abort inside PGlite or its socket server) is started again on
 * the same data folder and socket, as a supervisor would restart a server: PostgreSQL recovers what
 * was committed, and the pool's connections find it there again.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const socketDir = privateSocketDir(options.dataDir);
  const release = () => {
    rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  };
  const workerData: EmbeddedServerData = {
    pgdata: options.dataDir ? path.join(options.dataDir, 'pgdata') : null,
    loadDataDir: options.loadDataDir ?? null,
    socketPath: path.join(socketDir, SOCKET_NAME),
  };
  const waiting = new Map<number, { resolve(reply: EmbeddedReply): void; reject(error: Error): void }>();
  let nextId = 1;
  let ended: Error | undefined;
  let stopping = false;
  /** Whether the thread has been ready since it started: one that ends while starting is not started again, round and round. */
  let serving = false;
  let restarting: Promise<void> | undefined;

  /** The thread's next answer to `kind`; without a kind, its answer to the start (id 0). */
  const ask = (request?: EmbeddedAsk) =>
    new Promise<EmbeddedReply>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = request ? nextId++ : 0;
      waiting.set(id, { resolve, reject });
      if (request) thread.postMessage({ id, ...request } satisfies EmbeddedRequest);
    });
  const awaitReady = async () => {
    const ready = await ask();
    if (ready.kind !== 'ready') throw new Error(`the embedded database answered ${ready.kind} to its start`);
    serving = true;
  };
  const launch = (): Worker => {
    const started = startServerThread(workerData);
    started.on('message', (reply: EmbeddedReply) => {
      const request = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (reply.kind === 'failed') request?.reject(new Error(reply.message));
      else request?.resolve(reply);
    });
    started.on('error', (error) => end(started, new DatabaseUnavailableError('embedded database stopped', { cause: error })));
    started.on('exit', (code) => end(started, new DatabaseUnavailableError(`embedded database stopped (exit code ${code})`)));
    return started;
  };
  // A thread that ends fails what waits for it; meanwhile the connections fail as a lost server's do.
  const end = (ending: Worker, error: Error) => {
    // A thread that failed ('error') also exits ('exit'): the first says why.
    if (ending !== thread || ended) return;
    ended = error;
    const wasServing = serving;
    serving = false;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
    if (stopping) return;
    console.error(error);
    // In memory there is nothing to start again from.
    if (workerData.pgdata && wasServing) restarting = restart();
  };
  const restart = async () => {
    rmSync(workerData.socketPath, { force: true });
    // The folder holds what the dump brought, and PGlite refuses to load one over a database.
    workerData.loadDataDir = null;
    thread = launch();
    ended = undefined;
    try {
      await awaitReady();
      console.error('The embedded database started again after its thread ended.');
    } catch (error) {
      // A thread that ended while starting has been reported (end); one that failed to start says why here.
      if (!ended) {
        ended = error instanceof Error ? error : new Error(String(error));
        console.error(ended);
      }
      await thread.terminate();
    } finally {
      restarting = undefined;
    }
  };

  let thread = launch();
  try {
    await awaitReady();
    return {
      socketPath: workerData.socketPath,
      pgdata: workerData.pgdata,
      async dumpDataDir() {
        const reply = await ask({ kind: 'dump' });
        if (reply.kind !== 'dump') throw new Error(`the embedded database answered ${reply.kind} to a dump`);
        return new Blob([reply.bytes], { type: 'application/gzip' });
      },
      async snapshotDataDir(into, range) {
        const reply = await ask({ kind: 'snapshot', into, range });
        if (reply.kind !== 'snapshot') throw new Error(`the embedded database answered ${reply.kind} to a snapshot`);
        return { pauseMs: reply.pauseMs };
      },
      async ping() {
        // Until the new thread listens, the pool's connections fail: the probe says so too.
        if (restarting) throw new DatabaseUnavailableError('embedded database starting again');
        await ask({ kind: 'ping' });
      },
      async stop() {
        stopping = true;
        await restarting;
        if (!ended) {
          try {
            await ask({ kind: 'stop' });
          } finally {
            await thread.terminate();
          }
        }
        release();
      },
    };
  } catch (error) {
    stopping = true;
    await thread.terminate();
    release();
    throw error;
  }
}

/** The socket's name, as PostgreSQL's own: what psql's `-h <folder>` looks for. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** The longest socket path every platform takes (Linux 107 bytes, macOS 103), with a little to spare. */
const MAX_SOCKET_PATH_BYTES = 100;

/**
 * A new, empty folder for the socket that only this process's user may enter: `pgsocket` beside
 * `pgdata`, which the data folder's lock keeps ours (a container with a read-only root writes only
 * there), or, in memory or where that path is too long for a socket, one of its own in the system's
 * temporary folder.
 */
function privateSocketDir(dataDir: string | null): string {
  if (dataDir) {
    const dir = path.resolve(dataDir, 'pgsocket');
    if (Buffer.byteLength(path.join(dir, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES) {
      // A process killed with -9 left its socket here.
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    }
  }
  return mkdtempSync(path.join(tmpdir(), 'medcontacts-db-'));
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
