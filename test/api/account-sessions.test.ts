import t from 'tap';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';

const SECOND = 1000;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const ENDED_BY_USER = {
  error: 'Unauthorized',
  message: 'This session was ended from another of your sessions. Sign in again.',
  reason: 'ended_by_user',
};
const ENDED_BY_ADMIN = { error: 'Unauthorized', message: 'An administrator ended your session. Sign in again.', reason: 'ended_by_admin' };
const NO_SUCH_SESSION = { error: 'Not Found', message: 'You have no active session with this id' };

// One app for the file: starting a database costs seconds, and every test below uses its own users.
const { app, db, clock, call, userWithToken } = await createTestApp(t);

interface Device {
  userAgent?: string;
  ip?: string;
}

/** Signs in from a given browser and address, as a second device would. */
async function signInFrom(user: { username: string; password: string }, device: Device = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: user.username, password: user.password },
    ...(device.userAgent && { headers: { 'user-agent': device.userAgent } }),
    ...(device.ip && { remoteAddress: device.ip }),
  });
  if (!response.json().success) throw new Error(response.body);
  return { token: response.json().token as string, refreshToken: response.json().refreshToken as string };
}

const sessions = (token: string) => call(token, { method: 'GET', url: '/api/account/sessions' });
const endSession = (token: string, id: string) => call(token, { method: 'DELETE', url: `/api/account/sessions/${id}` });
const endOthers = (token: string) => call(token, { method: 'POST', url: '/api/account/sessions/end-others' });
const endUserSessions = (token: string, userId: number) => call(token, { method: 'POST', url: `/api/admin/users/${userId}/end-sessions` });
const verify = (token: string) => call(token, { method: 'GET', url: '/api/auth/verify' });
const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

async function sessionIds(token: string): Promise<string[]> {
  return (await sessions(token)).json().map((session: { id: string }) => session.id);
}

async function auditEntries(action: string) {
  return db.sql<{ actorUsername: string; targetType: string; targetId: string; after: unknown }[]>`
    SELECT actor_username, target_type, target_id, after FROM audit_log WHERE action = ${action} ORDER BY id`;
}

t.test('the list shows the own live sessions only, with device, address, sign-in and last use', async (t) => {
  const user = await anAdminUser(db.sql, { role: 'viewer' });
  const signedInAt = clock.now().toISOString();
  const laptop = await signInFrom(user, { userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.7' });
  clock.advance(5 * SECOND);
  const phone = await signInFrom(user, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.20' });
  const phoneSignedInAt = clock.now().toISOString();
  const bare = await signInFrom(user, { userAgent: 'curl/8.0', ip: '192.0.2.1' });
  await endSession(bare.token, (await sessions(bare.token)).json().find((session: { current: boolean }) => session.current).id);
  await signInFrom(await anAdminUser(db.sql, { role: 'viewer' }), { userAgent: FIREFOX_ON_WINDOWS });

  const response = await sessions(laptop.token);
  t.equal(response.statusCode, 200);
  const listed = response.json();
  t.strictSame(
    listed.map(({ id: _id, ...rest }: { id: string }) => rest),
    [
      { browser: 'Mobile Safari 17', os: 'iOS 17.1', ip: '198.51.100.20', createdAt: phoneSignedInAt, lastUsedAt: phoneSignedInAt, current: false },
      { browser: 'Firefox 121', os: 'Windows 10', ip: '203.0.113.7', createdAt: signedInAt, lastUsedAt: signedInAt, current: true },
    ],
    'the most recently used first; the ended one and the other user\'s are not listed',
  );
  t.match(listed[0].id, /^[0-9a-f-]{36}$/);
  t.strictSame(
    (await sessions(phone.token)).json().map((session: { current: boolean }) => session.current),
    [true, false],
    'each device sees itself as the current one',
  );
});

t.test('a User-Agent that names no browser or system lists as unknown', async (t) => {
  const user = await anAdminUser(db.sql, { role: 'editor' });
  const session = await signInFrom(user, { userAgent: 'curl/8.0' });
  t.match((await sessions(session.token)).json(), [{ browser: null, os: null, current: true }]);
});

t.test('last used follows requests at most once a minute, and every refresh', async (t) => {
  const user = await anAdminUser(db.sql, { role: 'viewer' });
  const session = await signInFrom(user);
  const signedInAt = clock.now().toISOString();
  const lastUsed = async () => {
    const [row] = await db.sql<{ lastUsedAt: Date }[]>`SELECT last_used_at FROM admin_sessions WHERE user_id = ${user.id}`;
    return row!.lastUsedAt.toISOString();
  };

  clock.advance(59 * SECOND);
  await verify(session.token);
  t.equal(await lastUsed(), signedInAt, 'within a minute of the last write, a request writes nothing');
  clock.advance(1 * SECOND);
  const aMinuteLater = clock.now().toISOString();
  await verify(session.token);
  t.equal(await lastUsed(), aMinuteLater, 'a minute on, the request is recorded');
  clock.advance(30 * SECOND);
  await verify(session.token);
  t.equal(await lastUsed(), aMinuteLater, 'and the next one within the minute is not');

  clock.advance(10 * SECOND);
  const refreshed = await refresh(session.refreshToken);
  t.equal(refreshed.statusCode, 200);
  t.equal(await lastUsed(), clock.now().toISOString(), 'a refresh is recorded at once');
  t.equal((await sessions(refreshed.json().token)).json()[0].lastUsedAt, clock.now().toISOString(), 'and listed');
});

t.test('ending a session makes its access and refresh tokens fail at once', async (t) => {
  const user = await anAdminUser(db.sql, { role: 'viewer' });
  const mine = await signInFrom(user, { userAgent: FIREFOX_ON_WINDOWS });
  const other = await signInFrom(user, { userAgent: SAFARI_ON_IPHONE });
  const otherId = (await sessions(mine.token)).json().find((session: { current: boolean }) => !session.current).id;

  const response = await endSession(mine.token, otherId);
  t.equal(response.statusCode, 200);
  t.strictSame(response.json(), { success: true });

  const refused = await verify(other.token);
  t.equal(refused.statusCode, 401, 'its access token is refused before it expires');
  t.strictSame(refused.json(), ENDED_BY_USER, 'saying why');
  const refreshed = await refresh(other.refreshToken);
  t.equal(refreshed.statusCode, 401, 'its refresh token is refused');
  t.strictSame(refreshed.json(), ENDED_BY_USER);
  t.equal((await verify(mine.token)).statusCode, 200, 'the session that ended it carries on');
  t.strictSame((await sessions(mine.token)).json().map((session: { current: boolean }) => session.current), [true], 'only this session is listed');
  const [row] = await db.sql`SELECT revoked_reason FROM admin_sessions WHERE id = ${otherId}`;
  t.equal(row!.revokedReason, 'ended_by_user');
  t.match((await auditEntries('account.end-session')).at(-1), { actorUsername: user.username, targetType: 'admin_session', targetId: otherId });

  const again = await endSession(mine.token, otherId);
  t.equal(again.statusCode, 404, 'an ended session cannot be ended again');
  t.strictSame(again.json(), NO_SUCH_SESSION);
});

t.test('ending the current session signs out', async (t) => {
  const user = await anAdminUser(db.sql, { role: 'editor' });
  const session = await signInFrom(user);
  const [id] = await sessionIds(session.token);
  t.equal((await endSession(session.token, id!)).statusCode, 200);
  t.equal((await verify(session.token)).statusCode, 401);
  t.equal((await refresh(session.refreshToken)).statusCode, 401);
});

t.test("another user's session answers 404, as an unknown one does, and stays live", async (t) => {
  const me = await userWithToken('admin');
  const someoneElse = await userWithToken('viewer');
  const [theirs] = await sessionIds(someoneElse.token);

  const response = await endSession(me.token, theirs!);
  t.equal(response.statusCode, 404);
  t.strictSame(response.json(), NO_SUCH_SESSION);
  t.equal((await verify(someoneElse.token)).statusCode, 200, 'their session is untouched');

  const unknown = await endSession(me.token, randomUUID());
  t.equal(unknown.statusCode, 404);
  t.strictSame(unknown.json(), NO_SUCH_SESSION);

  const malformed = await endSession(me.token, 'not-a-session');
  t.equal(malformed.statusCode, 400);
  const gone = 'This session no longer exists. Reload the list of sessions.';
  t.strictSame(malformed.json(), { error: 'Bad Request', message: gone, field: 'id', fields: { id: gone } });
});

t.test('"end all other sessions" keeps the current one', async (t) => {
  const user = await anAdminUser(db.sql, { role: 'viewer' });
  const current = await signInFrom(user);
  const others = [await signInFrom(user), await signInFrom(user)];
  const bystander = await userWithToken('viewer');

  const response = await endOthers(current.token);
  t.equal(response.statusCode, 200);
  t.strictSame(response.json(), { ended: 2 });
  t.equal((await verify(current.token)).statusCode, 200, 'the current session carries on');
  for (const other of others) {
    t.equal((await verify(other.token)).statusCode, 401, 'another session is refused');
    t.equal((await refresh(other.refreshToken)).statusCode, 401, 'and cannot refresh');
  }
  t.equal((await sessions(current.token)).json().length, 1);
  t.equal((await verify(bystander.token)).statusCode, 200, "another user's sessions are untouched");
  t.strictSame((await endOthers(current.token)).json(), { ended: 0 }, 'nothing left to end');
  t.match(await auditEntries('account.end-other-sessions'), [
    { actorUsername: user.username, targetType: 'admin_user', targetId: String(user.id), after: { ended: 2 } },
    { after: { ended: 0 } },
  ]);
});

t.test('an administrator ends every session of a user', async (t) => {
  const admin = await userWithToken('admin');
  const user = await anAdminUser(db.sql, { role: 'editor' });
  const devices = [await signInFrom(user), await signInFrom(user)];

  const response = await endUserSessions(admin.token, user.id);
  t.equal(response.statusCode, 200);
  t.strictSame(response.json(), { ended: 2 });
  for (const device of devices) {
    t.strictSame((await verify(device.token)).json(), ENDED_BY_ADMIN, 'the access token stops working at once, saying why');
    t.strictSame((await refresh(device.refreshToken)).json(), ENDED_BY_ADMIN, 'and the refresh token too');
  }
  t.equal((await verify(admin.token)).statusCode, 200, "the administrator's own session carries on");
  const reasons = await db.sql`SELECT DISTINCT revoked_reason FROM admin_sessions WHERE user_id = ${user.id}`;
  t.strictSame(reasons.map((row) => row.revokedReason), ['ended_by_admin']);
  t.match((await auditEntries('admin-user.end-sessions')).at(-1), {
    actorUsername: admin.username,
    targetType: 'admin_user',
    targetId: String(user.id),
    after: { ended: 2 },
  });

  t.test('their own: every session but the one in use', async (t) => {
    const elsewhere = await signInFrom(admin);
    t.strictSame((await endUserSessions(admin.token, admin.id)).json(), { ended: 1 });
    t.equal((await verify(elsewhere.token)).statusCode, 401);
    t.equal((await verify(admin.token)).statusCode, 200);
  });
});

t.test('ending a user\'s sessions follows the rules of the other admin actions', async (t) => {
  const admin = await userWithToken('admin');
  const superAdmin = await userWithToken('super_admin');
  const otherSuperAdmin = await userWithToken('super_admin');
  const editor = await userWithToken('editor');
  const viewer = await userWithToken('viewer');

  for (const actor of [editor, viewer]) {
    const refused = await endUserSessions(actor.token, admin.id);
    t.equal(refused.statusCode, 403, `${actor.username} is not an administrator`);
    t.strictSame(refused.json(), { error: 'Forbidden', message: 'You do not have permission to do this' });
  }
  t.equal((await verify(admin.token)).statusCode, 200, 'nothing ended');

  const notHis = await endUserSessions(admin.token, otherSuperAdmin.id);
  t.equal(notHis.statusCode, 403, "an admin cannot end a super admin's sessions");
  t.strictSame(notHis.json(), {
    error: 'Forbidden',
    message: 'Only super administrators can create, change, reset or delete a super administrator',
  });
  t.equal((await verify(otherSuperAdmin.token)).statusCode, 200);

  t.strictSame((await endUserSessions(superAdmin.token, otherSuperAdmin.id)).json(), { ended: 1 }, 'a super admin can');
  t.equal((await verify(otherSuperAdmin.token)).statusCode, 401);

  const unknown = await endUserSessions(superAdmin.token, 999_999);
  t.equal(unknown.statusCode, 404);
  t.strictSame(unknown.json(), { error: 'Not Found', message: 'No admin user with this id' });
  const malformed = await endUserSessions(superAdmin.token, -1);
  t.equal(malformed.statusCode, 400);
  t.match(malformed.json(), { field: 'id', message: /^The id in the address must be a whole number above 0\./ });
});
