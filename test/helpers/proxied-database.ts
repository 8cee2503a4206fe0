import type { Test } from 'tap';
import { openDatabase, type Database } from '../../sql/database.js';
import { startEmbeddedPostgres } from '../../sql/embedded.js';
import { runMigrations } from '../../sql/migrate.js';
import { createTestDatabase } from './database.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

export interface ProxiedDatabase {
  /** The test's own way in, which the proxy never cuts. */
  direct: Database;
  /** The way in for the code under test. */
  proxied: Database;
  proxy: TcpProxy;
}

/**
 * A fresh migrated database (on the TEST_DATABASE_URL server, or embedded) that the code under test reaches
 * through a proxy the test can cut; closed when the test ends.
 */
export async function aProxiedDatabase(t: Test): Promise<ProxiedDatabase> {
  const server = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const embedded = server ? undefined : await startEmbeddedPostgres({ dataDir: null });
  // The embedded database listens on a Unix socket: the test's own way in is a proxy it never cuts.
  const directProxy = embedded ? await startTcpProxy({ socketPath: embedded.socketPath }) : undefined;
  const direct: Database = server ?? (await openDatabase({ databaseUrl: directProxy!.url, maxConnections: 1 }));
  if (embedded) await runMigrations(direct.sql);
  const proxy = await startTcpProxy(server?.url ?? { socketPath: embedded!.socketPath });
  // One connection: the embedded database has one session (sql/database.ts).
  const proxied = await openDatabase({ databaseUrl: proxy.url, maxConnections: 1 });
  t.teardown(async () => {
    await proxied.close();
    await proxy.close();
    await direct.close();
    await directProxy?.close();
    await embedded?.stop();
  });
  return { direct, proxied, proxy };
}
