import t from 'tap';
import postgres from 'postgres';
import { createTestDatabase } from '../helpers/database.js';
import { isDatabaseUnavailable } from '../../sql/errors.js';

// postgres.js 3.4.9 wrote a buffered query to a connection that had closed from a setImmediate callback,
// an exception nothing can catch: the process died (porsager/postgres#1154, #1208). patches/ fixes it.
t.test(
  'a query on a connection whose backend was ended fails with an error the caller can catch',
  { skip: process.env.TEST_DATABASE_URL ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL) to end a backend' },
  async (t) => {
    const db = await createTestDatabase();
    t.teardown(() => db.close());
    // A client of its own, to be told when its connection closes.
    let seeClosed!: () => void;
    const closed = new Promise<void>((resolve) => (seeClosed = resolve));
    const client = postgres(db.url!, { max: 1, onnotice: () => {}, onclose: () => seeClosed() });
    t.teardown(() => client.end({ timeout: 1 }));
    const reserved = await client.reserve();
    t.teardown(() => reserved.release());
    const [backend] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    await db.sql`SELECT pg_terminate_backend(${backend!.pid})`;
    // Once the client has seen the connection close: a reserved connection is not replaced, so what follows is
    // written to a connection without a socket (the write that killed the process).
    await closed;
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => reserved`SELECT 1`));
    const reasons = outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason : 'answered'));
    t.ok(outcomes.every((outcome) => outcome.status === 'rejected'), 'every query is refused');
    // CONNECTION_CLOSED or ECONNRESET, by which side noticed first; never the TypeError of a write to no socket.
    t.ok(reasons.every((reason) => !(reason instanceof TypeError) && isDatabaseUnavailable(reason)), 'each as a connection error');
    t.equal((await db.sql`SELECT 1 AS one`)[0]!.one, 1, 'the pool answers on a new connection');
  },
);
