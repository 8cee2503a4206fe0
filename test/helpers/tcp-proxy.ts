import net from 'node:net';
import { Transform } from 'node:stream';

export interface TcpProxy {
  /** The database URL given (for a Unix socket, postgres@127.0.0.1/postgres), pointed at the proxy instead. */
  url: string;
  /** Connections forwarded now. */
  openConnections(): number;
  /** The local ports of the proxy's connections to a server: its pg_stat_activity client_port values. */
  upstreamPorts(): number[];
  /** Stops listening (new connections are refused: ECONNREFUSED) and resets the ones open: the database is gone. */
  refuse(): Promise<void>;
  /**
   * Keeps every connection open but forwards nothing, either way, and accepts new ones the same way: a
   * host gone silent (a cut network), where nothing fails and everything waits.
   */
  stall(): void;
  /**
   * Once a statement containing `statement` has gone to the database, the next answer containing
   * `answer` (e.g. the tag of a COMMIT) never comes back: the database drops (as refuse) with it
   * done but unacknowledged. Resolves when it has dropped.
   */
  dropAfter(statement: string, answer: string): Promise<void>;
  /** Listens again on the same port, or forwards again after a stall: the database is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy between the product and PostgreSQL (a server's URL, or the embedded database's Unix
 * socket) that a test can cut and restore, so the product lives through a database outage while the
 * database itself keeps running.
 */
export async function startTcpProxy(upstreamAt: string | { socketPath: string }): Promise<TcpProxy> {
  const databaseUrl = typeof upstreamAt === 'string' ? upstreamAt : 'postgres://postgres@127.0.0.1/postgres';
  const target = new URL(databaseUrl);
  const connectUpstream = () =>
    typeof upstreamAt === 'string' ? net.connect(Number(target.port || 5432), target.hostname) : net.connect(upstreamAt.socketPath);
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  let stalled = false;
  let dropOn: { statement: string; answer: string; seen: boolean; dropped: () => void } | undefined;
  const server = net.createServer((client) => {
    const upstream = connectUpstream();
    sockets.add(client).add(upstream);
    upstreams.add(upstream);
    const forget = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      upstreams.delete(upstream);
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    // Answers go through a filter that can hold one back (dropAfter).
    const answers = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (dropOn?.seen && chunk.includes(dropOn.answer)) {
          const { dropped } = dropOn;
          dropOn = undefined;
          void refuse().then(dropped);
          done();
          return;
        }
        done(null, chunk);
      },
    });
    client.on('data', (chunk: Buffer) => {
      if (dropOn && chunk.includes(dropOn.statement)) dropOn.seen = true;
    });
    client.pipe(upstream).pipe(answers).pipe(client);
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
    // resetAndDestroy sends an RST, as a host whose database process died does; a Unix socket (the
    // embedded database's side, which has no remote address) has none to send.
    for (const socket of sockets) {
      if (socket.remoteAddress) socket.resetAndDestroy();
      else socket.destroy();
    }
    sockets.clear();
    upstreams.clear();
    await closed;
  };
  return {
    url: url.toString(),
    openConnections: () => sockets.size / 2,
    upstreamPorts: () => [...upstreams].flatMap((socket) => (socket.localPort === undefined ? [] : [socket.localPort])),
    refuse,
    dropAfter(statement, answer) {
      return new Promise<void>((dropped) => {
        dropOn = { statement, answer, seen: false, dropped };
      });
    },
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
