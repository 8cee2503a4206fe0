import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from './errors.js';

export interface EmbeddedPostgres {
  /** A postgres:// URL that reaches the embedded database over its local socket. */
  url: string;
  /** The data folder as a gzipped tarball, which `PGlite.create({ loadDataDir })` opens again (backups). */
  dumpDataDir(): Promise<Blob>;
  /**
   * Resolves once the database's thread answers: between two statements, however many wait behind
   * them on the one session. Rejects when the thread has ended.
   */
  ping(): Promise<void>;
  stop(): Promise<void>;
}

/** What the database's thread starts with: where PostgreSQL keeps its files (null: in memory). */
export interface EmbeddedServerData {
  pgdata: string | null;
}

/** What the process asks the database's thread. */
export type EmbeddedRequest = { id: number; kind: 'ping' | 'dump' | 'stop' };

/** The thread's answers: `ready` (id 0) once it serves `url`, then one answer per request. */
export type EmbeddedReply =
  | { id: number; kind: 'ready'; url: string }
  | { id: number; kind: 'pong' }
  | { id: number; kind: 'dump'; bytes: ArrayBuffer }
  | { id: number; kind: 'stopped' }
  | { id: number; kind: 'failed'; message: string };

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
 * and serves it on 127.0.0.1 so that postgres.js runs the same SQL as against a real server.
 * dataDir null keeps it in memory.
 */
export async function startEmbeddedPostgres(options: { dataDir: string | null }): Promise<EmbeddedPostgres> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const workerData: EmbeddedServerData = { pgdata: options.dataDir ? path.join(options.dataDir, 'pgdata') : null };
  const thread = startServerThread(workerData);
  const waiting = new Map<number, { resolve(reply: EmbeddedReply): void; reject(error: Error): void }>();
  let nextId = 1;
  let ended: Error | undefined;
  let stopping = false;
  thread.on('message', (reply: EmbeddedReply) => {
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.kind === 'failed') request?.reject(new Error(reply.message));
    else request?.resolve(reply);
  });
  // A thread that ends unasked (an abort inside PostgreSQL) fails what waits for it; the connections then fail as a lost server's do.
  const end = (error: Error) => {
    // A thread that failed ('error') also exits ('exit'): the first says why.
    if (ended) return;
    if (!stopping) console.error(error);
    ended = error;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  thread.on('error', (error) => end(new DatabaseUnavailableError('embedded database stopped', { cause: error })));
  thread.on('exit', (code) => end(new DatabaseUnavailableError(`embedded database stopped (exit code ${code})`)));
  /** The thread's next answer to `kind`; without a kind, its answer to the start (id 0). */
  const ask = (kind?: EmbeddedRequest['kind']) =>
    new Promise<EmbeddedReply>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = kind ? nextId++ : 0;
      waiting.set(id, { resolve, reject });
      if (kind) thread.postMessage({ id, kind } satisfies EmbeddedRequest);
    });

  try {
    const ready = await ask();
    if (ready.kind !== 'ready') throw new Error(`the embedded database answered ${ready.kind} to its start`);
    return {
      url: ready.url,
      async dumpDataDir() {
        const reply = await ask('dump');
        if (reply.kind !== 'dump') throw new Error(`the embedded database answered ${reply.kind} to a dump`);
        return new Blob([reply.bytes], { type: 'application/gzip' });
      },
      async ping() {
        await ask('ping');
      },
      async stop() {
        if (!ended) {
          stopping = true;
          try {
            await ask('stop');
          } finally {
            await thread.terminate();
          }
        }
        releaseLock();
      },
    };
  } catch (error) {
    stopping = true;
    await thread.terminate();
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
