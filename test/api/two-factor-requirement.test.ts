import t from 'tap';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { createTestApp } from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';

const DAY = 86_400_000;
const SETTINGS = '/api/system-settings';
const OTHER_SETTINGS = {
  dailyLimit: 3,
  maxResponseTime: 30,
  allowedGroups: '',
  maintenanceMode: false,
  autoBackup: true,
  logLevel: 'INFO',
  logRetentionDays: 90,
};
const TWO_FACTOR_REQUIRED = {
  error: 'Forbidden',
  message: 'Two-factor authentication is now required for administrators. Set it up on the Settings screen to continue.',
};

// One app for the file; the requirement is system-wide, so the tests below run in order and each
// switches it as it needs.
const { app, db, clock, call, userWithToken } = await createTestApp(t);

const account = (token: string) => call(token, { method: 'GET', url: '/api/account' });
const login = (payload: { identifier: string; password: string; twoFactorToken?: string }) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload });
const refresh = async (session: { refreshToken: string }) => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json() as { token: string; refreshToken: string };
};
const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** A valid access token for a session begun earlier: access tokens live 15 minutes, and these tests move the clock by days. */
async function currentToken(session: { token: string; refreshToken: string }): Promise<string> {
  Object.assign(session, await refresh(session));
  return session.token;
}

/** A user of the role who has enrolled in two-factor on Settings; returns their session and secret. */
async function enrolledUser(role: 'admin' | 'super_admin') {
  const user = await userWithToken(role);
  const { secret } = (await call(user.token, { method: 'POST', url: '/api/account/two-factor/setup' })).json();
  const enabled = await call(user.token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code: await totp(secret) } });
  if (enabled.statusCode !== 200) throw new Error(enabled.body);
  return { ...user, secret: secret as string };
}

/** The super admin who changes the setting; they use two-factor, so the requirement never holds them back. */
const superAdmin = await enrolledUser('super_admin');
/** An administrator who set two-factor up long ago. */
const enrolledAdmin = await enrolledUser('admin');

const put = async (payload: object) => call(await currentToken(superAdmin), { method: 'PUT', url: SETTINGS, payload } as InjectOptions);
const getSettings = async () => call(await currentToken(superAdmin), { method: 'GET', url: SETTINGS });

async function switchRequirement(on: boolean, graceDays?: number) {
  const response = await put({ ...OTHER_SETTINGS, requireTwoFactorForAdmins: on, ...(graceDays !== undefined && { twoFactorGraceDays: graceDays }) });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
}

t.test('the setting: off by default, a grace period of 7 days, counted from switching it on', async (t) => {
  t.match((await getSettings()).json(), { requireTwoFactorForAdmins: false, twoFactorGraceDays: 7, twoFactorRequiredFrom: null });

  const switchedOnAt = clock.now().getTime();
  const saved = await switchRequirement(true);
  t.match(saved, { requireTwoFactorForAdmins: true, twoFactorGraceDays: 7, twoFactorRequiredFrom: new Date(switchedOnAt + 7 * DAY).toISOString() });
  t.match((await getSettings()).json(), saved, 'read back');

  clock.advance(DAY);
  t.equal((await switchRequirement(true)).twoFactorRequiredFrom, saved.twoFactorRequiredFrom, 'saving it on again keeps the start');
  t.equal(
    (await switchRequirement(true, 3)).twoFactorRequiredFrom,
    new Date(switchedOnAt + 3 * DAY).toISOString(),
    'a new grace period counts from when it was switched on',
  );
  const untouched = await put({ ...OTHER_SETTINGS, dailyLimit: 4 });
  t.match(untouched.json(), { dailyLimit: 4, requireTwoFactorForAdmins: true, twoFactorGraceDays: 3 }, 'a client that leaves the fields out changes neither');

  const off = await switchRequirement(false);
  t.match(off, { requireTwoFactorForAdmins: false, twoFactorGraceDays: 3, twoFactorRequiredFrom: null });
  const [entry] = await db.sql<{ before: Record<string, unknown>; after: Record<string, unknown> }[]>`
    SELECT before, after FROM audit_log WHERE action = 'system-settings.update' ORDER BY id DESC LIMIT 1`;
  t.match(entry, { before: { requireTwoFactorForAdmins: true, twoFactorGraceDays: 3 }, after: { requireTwoFactorForAdmins: false, twoFactorRequiredFrom: null } }, 'audited');

  const again = clock.now().getTime();
  t.equal((await switchRequirement(true, 7)).twoFactorRequiredFrom, new Date(again + 7 * DAY).toISOString(), 'switched on again, a new period starts');
  await switchRequirement(false);
});

t.test('bad values are 400s that name the field, and save nothing', async (t) => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ twoFactorGraceDays: -1 }, 'twoFactorGraceDays', 'Grace period must be a whole number from 0 to 90 days.'],
    [{ twoFactorGraceDays: 91 }, 'twoFactorGraceDays', 'Grace period must be a whole number from 0 to 90 days.'],
    [{ twoFactorGraceDays: 2.5 }, 'twoFactorGraceDays', 'Grace period must be a whole number from 0 to 90 days.'],
    [{ twoFactorGraceDays: '7' }, 'twoFactorGraceDays', 'Grace period must be a whole number from 0 to 90 days.'],
    [{ requireTwoFactorForAdmins: 'yes' }, 'requireTwoFactorForAdmins', 'Require two-factor for admins must be on or off (true or false).'],
    [{ requireTwoFactorForAdmins: null }, 'requireTwoFactorForAdmins', 'Require two-factor for admins must be on or off (true or false).'],
  ];
  for (const [change, field, message] of cases) {
    const response = await put({ ...OTHER_SETTINGS, requireTwoFactorForAdmins: true, ...change });
    t.equal(response.statusCode, 400, JSON.stringify(change));
    t.strictSame(response.json(), { error: 'Bad Request', message, field, fields: { [field]: message } });
  }
  t.match((await getSettings()).json(), { requireTwoFactorForAdmins: false, twoFactorGraceDays: 7 }, 'nothing was saved');

  const editor = await userWithToken('editor');
  const refused = await call(editor.token, { method: 'PUT', url: SETTINGS, payload: { ...OTHER_SETTINGS, requireTwoFactorForAdmins: true } });
  t.equal(refused.statusCode, 403, 'only administrators change it');
});

t.test('during the grace period admins without two-factor keep working, and are told until when', async (t) => {
  const admin = await userWithToken('admin');
  const viewer = await userWithToken('viewer');
  const { twoFactorRequiredFrom } = await switchRequirement(true, 7);
  t.teardown(() => switchRequirement(false));

  t.equal((await call(admin.token, { method: 'GET', url: '/api/admin/users' })).statusCode, 200, 'their calls work');
  t.match((await account(admin.token)).json(), { twoFactorEnabled: false, twoFactorRequirement: { requiredFrom: twoFactorRequiredFrom, enforced: false } });
  t.equal((await account(viewer.token)).json().twoFactorRequirement, null, 'viewers are not concerned');
  t.equal((await account(await currentToken(enrolledAdmin))).json().twoFactorRequirement, null, 'nor admins who use two-factor');

  clock.advance(7 * DAY - 60_000);
  const fresh = await login({ identifier: admin.username, password: admin.password });
  t.equal(fresh.json().success, true, 'a minute before the deadline, they still sign in with a password alone');
});

t.test('after the grace period, admins must enrol: at sign-in, and in the sessions they already have', async (t) => {
  const admin = await userWithToken('admin');
  const other = await userWithToken('super_admin');
  const editor = await userWithToken('editor');
  const viewer = await userWithToken('viewer');
  const held = await userWithToken('admin');
  const { twoFactorRequiredFrom } = await switchRequirement(true, 2);
  t.teardown(() => switchRequirement(false));
  clock.advance(2 * DAY);
  // The access tokens of two days ago have expired; the sessions live on through their refresh tokens.
  const [adminSession, otherSession, editorSession, viewerSession] = await Promise.all([admin, other, editor, viewer].map(refresh));

  for (const [name, session] of [['admin', adminSession!], ['super admin', otherSession!]] as const) {
    const refused = await call(session.token, { method: 'GET', url: '/api/admin/users' });
    t.equal(refused.statusCode, 403, `the ${name}'s calls are refused`);
    t.strictSame(refused.json(), TWO_FACTOR_REQUIRED);
    t.equal((await call(session.token, { method: 'GET', url: '/api/bot-logs' })).statusCode, 403);
  }
  t.equal((await call(editorSession!.token, { method: 'GET', url: '/api/medical-contacts' })).statusCode, 200, 'editors are unaffected');
  t.equal((await call(viewerSession!.token, { method: 'GET', url: '/api/medical-contacts' })).statusCode, 200, 'viewers are unaffected');

  t.test('what stays open to them: the account, enrolment, their sessions and sign-out', async (t) => {
    const token = otherSession!.token;
    t.equal((await call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode, 200);
    t.match((await account(token)).json(), { twoFactorRequirement: { requiredFrom: twoFactorRequiredFrom, enforced: true } });
    t.equal((await call(token, { method: 'GET', url: '/api/account/sessions' })).statusCode, 200);
    t.equal((await call(token, { method: 'POST', url: '/api/account/sessions/end-others' })).statusCode, 200);
    t.equal((await call(token, { method: 'POST', url: '/api/account/password', payload: { currentPassword: other.password, newPassword: 'another-long-password' } })).statusCode, 403, 'not the rest of Settings');
    t.equal((await call(token, { method: 'POST', url: '/api/auth/logout' })).statusCode, 200);
    t.equal((await call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode, 401, 'signed out');
  });

  t.test('enrolling on Settings lets the session carry on', async (t) => {
    const token = adminSession!.token;
    const setup = await call(token, { method: 'POST', url: '/api/account/two-factor/setup' });
    t.equal(setup.statusCode, 200);
    const enabled = await call(token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code: await totp(setup.json().secret) } });
    t.equal(enabled.statusCode, 200);
    t.equal(enabled.json().recoveryCodes.length, 10);
    t.equal((await call(token, { method: 'GET', url: '/api/admin/users' })).statusCode, 200, 'the calls work again');
    t.equal((await account(token)).json().twoFactorRequirement, null);
  });

  t.test('signing in asks them to enrol first, as when an administrator switches two-factor on for them', async (t) => {
    const late = await anAdminUser(db.sql, { role: 'admin' });
    const first = await login({ identifier: late.username, password: late.password });
    t.equal(first.statusCode, 200);
    t.match(first.json(), { success: false, requiresTwoFactor: true, enrollment: { secret: String, otpauthUrl: String, qrCodeDataUrl: String } });
    t.notOk(first.json().token, 'no session without enrolling');

    const enrolled = await login({ identifier: late.username, password: late.password, twoFactorToken: await totp(first.json().enrollment.secret) });
    t.equal(enrolled.json().success, true);
    t.equal(enrolled.json().recoveryCodes.length, 10);
    t.equal((await call(enrolled.json().token, { method: 'GET', url: '/api/admin/users' })).statusCode, 200);
  });

  t.test('viewers and editors still sign in with a password alone', async (t) => {
    for (const user of [viewer, editor]) t.equal((await login({ identifier: user.username, password: user.password })).json().success, true);
  });

  t.test('admins who use two-factor are asked for their code as always, and work on', async (t) => {
    t.equal((await call(await currentToken(enrolledAdmin), { method: 'GET', url: '/api/admin/users' })).statusCode, 200);
    t.strictSame((await login({ identifier: enrolledAdmin.username, password: enrolledAdmin.password })).json(), { success: false, requiresTwoFactor: true });
  });

  t.test('switching the requirement off releases them at once', async (t) => {
    await currentToken(held);
    t.equal((await call(held.token, { method: 'GET', url: '/api/admin/users' })).statusCode, 403);
    await switchRequirement(false);
    t.equal((await call(held.token, { method: 'GET', url: '/api/admin/users' })).statusCode, 200);
  });
});

t.test('with no grace period the requirement holds at once', async (t) => {
  const admin = await userWithToken('admin');
  await switchRequirement(true, 0);
  t.teardown(() => switchRequirement(false));
  t.strictSame((await call(admin.token, { method: 'GET', url: '/api/admin/users' })).json(), TWO_FACTOR_REQUIRED);
  t.match((await login({ identifier: admin.username, password: admin.password })).json(), { success: false, requiresTwoFactor: true, enrollment: {} });
});
