import t, { type Test } from 'tap';
import { loadConfig } from '../../scripts/config.js';
import { startProduct, type ProductOptions, type RunningProduct } from '../../scripts/product.js';
import { createTestDatabase } from '../helpers/database.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';

/**
 * Starts the whole product on an empty database: in-memory PGlite, or a fresh database on the
 * server named by TEST_DATABASE_URL. Stopped when the test ends.
 */
async function startTestProduct(t: Test, env: Record<string, string>, overrides: Partial<ProductOptions> = {}): Promise<RunningProduct> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env });
  const db = process.env.TEST_DATABASE_URL ? await createTestDatabase({ migrate: false }) : undefined;
  const product = await startProduct({ ...config, dataDir: null, databaseUrl: db?.url, gazetteerFilter: LARGE_CITIES, ...overrides }).catch(async (error: unknown) => {
    await db?.close();
    throw error;
  });
  t.teardown(async () => {
    await product.stop();
    await db?.close();
  });
  return product;
}

async function signInOverHttp(product: RunningProduct, identifier: string, password: string) {
  const response = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; user?: { username: string; role: string } } };
}

t.test('the first start creates `admin` with a generated password, and answers over HTTP', async (t) => {
  const product = await startTestProduct(t, { DEMO_DATA: 'off' });
  t.match(product.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.ok(product.migrationsApplied.length >= 2, 'the migrations ran');
  t.equal(product.initialAdmin.created, true);
  if (!product.initialAdmin.created) return;
  t.equal(product.initialAdmin.username, 'admin');
  const password = product.initialAdmin.generatedPassword!;
  t.ok(password.length >= 16, 'a long random password');

  const health = await fetch(`${product.url}/api/health`);
  t.equal(health.status, 200);
  t.strictSame(await health.json(), { status: 'ok', db: 'ok', bot: 'running' });

  const signIn = await signInOverHttp(product, 'admin', password);
  t.equal(signIn.status, 200);
  t.match(signIn.body, { success: true, user: { username: 'admin', role: 'super_admin' } });

  const users = await product.database.sql<{ username: string }[]>`SELECT username FROM admin_users`;
  t.strictSame(users.map((user) => user.username), ['admin'], 'no demo staff with DEMO_DATA off');
});

t.test('ADMIN_USERNAME and ADMIN_PASSWORD create that super admin instead', async (t) => {
  const product = await startTestProduct(t, { DEMO_DATA: 'off', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-of-staff-pw' });
  t.strictSame(product.initialAdmin, { created: true, username: 'chief', generatedPassword: undefined });
  const signIn = await signInOverHttp(product, 'chief', 'chief-of-staff-pw');
  t.equal(signIn.status, 200);
  t.match(signIn.body, { user: { username: 'chief', role: 'super_admin' } });
  t.equal((await signInOverHttp(product, 'admin', 'anything-at-all')).status, 401, 'no `admin` is made');
});

t.test('TRUST_PROXY reaches the app: behind the listed proxy, a session is recorded from the forwarded address', async (t) => {
  const product = await startTestProduct(t, { DEMO_DATA: 'off', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-of-staff-pw', TRUST_PROXY: '127.0.0.1,::1' });
  const response = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
    body: JSON.stringify({ identifier: 'chief', password: 'chief-of-staff-pw' }),
  });
  t.equal(response.status, 200);
  const sessions = await product.database.sql<{ ip: string }[]>`SELECT ip FROM admin_sessions`;
  t.strictSame(sessions.map((session) => session.ip), ['198.51.100.7']);
});

t.test('a too weak ADMIN_PASSWORD stops the start with a clear message', async (t) => {
  await t.rejects(startTestProduct(t, { DEMO_DATA: 'off', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'password123' }), {
    message: 'ADMIN_PASSWORD: This password is too common. Choose a longer or less common password.',
  });
});

t.test('demo data adds a staff member of each role, once', async (t) => {
  const product = await startTestProduct(t, {});
  const demo = ['demo.viewer', 'demo.editor', 'demo.admin', 'demo.superadmin'];
  const roles = ['viewer', 'editor', 'admin', 'super_admin'];
  for (const [index, username] of demo.entries()) {
    const signIn = await signInOverHttp(product, username, 'demo-password');
    t.equal(signIn.status, 200, `${username} signs in`);
    t.equal(signIn.body.user?.role, roles[index]);
  }
  const countStaff = async () => {
    const [row] = await product.database.sql<{ count: number }[]>`SELECT count(*) AS count FROM admin_users`;
    return row!.count;
  };
  t.equal(await countStaff(), 5, '`admin` and the four demo staff');

  const { seedDemoData } = await import('../../scripts/seed-demo.js');
  await seedDemoData(product.database.sql);
  t.equal(await countStaff(), 5, 'a second seed run adds nothing');
});

t.test('the start rolls the demo logs up at once', async (t) => {
  const startedAt = new Date();
  const product = await startTestProduct(t, {});
  await product.jobs.whenIdle();
  // Retention then trims the raw rows older than its 90 days; the roll-ups keep the demo's year. The live bot
  // logs what the simulated groups do at start (the bot made an administrator, …), racing the roll-up: rows
  // written since the start may come after its watermark.
  const [state] = await product.database.sql<
    { logs: number; newestBeforeStart: number; rolledUpTo: number; rolledUpLogs: number; rolledUpDays: number; firstRolledUpDayAge: number; olderBeyond: number }[]
  >`
    WITH kept AS (SELECT min(created_at AT TIME ZONE 'UTC')::date + 1 AS since FROM bot_logs),
      watermark AS (SELECT last_log_id FROM log_rollup_state)
    SELECT (SELECT count(*) FROM bot_logs WHERE (created_at AT TIME ZONE 'UTC')::date >= (SELECT since FROM kept)
        AND id <= (SELECT last_log_id FROM watermark))::int AS logs,
      (SELECT max(id) FROM bot_logs WHERE created_at < ${startedAt})::int AS newest_before_start,
      (SELECT last_log_id FROM watermark)::int AS rolled_up_to,
      (SELECT sum(requests) FROM log_daily_totals WHERE day >= (SELECT since FROM kept))::int AS rolled_up_logs,
      (SELECT count(*) FROM log_daily_totals)::int AS rolled_up_days,
      (SELECT (${startedAt}::timestamptz AT TIME ZONE 'UTC')::date - min(day) FROM log_daily_totals)::int AS first_rolled_up_day_age,
      (SELECT count(*) FROM bot_logs WHERE id > (SELECT last_log_id FROM watermark) AND created_at < ${startedAt})::int AS older_beyond`;
  t.ok(state!.logs > 1000, `${state!.logs} demo log rows`);
  t.ok(state!.rolledUpTo >= state!.newestBeforeStart, 'the roll-up reached the newest demo log');
  t.equal(state!.olderBeyond, 0, 'only rows the live bot wrote since the start wait for the next roll-up');
  t.equal(state!.rolledUpLogs, state!.logs, 'and holds every row once');
  // The demo's history starts 400 UTC days back (401 if the seed's clock passed midnight after the start); its
  // first days, when only a handful of users had joined, may have no traffic, depending on the hour it runs.
  const age = state!.firstRolledUpDayAge;
  t.ok(age >= 395 && age <= 401, `the roll-ups reach back to the demo's first weeks (${age} days ago), far past retention's 90 days`);
  t.ok(state!.rolledUpDays >= 390, `the roll-ups hold the demo's ${state!.rolledUpDays} days`);
});
