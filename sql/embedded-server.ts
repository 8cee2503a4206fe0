/**
 * The embedded database's thread (see embedded.ts): PGlite and its socket server. PGlite runs
 * PostgreSQL in WebAssembly on the thread that calls it; here that is not the thread that answers
 * the bot and the console, so a query's work no longer holds their event loop, and it runs on
 * another core. The process ends the thread (terminate) once it has answered a stop.
 */
import { readFile } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { snapshotDataDir } from './data-dir-snapshot.js';
import type { EmbeddedReply, EmbeddedRequest, EmbeddedServerData } from './embedded.js';

/** PostgreSQL's buffer pool inside PGlite: a quarter of initdb's default, about 110 MB less resident memory. */
const SHARED_BUFFERS = '32MB';

/** The longest the thread runs queued statements without a turn of its event loop. */
const MAX_MS_BETWEEN_TURNS = 20;

const port = parentPort!;
const { pgdata, loadDataDir, socketPath } = workerData as EmbeddedServerData;
const post = (reply: EmbeddedReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
/** PGlite's file system throws plain objects ({ name: 'ErrnoError', errno }), not Errors. */
const describe = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'object' && error ? JSON.stringify(error) : String(error));

try {
  const db = await PGlite.create({
    dataDir: pgdata ?? undefined,
    loadDataDir: loadDataDir ? new Blob([await readFile(loadDataDir)]) : undefined,
    extensions: { cube, earthdistance, pg_trgm },
    // initdb's 128 MB of shared buffers live in the WebAssembly heap, resident from the first query;
    // the data files are read through the operating system's page cache anyway.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  answerBetweenStatements(db);
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();

  port.on('message', (request: EmbeddedRequest) => {
    void (async () => {
      try {
        if (request.kind === 'ping') {
          post({ id: request.id, kind: 'pong' });
        } else if (request.kind === 'snapshot') {
          if (!pgdata) throw new Error('a database in memory has no data folder to snapshot');
          post({ id: request.id, kind: 'snapshot', pauseMs: await snapshotDataDir(db, pgdata, request.into, request.range) });
        } else if (request.kind === 'dump') {
          const bytes = await (await db.dumpDataDir('gzip')).arrayBuffer();
          post({ id: request.id, kind: 'dump', bytes }, [bytes]);
        } else {
          await server.stop();
          await db.close();
          post({ id: request.id, kind: 'stopped' });
        }
      } catch (error) {
        post({ id: request.id, kind: 'failed', message: describe(error) });
      }
    })();
  });
  post({ id: 0, kind: 'ready' });
} catch (error) {
  post({ id: 0, kind: 'failed', message: `The embedded database could not start ${pgdata ? `on ${pgdata}` : 'in memory'}: ${describe(error)}` });
}

/**
 * The socket server runs the statements queued on it back to back through `runExclusive`, awaiting only
 * promises, so the thread's messages (a ping) and the sockets' reads waited until the whole queue was
 * done. A turn of the event loop before a statement, once MAX_MS_BETWEEN_TURNS have passed since the
 * last, lets them in between two statements; a turn before every statement cost the log writes a tenth.
 */
function answerBetweenStatements(db: PGlite): void {
  const runExclusive = db.runExclusive.bind(db);
  let lastTurn = 0;
  db.runExclusive = async (statement) => {
    if (performance.now() - lastTurn >= MAX_MS_BETWEEN_TURNS) {
      await setImmediate();
      lastTurn = performance.now();
    }
    return runExclusive(statement);
  };
}
