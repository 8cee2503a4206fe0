import postgres from 'postgres';

/** The advisory lock the instance that runs the background work holds (migrations and roll-ups use their own). */
export const LEADER_LOCK_ID = 7_261_015;

/** A session advisory lock held on a connection of its own, for as long as that connection's session lives. */
export interface HeldLock {
  /** False once the lock is lost: its connection dropped, or the server ended that session. */
  stillHeld(): Promise<boolean>;
  /** Unlocks and closes the connection. */
  release(): Promise<void>;
}

/**
 * Takes the session advisory lock `id` without waiting, on a connection opened for it alone so that the lock
 * lives exactly as long as that session; undefined when another session holds it. Advisory locks are kept
 * per database, so instances share one only when they share the database.
 *
 * Not a connection reserved from the pool (`sql.reserve()`): postgres.js 3.4 throws an uncaught TypeError
 * when a reserved connection whose session the server ended is used again, which would crash the process
 * instead of handing the leadership over. A client of its own reconnects, as a new session without the lock.
 */
export async function tryAdvisoryLock(databaseUrl: string, id: number): Promise<HeldLock | undefined> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { application_name: 'medcontacts leader lock' } });
  try {
    const [row] = await client<{ locked: boolean; pid: number }[]>`SELECT pg_try_advisory_lock(${id}::bigint) AS locked, pg_backend_pid() AS pid`;
    if (!row!.locked) {
      await client.end();
      return undefined;
    }
    const pid = row!.pid;
    return {
      async stillHeld() {
        // A connection that dropped and came back is a new session (another pid), which does not hold the lock.
        const found = await client<{ held: boolean }[]>`
          SELECT EXISTS (
            SELECT 1 FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND pid = ${pid} AND pid = pg_backend_pid()
              AND classid = 0 AND objid = ${id}::bigint::oid AND objsubid = 1
          ) AS held`.catch(() => [{ held: false }]);
        return found[0]!.held;
      },
      async release() {
        // Ending the session releases its locks.
        await client.end({ timeout: 5 });
      },
    };
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
}
