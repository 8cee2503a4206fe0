import { spawn } from 'node:child_process';
import net from 'node:net';
import t from 'tap';
import { childEnvWithoutCoverage, LOAD_TYPESCRIPT } from '../helpers/child-env.js';

/**
 * PostgreSQL's ErrorResponse for a backend ended by pg_terminate_backend, or by a server shutting down.
 */
function terminationMessage(): Buffer {
  const fields = [
    ['S', 'FATAL'],
    ['V', 'FATAL'],
    ['C', '57P01'],
    ['M', 'terminating connection due to administrator command'],
  ];
  const body = Buffer.concat([...fields.map(([code, text]) => Buffer.from(`${code}${text}\0`)), Buffer.from('\0')]);
  const header = Buffer.alloc(5);
  header.write('E');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** How the proxy ends the connection: the server's termination message, or the socket cut with no word (a network failure). */
type Ending = 'terminated' | 'cut';

/**
 * Forwards to the server, except that the first connection to ask for the array types (the driver's first
 * statement on a new connection) is ended right then, as a restart, a failover or a network cut does during warm-up.
 */
async function proxyEndingTheTypeQuery(upstreamUrl: string, ending: Ending): Promise<{ url: string; terminated: () => number; close: () => Promise<void> }> {
  const upstreamAt = new URL(upstreamUrl);
  let terminated = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(upstreamAt.port || 5432), upstreamAt.hostname);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (terminated === 0 && chunk.includes('pg_catalog.pg_type')) {
        terminated += 1;
        upstream.unpipe(client);
        upstream.destroy();
        if (ending === 'terminated') client.end(terminationMessage());
        else client.destroy();
        return;
      }
      upstream.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    terminated: () => terminated,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  t.plan(0, 'needs a PostgreSQL server (TEST_DATABASE_URL): the embedded database is not reached over a network');
} else {
  for (const ending of ['terminated', 'cut'] as const) t.test(`a connection ${ending} while the pool warms up costs a query at most, never the process`, async (t) => {
    const proxy = await proxyEndingTheTypeQuery(serverUrl, ending);
    t.teardown(() => proxy.close());
    const child = spawn(process.execPath, [...LOAD_TYPESCRIPT, 'test/helpers/warm-up-child.ts', proxy.url], {
      env: childEnvWithoutCoverage(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    t.equal(proxy.terminated(), 1, `the type query of the first connection was ${ending}`);
    t.equal(exitCode, 0, `the process ended normally:\n${output}`);
    t.match(output, /^answered$/m, 'and a query was answered after it');
    t.notMatch(output, /attempt 3/, 'within two attempts');
  });
}
