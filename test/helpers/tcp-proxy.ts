import net from 'node:net';

export interface TcpProxy {
  /** The database URL given, pointed at the proxy instead. */
  url: string;
  /** Connections forwarded now. */
  openConnections(): number;
  /** Stops listening (new connections are refused: ECONNREFUSED) and resets the ones open: the database is gone. */
  refuse(): Promise<void>;
  /**
   * Keeps every connection open but forwards nothing, either way, and accepts new ones the same way: a
   * host gone silent (a cut network), where nothing fails and everything waits.
   */
  stall(): void;
  /** Listens again on the same port, or forwards again after a stall: the database is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy between the product and PostgreSQL that a test can cut and restore, so the product
 * lives through a database outage while the shared server itself keeps running.
 */
export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const forget = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    client.pipe(upstream).pipe(client);
    // After pipe(), which sets both flowing.
    if (stalled) {
      client.pause();
      upstream.pause();
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const refuse = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // resetAndDestroy sends an RST, as a host whose database process died does.
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    await closed;
  };
  return {
    url: url.toString(),
    openConnections: () => sockets.size / 2,
    refuse,
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    async restore() {
      if (stalled) {
        stalled = false;
        for (const socket of sockets) socket.resume();
      }
      if (!server.listening) await listen(port);
    },
    close: async () => {
      if (server.listening) await refuse();
    },
  };
}
