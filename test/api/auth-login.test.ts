import t from 'tap';
import * as argon2 from '@node-rs/argon2';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type * as TestAppModule from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';

const MINUTE = 60_000;
const INVALID = { success: false, error: 'Invalid username or password', message: 'Invalid username or password' };

const locked = (minutes: number) => {
  const text = `Too many failed sign-in attempts. This account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return { success: false, error: text, message: text };
};

function login(app: TestApp['app'], payload: Record<string, unknown>, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload, ...(remoteAddress && { remoteAddress }) });
}

/** Fails to sign in `times` times with a wrong password; returns the last answer. */
// One app for the file: starting a database costs seconds, and every test below uses its own users.
const { app, db, clock } = await createTestApp(t);

async function failSignIn(app: TestApp['app'], identifier: string, times: number, remoteAddress?: string) {
  let response;
  for (let i = 0; i < times; i++) response = await login(app, { identifier, password: 'not-the-password' }, remoteAddress);
  return response!;
}

t.test('signing in', async (t) => {
  const user = await anAdminUser(db.sql, { username: 'Nora.Nurse', email: 'Nora@Example.org', firstName: 'Nora', role: 'editor' });

  t.test('by username, ignoring case, answers the tokens and the user', async (t) => {
    const response = await login(app, { identifier: 'nora.NURSE', password: user.password });
    t.equal(response.statusCode, 200);
    const body = response.json();
    t.same(Object.keys(body).sort(), ['refreshToken', 'success', 'token', 'user']);
    t.equal(body.success, true);
    t.match(body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'the access token is a JWT');
    t.ok(body.refreshToken.length >= 22, 'the refresh token carries at least 128 bits');
    t.strictSame(body.user, { id: user.id, username: 'Nora.Nurse', role: 'editor', firstName: 'Nora' });
  });

  t.test('by email, ignoring case', async (t) => {
    const response = await login(app, { identifier: '  nora@EXAMPLE.org ', password: user.password });
    t.equal(response.statusCode, 200);
    t.equal(response.json().user.username, 'Nora.Nurse');
  });

  t.test('stamps the last login time', async (t) => {
    const [row] = await db.sql<{ lastLogin: Date | null }[]>`SELECT last_login FROM admin_users WHERE id = ${user.id}`;
    t.ok(row!.lastLogin, 'last_login is set');
  });
});

t.test('an unknown user and a wrong password get the same answer', async (t) => {
  const user = await anAdminUser(db.sql, {});
  const unknown = await login(app, { identifier: 'nobody-here', password: 'whatever-password' });
  const wrong = await login(app, { identifier: user.username, password: 'whatever-password' });
  t.equal(unknown.statusCode, 401);
  t.equal(wrong.statusCode, 401);
  t.strictSame(unknown.json(), INVALID);
  t.equal(wrong.body, unknown.body, 'the bodies are byte for byte the same');
});

t.test('the password is compared exactly', async (t) => {
  const user = await anAdminUser(db.sql, { password: 'Case-Sensitive-Pass' });
  const response = await login(app, { identifier: user.username, password: 'case-sensitive-pass' });
  t.equal(response.statusCode, 401);
  t.strictSame(response.json(), INVALID);
});

t.test('validation names the missing field', async (t) => {

  const noIdentifier = await login(app, { password: 'something' });
  t.equal(noIdentifier.statusCode, 400);
  t.match(noIdentifier.json(), { field: 'identifier', message: 'Email or username is required' });
  t.strictSame(noIdentifier.json().fields, { identifier: 'Email or username is required' });

  const blankIdentifier = await login(app, { identifier: '   ', password: 'something' });
  t.equal(blankIdentifier.statusCode, 400);
  t.match(blankIdentifier.json(), { field: 'identifier', message: 'Email or username is required' });

  const noPassword = await login(app, { identifier: 'someone' });
  t.equal(noPassword.statusCode, 400);
  t.match(noPassword.json(), { field: 'password', message: 'Password is required' });
  t.strictSame(noPassword.json().fields, { password: 'Password is required' });

  const badCode = await login(app, { identifier: 'someone', password: 'something', twoFactorToken: '12ab56' });
  t.equal(badCode.statusCode, 400);
  t.match(badCode.json(), { field: 'twoFactorToken', message: 'The code must be 6 digits. Type the code your authenticator app shows.' });
});

t.test('a deactivated user is refused even with the right password', async (t) => {
  const user = await anAdminUser(db.sql, { isActive: false });
  const response = await login(app, { identifier: user.username, password: user.password });
  t.equal(response.statusCode, 403);
  const text = 'This account is deactivated. Ask an administrator to reactivate it.';
  t.strictSame(response.json(), { success: false, error: text, message: text });
});

t.test('lockout after 5 failures within 15 minutes from one address', async (t) => {
  const user = await anAdminUser(db.sql, {});

  for (let attempt = 1; attempt <= 4; attempt++) {
    const response = await login(app, { identifier: user.username, password: 'wrong-password' });
    t.equal(response.statusCode, 401, `failure ${attempt} is a plain refusal`);
    clock.advance(MINUTE);
  }
  const fifth = await login(app, { identifier: user.username, password: 'wrong-password' });
  t.equal(fifth.statusCode, 429, 'the fifth failure locks the account');
  t.strictSame(fifth.json(), { ...locked(15), retryAfter: 15 * 60 });

  const rightPassword = await login(app, { identifier: user.username, password: user.password });
  t.equal(rightPassword.statusCode, 429, 'while locked, even the right password is refused');
  t.strictSame(rightPassword.json(), { ...locked(15), retryAfter: 15 * 60 });

  clock.advance(10 * MINUTE + 30_000);
  const later = await login(app, { identifier: user.username, password: user.password });
  t.strictSame(later.json(), { ...locked(5), retryAfter: 4 * 60 + 30 }, 'the answer counts down');

  clock.advance(4 * MINUTE + 31_000);
  const failuresAfterLock = await failSignIn(app, user.username, 5);
  t.equal(failuresAfterLock.statusCode, 429, 'failing again without a success locks again');
  t.strictSame(failuresAfterLock.json(), { ...locked(30), retryAfter: 30 * 60 }, 'and the second lock is twice as long');

  clock.advance(30 * MINUTE + 1000);
  const afterLock = await login(app, { identifier: user.username, password: user.password });
  t.equal(afterLock.statusCode, 200, 'once the lock has passed, the right password signs in');

  const afterSuccess = await failSignIn(app, user.username, 5);
  t.strictSame(afterSuccess.json(), { ...locked(15), retryAfter: 15 * 60 }, 'a success resets the lockout history');
});

t.test('a success resets the failure count', async (t) => {
  const user = await anAdminUser(db.sql, {});
  await failSignIn(app, user.username, 4);
  t.equal((await login(app, { identifier: user.username, password: user.password })).statusCode, 200);
  const response = await failSignIn(app, user.username, 4);
  t.equal(response.statusCode, 401, 'four more failures do not lock');
  t.equal((await login(app, { identifier: user.username, password: user.password })).statusCode, 200);
});

t.test('failures spread over more than 15 minutes do not lock', async (t) => {
  const user = await anAdminUser(db.sql, {});
  for (let attempt = 1; attempt <= 8; attempt++) {
    const response = await login(app, { identifier: user.username, password: 'wrong-password' });
    t.equal(response.statusCode, 401, `failure ${attempt}, four minutes after the previous one`);
    clock.advance(4 * MINUTE);
  }
  t.equal((await login(app, { identifier: user.username, password: user.password })).statusCode, 200);
});

t.test('an unknown name is counted, locked and answered exactly as an account, so no answer tells which exist', async (t) => {
  const user = await anAdminUser(db.sql, {});
  for (let attempt = 1; attempt <= 6; attempt++) {
    const known = await login(app, { identifier: user.username, password: 'wrong-password' }, '10.1.0.1');
    const unknown = await login(app, { identifier: 'ghost', password: 'wrong-password' }, '10.1.0.1');
    t.equal(unknown.statusCode, known.statusCode, `attempt ${attempt}: the same status`);
    t.strictSame(unknown.json(), known.json(), `attempt ${attempt}: the same answer`);
    if (attempt < 5) t.strictSame(known.json(), INVALID);
    else t.strictSame(known.json(), { ...locked(15), retryAfter: 15 * 60 }, 'both locked for that address');
  }
});

t.test('failures from other addresses cannot lock the owner out', async (t) => {
  const user = await anAdminUser(db.sql, {});
  // An attacker guessing from 30 addresses, five guesses each: each address is locked out in turn…
  for (let source = 1; source <= 30; source++) {
    const last = await failSignIn(app, user.username, 5, `10.2.0.${source}`);
    t.equal(last.statusCode, 429, `address ${source} is locked after its failures`);
    const rightFromThere = await login(app, { identifier: user.username, password: user.password }, `10.2.0.${source}`);
    t.equal(rightFromThere.statusCode, 429, `even the right password from locked address ${source} is refused`);
  }
  // …and once the account is under attack, a new address's first failure locks that address.
  const fresh = await login(app, { identifier: user.username, password: 'wrong-password' }, '10.2.1.1');
  t.strictSame(fresh.json(), { ...locked(15), retryAfter: 15 * 60 }, 'one guess per address while the account is under attack');

  const owner = await login(app, { identifier: user.username, password: user.password }, '10.3.0.1');
  t.equal(owner.statusCode, 200, "the owner's right password from an address with no failures signs in");
  t.equal((await login(app, { identifier: user.username, password: user.password }, '10.2.0.1')).statusCode, 429, "and that does not lift the attacker's locks");
});

t.test('the sign-in route is rate-limited per address', async (t) => {
  const limited = await createTestApp(t, { loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
  const user = await anAdminUser(limited.db.sql, {});
  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await login(limited.app, { identifier: 'ghost', password: 'whatever-password' })).statusCode, 401);
  }
  const fourth = await login(limited.app, { identifier: user.username, password: user.password });
  t.equal(fourth.statusCode, 429, 'the fourth attempt is refused, even with the right password');
  const text = 'Too many sign-in attempts from this address. Try again in 60 seconds.';
  t.strictSame(fourth.json(), { success: false, error: text, message: text, retryAfter: 60 });
  t.equal(fourth.headers['retry-after'], '60');

  const otherAddress = await limited.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: user.username, password: user.password },
    remoteAddress: '10.0.0.9',
  });
  t.equal(otherAddress.statusCode, 200, 'another address is not limited');
});

t.test('an IPv6 client is limited per /64 network, so new addresses within it do not get around the limit', async (t) => {
  const limited = await createTestApp(t, { loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
  const ghost = { identifier: 'ghost', password: 'whatever-password' };
  for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::3']) {
    t.equal((await login(limited.app, ghost, address)).statusCode, 401, address);
  }
  t.equal((await login(limited.app, ghost, '2001:db8:1:2:ffff::9')).statusCode, 429, 'another address of the same /64 is refused');
  t.equal((await login(limited.app, ghost, '2001:db8:1:3::1')).statusCode, 401, 'another /64 is not limited');
});

t.test('an unknown name is refused after the same password check as a wrong password (a decoy hash is checked)', async (t) => {
  const user = await anAdminUser(db.sql, {});
  // Each argon2 verification the sign-in runs, by the parameters of the hash checked: they set its cost.
  const verified: string[] = [];
  const { createTestApp: createCountedApp } = await t.mockImport<typeof TestAppModule>('../helpers/app.js', {
    '@node-rs/argon2': {
      ...argon2,
      verify: (...args: Parameters<typeof argon2.verify>) => {
        verified.push(String(args[0]).split('$').slice(1, 4).join('$'));
        return argon2.verify(...args);
      },
    },
  });
  const counted = await createCountedApp(t, { db });
  const checksFor = async (identifier: string, source: string) => {
    verified.length = 0;
    const response = await login(counted.app, { identifier, password: 'wrong-password' }, source);
    t.strictSame(response.json(), INVALID);
    return [...verified];
  };
  const known = await checksFor(user.username, '10.4.0.1');
  t.strictSame(known, ['argon2id$v=19$m=19456,t=2,p=1'], 'a wrong password: one argon2id check');
  t.strictSame(await checksFor('nobody-at-all', '10.4.1.1'), known, 'an unknown name: the same check, on the decoy');
});
