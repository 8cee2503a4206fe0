import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { childProductDatabase } from '../helpers/child-product-database.js';
import { childEnvWithoutCoverage, freePort, LOAD_TYPESCRIPT } from '../helpers/child-env.js';
import { until } from '../helpers/wait.js';

/*
 * `npm start` as an operator meets it: a setting the start cannot work with stops the process with
 * exit code 1 and one sentence naming the variable and what is wrong, never a stack trace, never a
 * process that keeps running with the bot dead.
 */

/** Starts scripts/start.ts (or another script) with exactly this environment; `exited` resolves with its exit code and output (killed after 90 s). */
function launch(env: NodeJS.ProcessEnv, script = 'scripts/start.ts') {
  const child = spawn(process.execPath, [...LOAD_TYPESCRIPT, script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
  return { child, exited, output: () => output };
}

const startWith = (env: NodeJS.ProcessEnv) => launch(env).exited;

/** The process stopped at start, saying so in one line that names the variable (and matches `says`). */
function stoppedWithOneLine(t: Test, result: { code: number | null; output: string }, variable: string, says: RegExp, what = 'MedContacts could not start'): void {
  t.equal(result.code, 1, 'exit code 1');
  const lines = result.output.trim().split('\n');
  t.equal(lines.length, 1, `one line:\n${result.output}`);
  t.notMatch(result.output, /^\s+at /m, 'no stack trace');
  t.match(lines[0], `${what}: ${variable}`, `it names ${variable}`);
  t.match(lines[0], says);
}

const bare = (extra: NodeJS.ProcessEnv) => {
  const env = childEnvWithoutCoverage({ HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'off', ...extra });
  for (const name of ['DATABASE_URL', 'BOT_TOKEN', 'TELEGRAM_API_ROOT', 'PORT', 'DATA_DIR']) if (!(name in extra)) delete env[name];
  return env;
};

t.test('a DATABASE_URL postgres.js cannot read is a configuration line, before anything starts', async (t) => {
  for (const url of ['postgres://postgres@127.0.0.1:notaport/medcontacts', 'postgres://user:50%off@127.0.0.1/medcontacts']) {
    const result = await startWith(bare({ DATABASE_URL: url }));
    t.equal(result.code, 1);
    t.equal(
      result.output.trim(),
      'Invalid configuration:\n  - DATABASE_URL: DATABASE_URL must read as postgres://user:password@host:5432/database, with special characters percent-encoded (%40 for @)',
      url,
    );
  }
});

t.test('a DATABASE_URL where nothing listens', async (t) => {
  const port = await freePort();
  const result = await startWith(bare({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/medcontacts`, PORT: String(await freePort()) }));
  stoppedWithOneLine(t, result, 'DATABASE_URL', new RegExp(`nothing accepts connections at 127\\.0\\.0\\.1:${port}`));
});

t.test('npm run migrate (node dist/scripts/migrate.js in the image) says it the same way', async (t) => {
  const port = await freePort();
  const result = await launch(bare({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/medcontacts` }), 'scripts/migrate.ts').exited;
  stoppedWithOneLine(t, result, 'DATABASE_URL', /nothing accepts connections/, 'The migrations could not run');
  const unreadable = await launch(bare({ DATABASE_URL: 'mysql://root@127.0.0.1/medcontacts' }), 'scripts/migrate.ts').exited;
  t.equal(unreadable.code, 1);
  t.equal(unreadable.output.trim(), 'Invalid configuration:\n  - DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://', 'a configuration line, no stack');
});

t.test('a DATABASE_URL naming a database the server does not have', { skip: !process.env.TEST_DATABASE_URL && 'needs a PostgreSQL server (TEST_DATABASE_URL)' }, async (t) => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = '/medcontacts_never_created';
  const result = await startWith(bare({ DATABASE_URL: url.toString(), PORT: String(await freePort()) }));
  stoppedWithOneLine(t, result, 'DATABASE_URL', /the database "medcontacts_never_created" does not exist/);
});

t.test('a DATA_DIR that cannot be made', async (t) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'start-failures-'));
  t.teardown(() => rm(folder, { recursive: true, force: true }));
  // A file where a folder should be: no write permission is missing, so this holds when the test runs as root too.
  await writeFile(path.join(folder, 'a-file'), '');
  const dataDir = path.join(folder, 'a-file', 'data');
  const result = await startWith(bare({ DATA_DIR: dataDir, PORT: String(await freePort()) }));
  stoppedWithOneLine(t, result, 'DATA_DIR', new RegExp(`DATA_DIR ${dataDir} cannot be written: a part of the path is a file`));
});

t.test('on a database that is ready: a PORT in use, and a BOT_TOKEN Telegram refuses', async (t) => {
  const prepared = await childProductDatabase(t, 'start-failures-data-');
  await prepared.release();
  // Closes the server's test database (dropping it) or the embedded one, once the children are done with it.
  t.teardown(async () => (await prepared.open()).close());
  const telegram = await createTelegramSimulator({ token: '777004:THE-RIGHT-ONE' });
  t.teardown(() => telegram.close());

  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => taken.close(resolve)));
  const takenPort = (taken.address() as { port: number }).port;
  const inUse = await startWith(prepared.childEnv(telegram, takenPort));
  stoppedWithOneLine(t, inUse, 'PORT', new RegExp(`PORT ${takenPort} is already in use on 127\\.0\\.0\\.1`));

  const port = await freePort();
  const refused = await startWith(prepared.childEnv({ token: '777004:NOT-THIS-ONE', apiRoot: telegram.apiRoot }, port));
  stoppedWithOneLine(t, refused, 'BOT_TOKEN', new RegExp(`BOT_TOKEN was refused by the Bot API server at TELEGRAM_API_ROOT \\(${telegram.apiRoot}\\) \\(401: Unauthorized\\)`));
  const stillServed = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  t.equal(stillServed, false, 'nothing keeps answering on PORT with a bot that cannot run');

  const good = launch(prepared.childEnv(telegram, port));
  t.teardown(() => void good.child.kill('SIGKILL'));
  // The same database and Telegram with the right token start: what failed above was the token alone.
  // The console listens before the bot has reached Telegram, and health says "starting" meanwhile: wait past it.
  let health: { bot?: string } | undefined;
  await until(async () => {
    health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.json() as Promise<{ bot?: string }>,
      () => undefined,
    );
    return (health !== undefined && health.bot !== 'starting') || good.child.exitCode !== null;
  }, 'the bot to start', 60_000);
  t.strictSame(health, { status: 'ok', db: 'ok', bot: 'running' }, 'the right token starts');
  good.child.kill('SIGTERM');
  t.equal((await good.exited).code, 0, 'and stops cleanly on SIGTERM');

  // A Telegram that cannot be reached (nothing listens at TELEGRAM_API_ROOT) is no reason to stop: the start
  // goes on, says so, and the process still stops cleanly on SIGTERM. It used to wait for the bot for ever:
  // no console line, no first admin's password, no SIGTERM handler (killed outright), nothing logged.
  const away = { token: telegram.token, apiRoot: `http://127.0.0.1:${await freePort()}` };
  const unreachable = launch({ ...prepared.childEnv(away, port), LOG_LEVEL: 'warn', LOG_FORMAT: 'json' });
  t.teardown(() => void unreachable.child.kill('SIGKILL'));
  // Past the 10 s the start waits for the bot, it has gone on.
  await until(() => unreachable.child.exitCode !== null || /Console: /.test(unreachable.output()), 'the start to go on without the bot', 60_000);
  const waiting = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.json(),
    (error: unknown) => String(error),
  );
  t.strictSame(waiting, { status: 'ok', db: 'ok', bot: 'starting' }, 'the console answers, the bot is still trying');
  unreachable.child.kill('SIGTERM');
  const { code, output } = await unreachable.exited;
  t.equal(code, 0, 'SIGTERM stops it cleanly');
  t.match(output, 'Console: ', 'the start finished: it printed the console address');
  t.match(output, `The bot cannot reach the Bot API server at TELEGRAM_API_ROOT (${away.apiRoot}) yet`, 'and said what the bot waits for');
  t.match(output, 'SIGTERM received, shutting down');
});
