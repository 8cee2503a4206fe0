import t from 'tap';
import { generate } from 'otplib';
import { createTestApp } from '../helpers/app.js';

const STEP_MS = 30_000;
const INVALID_CODE = { success: false, error: 'Invalid two-factor code', message: 'Invalid two-factor code' };
const REUSED = 'This code was already used. Wait for the next code from your app.';
const REUSED_CODE = { success: false, error: REUSED, message: REUSED };

// One app for the file: starting a database costs seconds, and every test below uses its own users.
const { app, clock, call, userWithToken } = await createTestApp(t);
// Keep away from a step boundary, so "the previous step" is unambiguous.
clock.advance(10_000);

/** The TOTP code of `secret` for the current time, or for `stepsAgo` 30-second steps earlier. */
const totp = (secret: string, stepsAgo = 0) =>
  generate({ secret, epoch: Math.floor((clock.now().getTime() - stepsAgo * STEP_MS) / 1000) });

const login = (payload: { identifier: string; password: string; twoFactorToken?: string; recoveryCode?: string }) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload });

/** A viewer whom an administrator has required to use two-factor. */
async function userRequiredToEnrol() {
  const admin = await userWithToken('admin');
  const user = await userWithToken('viewer');
  const response = await call(admin.token, { method: 'POST', url: `/api/admin/users/${user.id}/toggle-2fa`, payload: { enable: true } });
  if (response.statusCode !== 200) throw new Error(response.body);
  return user;
}

/** A viewer who has completed enrolment at sign-in; returns their secret and recovery codes. */
async function enrolledUser() {
  const user = await userRequiredToEnrol();
  const { secret } = (await login({ identifier: user.username, password: user.password })).json().enrollment;
  const enrolled = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(secret) });
  if (!enrolled.json().success) throw new Error(enrolled.body);
  // The enrolment code's step is spent; move on far enough that codes of the last two steps are unspent.
  clock.advance(3 * STEP_MS);
  return { ...user, secret, recoveryCodes: enrolled.json().recoveryCodes as string[] };
}

t.test('enrolment at sign-in when an administrator switches two-factor on', async (t) => {
  const user = await userRequiredToEnrol();

  const first = await login({ identifier: user.username, password: user.password });
  t.equal(first.statusCode, 200);
  const body = first.json();
  t.same(Object.keys(body).sort(), ['enrollment', 'requiresTwoFactor', 'success']);
  t.equal(body.success, false);
  t.equal(body.requiresTwoFactor, true);
  t.match(body.enrollment.secret, /^[A-Z2-7]{16,}$/, 'a base32 secret');
  t.equal(
    body.enrollment.otpauthUrl,
    `otpauth://totp/MedContacts%20Admin:${user.username}?secret=${body.enrollment.secret}&issuer=MedContacts%20Admin`,
  );
  t.match(body.enrollment.qrCodeDataUrl, /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

  const second = await login({ identifier: user.username, password: user.password });
  t.equal(second.json().enrollment.secret, body.enrollment.secret, 'the secret is the same on a repeated attempt');

  const wrongPassword = await login({ identifier: user.username, password: 'not-the-password' });
  t.equal(wrongPassword.statusCode, 401, 'without the password nothing of the secret is shown');
  t.notOk(wrongPassword.json().enrollment);

  const wrongCode = await login({ identifier: user.username, password: user.password, twoFactorToken: '000000' });
  t.equal(wrongCode.statusCode, 401);
  t.strictSame(wrongCode.json(), INVALID_CODE);

  const code = await totp(body.enrollment.secret);
  const enrolled = await login({ identifier: user.username, password: user.password, twoFactorToken: code });
  t.equal(enrolled.statusCode, 200);
  const done = enrolled.json();
  t.equal(done.success, true);
  t.ok(done.token && done.refreshToken, 'signed in');
  t.equal(done.recoveryCodes.length, 10, 'ten recovery codes');
  t.match(done.recoveryCodes[0], /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  t.equal(new Set(done.recoveryCodes).size, 10, 'all different');

  const next = await login({ identifier: user.username, password: user.password });
  t.strictSame(next.json(), { success: false, requiresTwoFactor: true }, 'the next sign-in asks for a code, without enrolment');

  const replay = await login({ identifier: user.username, password: user.password, twoFactorToken: code });
  t.equal(replay.statusCode, 401, 'the enrolment code cannot be used again');
  t.strictSame(replay.json(), REUSED_CODE, 'and says it was used, not that it is wrong');

});

t.test('a code is accepted once, even within its window', async (t) => {
  const user = await enrolledUser();
  const code = await totp(user.secret);
  const first = await login({ identifier: user.username, password: user.password, twoFactorToken: code });
  t.equal(first.statusCode, 200);
  t.equal(first.json().success, true);
  t.notOk(first.json().recoveryCodes, 'recovery codes are shown only at enrolment');

  clock.advance(5_000);
  const again = await login({ identifier: user.username, password: user.password, twoFactorToken: code });
  t.equal(again.statusCode, 401);
  t.strictSame(again.json(), REUSED_CODE, 'a reused code says so and to wait for the next one');
});

t.test('codes one step old are accepted, two steps old refused', async (t) => {
  const user = await enrolledUser();
  const twoStepsAgo = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(user.secret, 2) });
  t.equal(twoStepsAgo.statusCode, 401);
  t.strictSame(twoStepsAgo.json(), INVALID_CODE);

  const previous = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(user.secret, 1) });
  t.equal(previous.statusCode, 200, 'the previous step is accepted');

  const current = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(user.secret) });
  t.equal(current.statusCode, 200, 'and then the current one, a later step');

  const older = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(user.secret, 1) });
  t.equal(older.statusCode, 401, 'a step before the last accepted one is refused');
  t.strictSame(older.json(), REUSED_CODE, 'as used, since a later code was');

  const next = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(user.secret, -1) });
  t.equal(next.statusCode, 200, 'the next step is accepted (clock drift the other way)');
});

t.test('a recovery code works once', async (t) => {
  const user = await enrolledUser();
  const [code] = user.recoveryCodes;
  const first = await login({ identifier: user.username, password: user.password, recoveryCode: code!.toUpperCase().replaceAll('-', ' ') });
  t.equal(first.statusCode, 200, 'case, spaces and dashes do not matter');
  t.equal(first.json().success, true);

  const again = await login({ identifier: user.username, password: user.password, recoveryCode: code! });
  t.equal(again.statusCode, 401);
  t.strictSame(again.json(), { success: false, error: 'Invalid recovery code', message: 'Invalid recovery code' });

  const unknown = await login({ identifier: user.username, password: user.password, recoveryCode: 'aaaa-bbbb-cccc' });
  t.equal(unknown.statusCode, 401);
});

t.test('wrong codes count toward the lockout', async (t) => {
  const user = await enrolledUser();
  for (let attempt = 1; attempt <= 4; attempt++) {
    const response = await login({ identifier: user.username, password: user.password, twoFactorToken: '123456' });
    t.equal(response.statusCode, 401, `wrong code ${attempt}`);
  }
  const fifth = await login({ identifier: user.username, password: user.password, recoveryCode: 'zzzz-zzzz-zzzz' });
  t.equal(fifth.statusCode, 429, 'a wrong recovery code counts too, and the fifth failure locks');
  t.equal(fifth.json().message, 'Too many failed sign-in attempts. This account is locked; try again in 15 minutes.');

  const rightCode = await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(user.secret) });
  t.equal(rightCode.statusCode, 429, 'while locked, even the right code is refused');
});

t.test('switching two-factor off lets the user sign in with the password alone', async (t) => {
  const user = await enrolledUser();
  const admin = await userWithToken('admin');
  const off = await call(admin.token, { method: 'POST', url: `/api/admin/users/${user.id}/toggle-2fa`, payload: { enable: false } });
  t.equal(off.json().twoFactorEnabled, false);
  const response = await login({ identifier: user.username, password: user.password });
  t.equal(response.json().success, true);

  const on = await call(admin.token, { method: 'POST', url: `/api/admin/users/${user.id}/toggle-2fa`, payload: { enable: true } });
  t.equal(on.json().twoFactorEnabled, true);
  const reenrol = await login({ identifier: user.username, password: user.password });
  t.ok(reenrol.json().enrollment, 'switched on again, the user enrols afresh');
  t.not(reenrol.json().enrollment.secret, user.secret, 'with a new secret');
});

t.test('self-service two-factor under /api/account', async (t) => {
  const user = await userWithToken('editor', { email: 'self@example.org', firstName: 'Selma' });
  const account = () => call(user.token, { method: 'GET', url: '/api/account' });

  t.strictSame((await account()).json(), {
    id: user.id,
    username: user.username,
    email: 'self@example.org',
    firstName: 'Selma',
    role: 'editor',
    twoFactorEnabled: false,
    recoveryCodesRemaining: 0,
    twoFactorRequirement: null,
    timeZone: 'UTC',
    clockFormat: '24h',
  });

  const enableFirst = await call(user.token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code: '123456' } });
  t.equal(enableFirst.statusCode, 409);
  t.equal(enableFirst.json().message, 'Start the two-factor setup first');

  const setup = await call(user.token, { method: 'POST', url: '/api/account/two-factor/setup' });
  t.equal(setup.statusCode, 200);
  const { secret, otpauthUrl, qrCodeDataUrl } = setup.json();
  t.match(otpauthUrl, `otpauth://totp/MedContacts%20Admin:self%40example.org?secret=${secret}`);
  t.match(qrCodeDataUrl, /^data:image\/png;base64,/);

  const badFormat = await call(user.token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code: '12' } });
  t.equal(badFormat.statusCode, 400);
  t.match(badFormat.json(), { field: 'code', message: 'The code must be 6 digits. Type the code your authenticator app shows.' });

  const wrong = await call(user.token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code: await totp(secret, 3) } });
  t.equal(wrong.statusCode, 400);
  t.strictSame(wrong.json().fields, { code: 'That code is not valid; check the time on your device and try again' });

  const otherSession = await login({ identifier: user.username, password: user.password });
  const enable = await call(user.token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code: await totp(secret) } });
  t.equal(enable.statusCode, 200);
  const { recoveryCodes } = enable.json();
  t.equal(recoveryCodes.length, 10);
  t.equal((await call(user.token, { method: 'GET', url: '/api/auth/verify' })).statusCode, 200, 'this session stays');
  t.strictSame(
    (await call(otherSession.json().token, { method: 'GET', url: '/api/auth/verify' })).json(),
    {
      error: 'Unauthorized',
      message: 'Two-factor authentication is now on for your account. Sign in again with your code.',
      reason: 'two_factor_enabled',
    },
    'other sessions end, saying why',
  );
  t.match((await account()).json(), { twoFactorEnabled: true, recoveryCodesRemaining: 10 });

  const setupAgain = await call(user.token, { method: 'POST', url: '/api/account/two-factor/setup' });
  t.equal(setupAgain.statusCode, 409);
  t.equal(setupAgain.json().message, 'Two-factor authentication is already on');

  const needsCode = await login({ identifier: user.username, password: user.password });
  t.strictSame(needsCode.json(), { success: false, requiresTwoFactor: true });
  clock.advance(STEP_MS);
  t.equal((await login({ identifier: user.username, password: user.password, twoFactorToken: await totp(secret) })).statusCode, 200);

  await login({ identifier: user.username, password: user.password, recoveryCode: recoveryCodes[0] });
  t.match((await account()).json(), { recoveryCodesRemaining: 9 }, 'a used recovery code is counted');

  const regenerateWrong = await call(user.token, { method: 'POST', url: '/api/account/two-factor/recovery-codes', payload: { password: 'nope-nope' } });
  t.equal(regenerateWrong.statusCode, 400);
  t.strictSame(regenerateWrong.json(), { error: 'Bad Request', message: 'The password is incorrect', field: 'password', fields: { password: 'The password is incorrect' } });

  const regenerate = await call(user.token, { method: 'POST', url: '/api/account/two-factor/recovery-codes', payload: { password: user.password } });
  t.equal(regenerate.statusCode, 200);
  const fresh = regenerate.json().recoveryCodes as string[];
  t.equal(fresh.length, 10);
  t.notOk(fresh.some((code) => recoveryCodes.includes(code)), 'all new codes');
  t.match((await account()).json(), { recoveryCodesRemaining: 10 });
  const oldCode = await login({ identifier: user.username, password: user.password, recoveryCode: recoveryCodes[1] });
  t.equal(oldCode.statusCode, 401, 'the old codes no longer work');
  const newCode = await login({ identifier: user.username, password: user.password, recoveryCode: fresh[0] });
  t.equal(newCode.statusCode, 200, 'the new ones do');

  const disableMissing = await call(user.token, { method: 'POST', url: '/api/account/two-factor/disable', payload: {} });
  t.equal(disableMissing.statusCode, 400);
  t.match(disableMissing.json(), { field: 'password', message: 'Password is required' });

  const disableWrong = await call(user.token, { method: 'POST', url: '/api/account/two-factor/disable', payload: { password: 'nope-nope' } });
  t.equal(disableWrong.statusCode, 400);
  t.strictSame(disableWrong.json().fields, { password: 'The password is incorrect' });
  t.match((await account()).json(), { twoFactorEnabled: true }, 'a wrong password changes nothing');

  const disable = await call(user.token, { method: 'POST', url: '/api/account/two-factor/disable', payload: { password: user.password } });
  t.equal(disable.statusCode, 200);
  t.strictSame(disable.json(), { success: true });
  t.match((await account()).json(), { twoFactorEnabled: false, recoveryCodesRemaining: 0 });
  t.equal((await login({ identifier: user.username, password: user.password })).json().success, true, 'the password alone signs in');

  const regenerateOff = await call(user.token, { method: 'POST', url: '/api/account/two-factor/recovery-codes', payload: { password: user.password } });
  t.equal(regenerateOff.statusCode, 409);
  t.equal(regenerateOff.json().message, 'Two-factor authentication is off');

});

t.test('POST /api/account/password', async (t) => {
  const user = await userWithToken('viewer', { password: 'old-password-42' });
  const change = (token: string, payload: object) => call(token, { method: 'POST', url: '/api/account/password', payload });

  const wrongCurrent = await change(user.token, { currentPassword: 'not-it-at-all', newPassword: 'new-password-42' });
  t.equal(wrongCurrent.statusCode, 400);
  t.strictSame(wrongCurrent.json(), {
    error: 'Bad Request',
    message: 'The password is incorrect',
    field: 'currentPassword',
    fields: { currentPassword: 'The password is incorrect' },
  });

  const tooShort = await change(user.token, { currentPassword: user.password, newPassword: 'short' });
  t.equal(tooShort.statusCode, 400);
  t.match(tooShort.json(), { field: 'newPassword', message: 'Password must be at least 8 characters long. Choose a longer one.' });
  t.strictSame(tooShort.json().fields, { newPassword: 'Password must be at least 8 characters long. Choose a longer one.' });

  const common = await change(user.token, { currentPassword: user.password, newPassword: 'password123' });
  t.equal(common.statusCode, 400);
  t.match(common.json(), { field: 'newPassword', message: 'This password is too common. Choose a longer or less common password.' });

  const commonAnyCase = await change(user.token, { currentPassword: user.password, newPassword: 'PassWord123' });
  t.equal(commonAnyCase.statusCode, 400, 'the common-password list ignores case');

  const otherSession = await login({ identifier: user.username, password: user.password });
  const ok = await change(user.token, { currentPassword: user.password, newPassword: 'new-password-42' });
  t.equal(ok.statusCode, 200);
  t.strictSame(ok.json(), { success: true });
  t.equal((await call(user.token, { method: 'GET', url: '/api/auth/verify' })).statusCode, 200, 'the current session stays');
  t.equal((await call(otherSession.json().token, { method: 'GET', url: '/api/auth/verify' })).statusCode, 401, 'other sessions end');
  t.equal((await login({ identifier: user.username, password: user.password })).statusCode, 401, 'the old password no longer signs in');
  t.equal((await login({ identifier: user.username, password: 'new-password-42' })).statusCode, 200, 'the new one does');
});
