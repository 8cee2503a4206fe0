import postgres from 'postgres';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';

/** Seconds a new connection may take to be ready. */
const CONNECT_TIMEOUT_S = 3;
/** Seconds between attempts to reconnect (up to twice this, spread so connections do not retry together). */
const RECONNECT_DELAY_S = 0.25;

/** The tagged-template client every query module receives, the pool or a transaction; rows come back camelCased. */
export type Sql = postgres.ISql;
/** The connection pool itself: what opens transactions (sql/transaction.ts) and is closed at the end. */
export type Client = postgres.Sql;

export interface DatabaseOptions {
  /** An external PostgreSQL server. When absent the embedded one is started. */
  databaseUrl?: string;
  /** Where the embedded database keeps its files; null keeps it in memory (tests). */
  dataDir?: string | null;
  /** A data folder dumped as a .tar.gz (a backup) that a new embedded database starts from: tests start theirs migrated. */
  loadDataDir?: string;
  /**
   * Connections in the pool. Embedded PGlite has one session behind its socket server, so it gets
   * one connection: with more, a transaction on one connection and queries on another interleave
   * and fail ('portal "" does not exist'), and cursors lose their portal the same way.
   */
  maxConnections?: number;
}

export interface Database {
  sql: Client;
  /**
   * A client of its own for health checks (one connection), so a check is not queued behind the
   * pool's waiting queries. The embedded database has one session, so there it is `sql` itself, and
   * its checks ask `ping` instead (databaseProber).
   */
  probeSql: Client;
  /** The embedded database's thread answering (EmbeddedPostgres.ping): its probe (see databaseProber). */
  ping?: () => Promise<void>;
  kind: 'embedded' | 'external';
  /** The embedded database's data folder as a .tar.gz, for test templates; absent for an external server. */
  dumpDataDir?: () => Promise<Blob>;
  /** The embedded database's data folder, for backups (EmbeddedPostgres.snapshotDataDir); absent in memory and for an external server. */
  dataFolder?: { path: string; snapshot: EmbeddedPostgres['snapshotDataDir'] };
  /** Queries (and transactions) of `sql` waiting for a free connection of the pool, for the metrics. */
  waitingQueries(): number;
  close(): Promise<void>;
}

/** Opens the configured database: an external server, or embedded PGlite served on a local socket. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    survivePoolWarmUpFailures();
    // Parallel workers cost more to start than the product's queries take: a page of a filtered
    // list went from 80 ms to 1.4 ms without them (npm run bench, 3,000,000 logs), and with 20
    // requests at once on a few cores, workers only compete with the other requests.
    const sql = connect(options.databaseUrl, options.maxConnections ?? 10, { max_parallel_workers_per_gather: '0' });
    const probeSql = connect(options.databaseUrl, 1);
    return {
      sql,
      probeSql,
      kind: 'external',
      waitingQueries: waitingOf(sql),
      async close() {
        await Promise.all([sql.end({ timeout: 5 }), probeSql.end({ timeout: 1 })]);
      },
    };
  }
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: options.dataDir ?? null, loadDataDir: options.loadDataDir });
  const sql = connect({ path: embedded.socketPath }, options.maxConnections ?? 1);
  return {
    sql,
    probeSql: sql,
    ping: () => embedded.ping(),
    kind: 'embedded',
    dumpDataDir: () => embedded.dumpDataDir(),
    ...(embedded.pgdata && { dataFolder: { path: embedded.pgdata, snapshot: (into, range) => embedded.snapshotDataDir(into, range) } }),
    waitingQueries: waitingOf(sql),
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}

/**
 * postgres.js 3.4.9 reads the array types on each new connection and drops that query's promise: a
 * connection terminated at that moment (a restart or failover while the pool warms up) rejects it with
 * no one listening, and Node ends the process (an open report in the driver's repository). The driver
 * reconnects and the waiting query fails or retries on its own, so that rejection alone is let pass;
 * any other unhandled rejection is thrown on, ending the process as before.
 */
let warmUpGuardInstalled = false;
function survivePoolWarmUpFailures(): void {
  if (warmUpGuardInstalled) return;
  warmUpGuardInstalled = true;
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof postgres.PostgresError && reason.query.includes('from pg_catalog.pg_type a')) return;
    throw reason;
  });
}

/** A server's URL, or the embedded database's Unix socket. */
type Target = string | { path: string };

function connect(target: Target, max: number, settings: Record<string, string> = {}): Client {
  const options = {
    max,
    // A server that accepts connections but does not answer (a dead host, a cut network) fails the
    // queries waiting for it after this long, instead of postgres.js's default of 30 s.
    connect_timeout: CONNECT_TIMEOUT_S,
    // While the server is away every waiting query takes a connection attempt in turn; postgres.js's
    // default back-off grows to 20 s between attempts, which left requests hanging for half a minute.
    // The random part is jitter: instances that lost the server together do not all knock at once.
    backoff: () => RECONNECT_DELAY_S * (1 + Math.random()),
    transform: postgres.camel,
    onnotice: () => {},
    // Counts and identities are bigint; every one we keep fits in a JavaScript number.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
    connection: { application_name: 'medcontacts', ...settings },
  };
  return typeof target === 'string' ? postgres(target, options) : postgres({ ...options, path: target.path, user: 'postgres', database: 'postgres' });
}

/**
 * How many queries wait for a connection of the pool. postgres.js keeps that queue to itself:
 * patches/postgres+3.4.9.patch adds `waiting()` to tell its length.
 */
function waitingOf(client: Client): () => number {
  const { waiting } = client as Client & { waiting?: () => number };
  if (!waiting) throw new Error('postgres.js has no waiting(): patches/postgres+3.4.9.patch is not applied (npm ci applies it)');
  return waiting;
}
