import t from 'tap';
import { createTestDatabase } from '../helpers/database.js';

// postgres.js 3.4.9 wrote a buffered query to a connection that had closed from a setImmediate callback,
// an exception nothing can catch: the process died (porsager/postgres#1154, #1208). patches/ fixes it.
t.test(
  'a query on a connection whose backend was ended fails with an error the caller can catch',
  { skip: process.env.TEST_DATABASE_URL ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL) to end a backend' },
  async (t) => {
    const db = await createTestDatabase();
    t.teardown(() => db.close());
    const reserved = await db.sql.reserve();
    t.teardown(() => reserved.release());
    const [backend] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    await db.sql`SELECT pg_terminate_backend(${backend!.pid})`;
    // The backend is gone; these are written to the dead connection before it notices.
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => reserved`SELECT 1`));
    t.ok(outcomes.every((outcome) => outcome.status === 'rejected'), 'every query is refused');
    t.match(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'answered')), Array(5).fill(/^CONNECTION_/), 'each as a connection error, not a TypeError from the closed socket');
    t.equal((await db.sql`SELECT 1 AS one`)[0]!.one, 1, 'the pool answers on a new connection');
  },
);
