import { createHmac } from 'node:crypto';
import t from 'tap';
import { createTestApp, TEST_JWT_SECRET } from '../helpers/app.js';

const MINUTE = 60_000;
const SIGN_IN_TO_CONTINUE = { error: 'Unauthorized', message: 'Sign in to continue' };
const SESSION_ENDED = { error: 'Unauthorized', message: 'Your session has ended. Sign in again.' };
/** The 401 of a session that is over: its sentence and its machine reason (api/contract/session-end.ts). */
const ended = (reason: string, message: string, extra: object = {}) => ({ error: 'Unauthorized', message, reason, ...extra });
const SIGNED_OUT = ended('signed_out', 'You signed out. Sign in again to continue.');
const TOKEN_REUSED = ended(
  'refresh_token_reused',
  'Your sign-in was used from somewhere else, so every session of your account was ended for safety. Sign in again.',
);

// One app for the file: starting a database costs seconds, and every test below uses its own users.
const { app, clock, call, userWithToken, signIn } = await createTestApp(t);

const verify = (token: string | undefined) => call(token, { method: 'GET', url: '/api/auth/verify' });
const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

t.test('GET /api/auth/verify', async (t) => {
  const user = await userWithToken('editor', { firstName: 'Erin' });

  t.test('with a valid token answers the user', async (t) => {
    const response = await verify(user.token);
    t.equal(response.statusCode, 200);
    t.strictSame(response.json(), { valid: true, user: { id: user.id, username: user.username, role: 'editor', firstName: 'Erin' } });
  });

  t.test('without a token answers 401', async (t) => {
    const response = await verify(undefined);
    t.equal(response.statusCode, 401);
    t.strictSame(response.json(), SIGN_IN_TO_CONTINUE);
  });

  t.test('with a garbage or tampered token answers 401', async (t) => {
    t.equal((await verify('not-a-jwt')).statusCode, 401);
    const [header, payload, signature] = user.token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: String(user.id + 1) })).toString('base64url');
    t.equal((await verify(`${header}.${otherUser}.${signature}`)).statusCode, 401, 'a changed payload breaks the signature');
    const response = await call(undefined, { method: 'GET', url: '/api/auth/verify', headers: { authorization: `Basic ${user.token}` } });
    t.equal(response.statusCode, 401, 'only bearer tokens count');
  });

  t.test('an access token expires after 15 minutes', async (t) => {
    const fresh = await signIn(user.username, user.password);
    clock.advance(14 * MINUTE);
    t.equal((await verify(fresh.token)).statusCode, 200, 'still valid after 14 minutes');
    clock.advance(2 * MINUTE);
    const response = await verify(fresh.token);
    t.equal(response.statusCode, 401, 'expired after 16 minutes');
    t.strictSame(response.json(), SIGN_IN_TO_CONTINUE);
  });
});

t.test('refresh rotates the refresh token', async (t) => {
  const user = await userWithToken('viewer');
  clock.advance(MINUTE);
  const response = await refresh(user.refreshToken);
  t.equal(response.statusCode, 200);
  const rotated = response.json();
  t.same(Object.keys(rotated).sort(), ['refreshToken', 'token']);
  t.not(rotated.refreshToken, user.refreshToken, 'a new refresh token');
  t.not(rotated.token, user.token, 'a new access token');
  t.equal((await verify(rotated.token)).statusCode, 200, 'the new access token works');
  t.equal((await verify(user.token)).statusCode, 200, 'the old access token stays valid until it expires');

  const again = await refresh(rotated.refreshToken);
  t.equal(again.statusCode, 200, 'the new refresh token can be rotated in turn');
});

t.test('refresh with an unknown or malformed token answers 401', async (t) => {
  const unknown = await refresh('no-such-refresh-token');
  t.equal(unknown.statusCode, 401);
  t.strictSame(unknown.json(), SESSION_ENDED);
  const missing = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
  t.equal(missing.statusCode, 400);
  t.match(missing.json(), { field: 'refreshToken', message: 'Your session has ended. Sign in again.' });
});

t.test('presenting an already-rotated refresh token revokes every session of the user', async (t) => {
  const user = await userWithToken('admin');
  const otherDevice = await signIn(user.username, user.password);
  const bystander = await userWithToken('viewer');

  const first = (await refresh(user.refreshToken)).json();
  clock.advance(MINUTE);
  const second = (await refresh(first.refreshToken)).json();
  t.equal((await verify(second.token)).statusCode, 200);

  const replay = await refresh(user.refreshToken);
  t.equal(replay.statusCode, 401, 'the copied token is refused');
  t.strictSame(replay.json(), TOKEN_REUSED, 'saying why');

  const newest = await verify(second.token);
  t.equal(newest.statusCode, 401, 'the newest access token stops working');
  t.strictSame(newest.json(), TOKEN_REUSED, 'and its next request says why');
  t.equal((await refresh(second.refreshToken)).statusCode, 401, 'the newest refresh token stops working');
  t.equal((await verify(otherDevice.token)).statusCode, 401, "the user's other sessions end too");
  t.equal((await refresh(otherDevice.refreshToken)).statusCode, 401);
  t.equal((await verify(bystander.token)).statusCode, 200, "other users' sessions are untouched");
  t.equal((await signIn(user.username, user.password)).token.length > 0, true, 'the user can sign in again');
});

t.test("a refresh token presented again right after its renewal is another tab's, not a copy: nothing ends", async (t) => {
  const user = await userWithToken('admin');
  const renewed = (await refresh(user.refreshToken)).json();
  clock.advance(2_000);
  const sameMoment = await refresh(user.refreshToken);
  t.equal(sameMoment.statusCode, 409, 'refused without a new pair');
  t.equal(sameMoment.json().message, 'This sign-in was just renewed in another tab: use the renewed one.');
  t.equal((await verify(renewed.token)).statusCode, 200, 'the renewed pair still works');
  t.equal((await refresh(renewed.refreshToken)).statusCode, 200, 'and renews in turn');

  const other = await userWithToken('admin');
  await refresh(other.refreshToken);
  clock.advance(11_000);
  const copied = await refresh(other.refreshToken);
  t.equal(copied.statusCode, 401, 'seconds later, the same is a copy');
  t.strictSame(copied.json(), TOKEN_REUSED, 'and ends every session');
});

t.test('logout revokes the session', async (t) => {
  const user = await userWithToken('viewer');
  const otherDevice = await signIn(user.username, user.password);
  const response = await call(user.token, { method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } });
  t.equal(response.statusCode, 200);
  t.strictSame(response.json(), { success: true });
  const after = await verify(user.token);
  t.equal(after.statusCode, 401, 'the access token no longer works');
  t.strictSame(after.json(), SIGNED_OUT, 'and says the session was signed out');
  t.strictSame((await refresh(user.refreshToken)).json(), SIGNED_OUT, 'nor the refresh token');
  t.equal((await verify(otherDevice.token)).statusCode, 200, 'another session of the same user stays');
});

t.test('logout with only the refresh token revokes its session', async (t) => {
  const user = await userWithToken('viewer');
  const response = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } });
  t.equal(response.statusCode, 200);
  t.equal((await verify(user.token)).statusCode, 401);
  t.equal((await refresh(user.refreshToken)).statusCode, 401);
});

t.test('logout without a body or token still answers success', async (t) => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
  t.equal(response.statusCode, 200);
  t.strictSame(response.json(), { success: true });
});

t.test("an administrator's change ends the user's sessions at once", async (t) => {
  const admin = await userWithToken('admin');
  const superAdmin = await userWithToken('super_admin');

  type Change = { method: 'PATCH' | 'POST' | 'DELETE'; url: string; payload?: object };
  // Each change's next request answers 401 with why the session ended, so the console can say it.
  const cases: { name: string; by: () => string; change: (id: number) => Change; answer: object }[] = [
    {
      name: 'deactivating them',
      by: () => admin.token,
      change: (id) => ({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: { isActive: false } }),
      answer: ended('deactivated', 'Your account was deactivated. Ask an administrator to reactivate it.'),
    },
    {
      name: 'resetting their password',
      by: () => admin.token,
      change: (id) => ({ method: 'POST', url: `/api/admin/users/${id}/reset-password`, payload: { newPassword: 'a-brand-new-password' } }),
      answer: ended('password_reset', 'Your password was reset by an administrator. Ask them for the new password.'),
    },
    {
      name: 'changing their role',
      by: () => superAdmin.token,
      change: (id) => ({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: { role: 'editor' } }),
      answer: ended('role_changed', 'Your role was changed to Editor. Sign in again to continue.', { role: 'editor' }),
    },
    {
      name: 'switching their two-factor on',
      by: () => admin.token,
      change: (id) => ({ method: 'POST', url: `/api/admin/users/${id}/toggle-2fa`, payload: { enable: true } }),
      answer: ended('two_factor_enabled', 'Two-factor authentication is now on for your account. Sign in again with your code.'),
    },
    {
      name: 'switching their two-factor off',
      by: () => admin.token,
      change: (id) => ({ method: 'POST', url: `/api/admin/users/${id}/toggle-2fa`, payload: { enable: false } }),
      answer: ended('two_factor_disabled', 'Two-factor authentication was turned off for your account. Sign in again.'),
    },
    {
      name: 'ending their sessions',
      by: () => admin.token,
      change: (id) => ({ method: 'POST', url: `/api/admin/users/${id}/end-sessions` }),
      answer: ended('ended_by_admin', 'An administrator ended your session. Sign in again.'),
    },
    // A deleted user's sessions are gone with them: nothing is left to say why.
    { name: 'deleting them', by: () => superAdmin.token, change: (id) => ({ method: 'DELETE', url: `/api/admin/users/${id}` }), answer: SIGN_IN_TO_CONTINUE },
  ];

  for (const { name, by, change, answer } of cases) {
    t.test(name, async (t) => {
      const victim = await userWithToken('viewer');
      t.equal((await verify(victim.token)).statusCode, 200);
      const response = await call(by(), change(victim.id));
      t.equal(response.statusCode, 200, response.body);
      const after = await verify(victim.token);
      t.equal(after.statusCode, 401, 'the old access token is refused on the next request');
      t.strictSame(after.json(), answer, 'saying why');
      const refused = await refresh(victim.refreshToken);
      t.equal(refused.statusCode, 401, 'and the refresh token too');
      t.strictSame(refused.json(), answer === SIGN_IN_TO_CONTINUE ? SESSION_ENDED : answer, 'saying the same');
      t.equal((await verify(by())).statusCode, 200, "the administrator's own session is untouched");
    });
  }

  t.test('switching their own two-factor on keeps the session in use and ends the others', async (t) => {
    const self = await userWithToken('admin');
    const otherDevice = await signIn(self.username, self.password);
    const response = await call(self.token, { method: 'POST', url: `/api/admin/users/${self.id}/toggle-2fa`, payload: { enable: true } });
    t.equal(response.statusCode, 200, response.body);
    t.equal((await verify(self.token)).statusCode, 200, 'the session that switched it stays signed in');
    t.strictSame(
      (await verify(otherDevice.token)).json(),
      ended('two_factor_enabled', 'Two-factor authentication is now on for your account. Sign in again with your code.'),
    );
  });

  t.test('changing only their name keeps their session', async (t) => {
    const user = await userWithToken('viewer');
    const response = await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${user.id}`, payload: { firstName: 'Renamed' } });
    t.equal(response.statusCode, 200);
    t.equal((await verify(user.token)).statusCode, 200);
    t.equal((await verify(user.token)).json().user.firstName, 'Renamed', 'verify reads the current name');
  });
});

t.test('a session past its 30 days says it expired', async (t) => {
  const user = await userWithToken('viewer');
  clock.advance(31 * 24 * 60 * MINUTE);
  t.strictSame((await verify(user.token)).json(), SIGN_IN_TO_CONTINUE, 'the access token has simply run out');
  const refused = await refresh(user.refreshToken);
  t.equal(refused.statusCode, 401);
  t.strictSame(refused.json(), ended('expired', 'Your session expired. Sign in again.'));
});

t.test('only HS256 tokens signed with the secret are accepted', async (t) => {
  const user = await userWithToken('viewer');
  const [, payload] = user.token.split('.');
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = (alg: string, hash: string) => {
    const unsigned = `${encode({ alg, typ: 'JWT' })}.${payload}`;
    return `${unsigned}.${createHmac(hash, TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
  };
  t.equal((await verify(signed('HS256', 'sha256'))).statusCode, 200, 'the same claims signed as the app signs them pass');
  t.equal((await verify(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`)).statusCode, 401, 'alg none is refused');
  t.equal((await verify(signed('HS512', 'sha512'))).statusCode, 401, 'HS512 with the right secret is refused');
  t.equal((await verify(signed('HS384', 'sha384'))).statusCode, 401, 'HS384 with the right secret is refused');
});
