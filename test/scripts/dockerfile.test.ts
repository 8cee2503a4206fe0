import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { childProductDatabase } from '../helpers/child-product-database.js';
import { freePort } from '../helpers/child-env.js';
import { argsOf, buildByHand, commandOf, copyBuildContext, envOf, healthCheckCommand, parseDockerfile, parseDockerignore, type BuiltStage } from '../helpers/dockerfile.js';
import { until } from '../helpers/wait.js';

const stages = parseDockerfile(await readFile('Dockerfile', 'utf8'));
const finalStage = stages.at(-1)!;
const finalEnv = envOf(finalStage);

t.test('every stage starts from the Debian image of Node 24, the LTS line in support', async (t) => {
  t.strictSame(
    stages.map((stage) => stage.base),
    stages.map(() => 'node:24-bookworm-slim'),
  );
  t.ok(stages.length >= 2, 'a build stage, and a final stage that copies what runs');
});

t.test('the final stage runs as a non-root user, keeps its data in a volume at DATA_DIR, and checks its health', async (t) => {
  const user = argsOf(finalStage, 'USER').at(-1);
  t.ok(user, 'a USER is set');
  t.notOk(['root', '0', '0:0'].includes(user ?? 'root'), `the user ${user} is not root`);
  t.equal(finalEnv.DATA_DIR, '/data');
  t.strictSame(argsOf(finalStage, 'VOLUME'), ['["/data"]']);
  t.match(argsOf(finalStage, 'RUN').join('\n'), new RegExp(`chown ${user}(:\\S+)? /data`), 'the volume belongs to that user');
  t.strictSame(argsOf(finalStage, 'EXPOSE'), [finalEnv.PORT]);
  t.equal(finalEnv.PORT, '3000');
  const healthCheck = healthCheckCommand(argsOf(finalStage, 'HEALTHCHECK').at(-1) ?? 'NONE');
  t.equal(healthCheck?.[0], 'node', 'the health check needs no curl');
  t.match(healthCheck?.join(' '), '/api/health/live', 'liveness: a database outage is no reason to restart the container');
  t.strictSame(commandOf(argsOf(finalStage, 'CMD').at(-1) ?? ''), ['node', 'dist/scripts/start.js']);
  t.match(argsOf(finalStage, 'RUN').join('\n'), /postgresql-client-\$\{POSTGRES_CLIENT_MAJOR\}/, 'pg_dump for the backups of an external database');
});

t.test("an env file made from .env.example keeps the image's data in its volume", async (t) => {
  // docker run --env-file reads KEY=value lines; a set DATA_DIR, even empty, would replace /data.
  const keys = (await readFile('.env.example', 'utf8'))
    .split('\n')
    .filter((line) => /^\s*\w+=/.test(line))
    .map((line) => line.split('=')[0]!.trim());
  t.ok(keys.includes('PORT'), 'it sets variables');
  t.notOk(keys.includes('DATA_DIR'), 'but not DATA_DIR');
});

t.test('the build context leaves out secrets, local data, installed modules and build output', async (t) => {
  const ignored = parseDockerignore(await readFile('.dockerignore', 'utf8'));
  for (const file of ['.env', 'data/pgdata/PG_VERSION', 'node_modules/fastify/package.json', 'dist/scripts/start.js', 'console/dist/index.html', 'npm-debug.log', 'sql/x.log']) {
    t.ok(ignored(file), `${file} stays out`);
  }
  for (const file of ['.env.example', 'package-lock.json', 'console/src/main.tsx', 'sql/migrations/001_admin_auth.sql']) {
    t.notOk(ignored(file), `${file} goes in`);
  }
});

t.test('the build steps run by hand, and the built, pruned server answers /api/health and stops on SIGTERM', async (t) => {
  // .ci/run runs this file on the machine's Node and again on the image's Node major.
  t.comment(`build steps and server on Node ${process.version}; the image runs ${stages.at(-1)!.base}`);
  const workspace = await mkdtemp(path.join(tmpdir(), 'medcontacts-docker-'));
  t.teardown(() => rm(workspace, { recursive: true, force: true }));
  const context = path.join(workspace, 'context');
  const copied = await copyBuildContext(process.cwd(), context);
  t.ok(copied.includes('package-lock.json') && !copied.some((file) => file.startsWith('test/')), 'the context: tracked files less .dockerignore');

  // The database is prepared (the cities loaded) while the image builds, so the first start is quick.
  const [built, prepared] = await Promise.all([
    buildByHand({
      stages,
      context,
      workspace,
      // What the base image gives, and this machine's npm cache.
      baseEnv: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', npm_config_prefer_offline: 'true' },
      onRun: (command, ms) => t.comment(`RUN ${command}: ${(ms / 1000).toFixed(1)} s`),
    }),
    childProductDatabase(t, 'medcontacts-docker-data-'),
  ]);
  await prepared.release();
  const image = built.at(-1)!;
  const app = image.hostPath(image.workdir);
  t.strictSame((await readdir(app)).sort(), ['console', 'dist', 'node_modules', 'package.json'], 'the image holds only what runs');
  t.ok(existsSync(path.join(app, 'dist/sql/migrations/001_admin_auth.sql')), 'with the migrations');
  t.ok(existsSync(path.join(app, 'console/dist/index.html')), 'and the console');
  t.ok(existsSync(path.join(app, 'node_modules/fastify')), 'production dependencies are installed');
  for (const devDependency of ['vite', 'tap', 'typescript']) {
    t.notOk(existsSync(path.join(app, 'node_modules', devDependency)), `no dev dependency ${devDependency}`);
  }

  const dataDir = image.hostPath(image.env.DATA_DIR!);
  await mkdir(dataDir, { recursive: true });
  // The image runs as its unprivileged node user (uid 1000), who may write to /data only: so does this run, when the test has root to switch.
  const imageUser = process.getuid?.() === 0 ? { uid: 1000, gid: 1000 } : {};
  if ('uid' in imageUser) {
    await chmod(workspace, 0o755);
    for (const folder of new Set([dataDir, prepared.databaseEnv.DATA_DIR ?? dataDir])) execFileSync('chown', ['-R', '1000:1000', folder]);
  }
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    ...image.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    ...prepared.databaseEnv,
  };
  const [command, ...commandArgs] = commandOf(argsOf(image.stage, 'CMD').at(-1)!);
  const asTheImage = { cwd: app, env, ...imageUser };
  const server = spawn(command!, commandArgs, { ...asTheImage, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  t.teardown(() => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });

  const url = `http://127.0.0.1:${port}`;
  const starting = Date.now();
  await waitUntilListening(url, server, () => output);
  t.comment(`the built server answered /api/health after ${((Date.now() - starting) / 1000).toFixed(1)} s`);
  const health = await fetch(`${url}/api/health`);
  t.equal(health.status, 200);
  t.strictSame(await health.json(), { status: 'ok', db: 'ok', bot: 'running' });
  const ready = await fetch(`${url}/api/health/ready`);
  t.strictSame([ready.status, await ready.json()], [200, { status: 'ok' }], 'ready: the built server finds its migration files');
  const consolePage = await fetch(`${url}/contacts`);
  t.equal(consolePage.status, 200, 'the console is served');
  t.match(await consolePage.text(), '<div id="root"></div>');
  t.equal(await runHealthCheck(image, asTheImage), 0, "the image's HEALTHCHECK passes");
  t.match(output, 'username: admin', 'the first start made the first admin');

  server.kill('SIGTERM');
  t.strictSame(await exited, { code: 0, signal: null }, 'a clean exit on SIGTERM');
  t.match(output, 'SIGTERM received, shutting down');
  t.equal(await runHealthCheck(image, asTheImage), 1, 'and the HEALTHCHECK fails once it stopped');

  const database = await prepared.open();
  t.teardown(() => database.close());
  const admins = await database.sql<{ username: string }[]>`SELECT username FROM admin_users`;
  t.strictSame(admins.map((admin) => admin.username), ['admin'], 'the server used the database its environment named');
});

/**
 * Resolves once /api/health answers with the bot past "starting" (the console listens before the bot has reached
 * Telegram); rejects with the server's output when it exits first.
 */
async function waitUntilListening(url: string, server: ReturnType<typeof spawn>, output: () => string): Promise<void> {
  try {
    await until(async () => {
      if (server.exitCode !== null) throw new Error(`the built server exited (${server.exitCode})`);
      return fetch(`${url}/api/health`).then(
        async (response) => response.ok && ((await response.json()) as { bot?: string }).bot !== 'starting',
        () => false,
      );
    }, 'the built server to answer', 120_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${output()}`);
  }
}

/** Runs the final stage's HEALTHCHECK command as Docker would, and gives its exit code. */
function runHealthCheck(image: BuiltStage, options: SpawnOptions): Promise<number | null> {
  const [command, ...args] = healthCheckCommand(argsOf(image.stage, 'HEALTHCHECK').at(-1)!)!;
  const check = spawn(command!, args, { ...options, stdio: 'ignore' });
  return new Promise((resolve) => check.on('exit', (code) => resolve(code)));
}
