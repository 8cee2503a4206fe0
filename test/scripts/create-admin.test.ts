import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';
import { verifyPassword } from '../../api/auth/passwords.js';
import { childProductDatabase } from '../helpers/child-product-database.js';
import { childEnvWithoutCoverage, LOAD_TYPESCRIPT } from '../helpers/child-env.js';

/*
 * `npm run create-admin -- <username> [role]`, the way back in when every super admin is locked out: it
 * takes only what the console itself would take, and adds one account.
 */

const run = promisify(execFile);

t.test('adds one account the console can sign in and edit, and refuses a username it could not', async (t) => {
  const prepared = await childProductDatabase(t, 'create-admin-');
  await prepared.release();
  t.teardown(async () => (await prepared.open()).close());
  const env = { ...childEnvWithoutCoverage({ ADMIN_PASSWORD: 'a-strong-password-for-nina' }), ...prepared.databaseEnv };
  if (!('DATABASE_URL' in prepared.databaseEnv)) delete env.DATABASE_URL;
  const createAdmin = (...args: string[]) =>
    run(process.execPath, [...LOAD_TYPESCRIPT, 'scripts/create-admin.ts', ...args], { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  const refused = await createAdmin('head nurse');
  t.equal(refused.code, 2, 'a username with a space: exit code 2');
  t.equal(
    refused.stderr.trim(),
    'Username may contain only letters, digits, dots, dashes and underscores. Remove the other characters. (the username given: "head nurse")',
  );
  const tooLong = await createAdmin('n'.repeat(65), 'admin');
  t.equal(tooLong.code, 2);
  t.match(tooLong.stderr, 'Username can be at most 64 characters. Shorten it.');

  const made = await createAdmin('head.nurse', 'admin');
  t.equal(made.code, 0, made.stderr);
  t.equal(made.stdout.trim(), 'Created admin "head.nurse".');
  const again = await createAdmin('head.nurse');
  t.equal(again.code, 1, 'the same name twice: exit code 1');
  t.match(again.stderr, 'The username "head.nurse" is already taken.');

  delete env.ADMIN_PASSWORD;
  const generated = await createAdmin('night-desk', 'viewer');
  t.equal(generated.code, 0, generated.stderr);
  const [created, shown] = generated.stdout.trim().split('\n');
  t.equal(created, 'Created viewer "night-desk".');
  const password = /^Password \(shown once\): (\S{16,})$/.exec(shown ?? '')?.[1];
  t.ok(password, `a generated password is printed once: ${shown}`);

  const database = await prepared.open();
  const rows = await database.sql<{ username: string; role: string; passwordHash: string }[]>`SELECT username, role, password_hash FROM admin_users ORDER BY id`;
  if (!('DATABASE_URL' in prepared.databaseEnv)) await database.close();
  t.strictSame(
    rows.map(({ username, role }) => ({ username, role })),
    [
      { username: 'head.nurse', role: 'admin' },
      { username: 'night-desk', role: 'viewer' },
    ],
    'one account for each name taken, none for the refused ones',
  );
  t.ok(await verifyPassword(rows[0]!.passwordHash, 'a-strong-password-for-nina'), "the first has ADMIN_PASSWORD's password");
  t.ok(await verifyPassword(rows[1]!.passwordHash, password!), 'the second has the printed one');
});
