import t, { type Test } from 'tap';
import type { InjectOptions } from 'fastify';
import { createTestApp } from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';
import { assignableRoles } from '../../api/contract/admin-users.js';
import { ROLES } from '../../api/contract/roles.js';

const ONLY_SUPER = 'Only super administrators can create, change, reset or delete a super administrator';

// One app for the file: starting a database costs seconds, and every test below uses its own users.
const { app, db, call, userWithToken } = await createTestApp(t);
const superAdmin = await userWithToken('super_admin', { username: 'root.sam' });
const admin = await userWithToken('admin', { username: 'ada.admin' });

const asSuper = (options: InjectOptions) => call(superAdmin.token, options);
const asAdmin = (options: InjectOptions) => call(admin.token, options);
const create = (token: string, payload: object) => call(token, { method: 'POST', url: '/api/admin/users', payload });
const users = '/api/admin/users';

let sequence = 0;
const uniqueName = (prefix = 'made') => `${prefix}.${++sequence}`;

/** The answer must carry no password hash, no two-factor secret, no recovery code. */
function assertNoSecrets(t: Test, text: string) {
  t.notMatch(text, /password/i, 'no password field');
  t.notMatch(text, /\$argon2/, 'no argon2 hash');
  t.notMatch(text, /secret/i, 'no two-factor secret');
  t.notMatch(text, /recovery/i, 'no recovery codes');
}

t.test('create, read, update and delete', async (t) => {
  const created = await create(admin.token, {
    username: 'nina.nurse',
    email: ' Nina@Example.org ',
    password: 'a-good-long-password',
    firstName: 'Nina',
    role: 'editor',
    department: 'Cardiology',
  });
  t.equal(created.statusCode, 201);
  const user = created.json();
  t.strictSame(user, {
    id: user.id,
    username: 'nina.nurse',
    email: 'Nina@Example.org',
    firstName: 'Nina',
    role: 'editor',
    department: 'Cardiology',
    isActive: true,
    twoFactorEnabled: false,
    lastLogin: null,
    createdAt: user.createdAt,
  });
  t.ok(Number.isInteger(user.id));
  t.match(user.createdAt, /^\d{4}-\d\d-\d\dT/);
  assertNoSecrets(t, created.body);

  const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'nina@example.org', password: 'a-good-long-password' } });
  t.equal(signIn.statusCode, 200, 'the new user signs in with the password given');

  const list = await asAdmin({ method: 'GET', url: users });
  t.equal(list.statusCode, 200);
  const listed = list.json().find((entry: { id: number }) => entry.id === user.id);
  t.strictSame(listed.username, 'nina.nurse');
  t.ok(listed.lastLogin, 'the list shows the last sign-in');
  assertNoSecrets(t, list.body);

  const updated = await asAdmin({ method: 'PATCH', url: `${users}/${user.id}`, payload: { firstName: 'Nina B.', department: '', email: '' } });
  t.equal(updated.statusCode, 200);
  t.match(updated.json(), { id: user.id, username: 'nina.nurse', firstName: 'Nina B.', department: null, email: null, role: 'editor' });

  const unchanged = await asAdmin({ method: 'PATCH', url: `${users}/${user.id}`, payload: { isActive: false } });
  t.match(unchanged.json(), { firstName: 'Nina B.', isActive: false }, 'fields not sent keep their values');

  const deleted = await asSuper({ method: 'DELETE', url: `${users}/${user.id}` });
  t.equal(deleted.statusCode, 200);
  t.strictSame(deleted.json(), { success: true });
  const after = await asAdmin({ method: 'GET', url: users });
  t.notOk(after.json().some((entry: { id: number }) => entry.id === user.id), 'gone from the list');

  for (const options of [
    { method: 'PATCH', url: `${users}/${user.id}`, payload: { firstName: 'x' } },
    { method: 'DELETE', url: `${users}/${user.id}` },
    { method: 'POST', url: `${users}/${user.id}/reset-password`, payload: { newPassword: 'another-password' } },
    { method: 'POST', url: `${users}/${user.id}/toggle-2fa`, payload: { enable: true } },
  ] as const) {
    const response = await asSuper(options);
    t.equal(response.statusCode, 404, `${options.method} ${options.url} on a deleted user`);
    t.strictSame(response.json(), { error: 'Not Found', message: 'No admin user with this id' });
  }
});

t.test('create applies the defaults', async (t) => {
  const response = await create(admin.token, { username: 'plain.user', password: 'a-good-long-password' });
  t.equal(response.statusCode, 201);
  t.match(response.json(), { username: 'plain.user', email: null, firstName: null, department: null, role: 'viewer', isActive: true, twoFactorEnabled: false });
});

t.test('validation', async (t) => {
  const valid = { username: 'valid.name', password: 'a-good-long-password' };
  const cases: [string, object, string, string][] = [
    ['username missing', { password: valid.password }, 'username', 'Username is required'],
    ['username blank', { ...valid, username: '   ' }, 'username', 'Username is required'],
    ['username with spaces', { ...valid, username: 'two words' }, 'username', 'Username may contain only letters, digits, dots, dashes and underscores. Remove the other characters.'],
    ['email invalid', { ...valid, email: 'not-an-email' }, 'email', 'Email must be a valid email address, such as name@example.org, or left empty.'],
    ['password missing', { username: valid.username }, 'password', 'Password is required'],
    ['password short', { ...valid, password: 'short12' }, 'password', 'Password must be at least 8 characters long. Choose a longer one.'],
    ['password common', { ...valid, password: 'password123' }, 'password', 'This password is too common. Choose a longer or less common password.'],
    ['password common in capitals', { ...valid, password: 'QWERTYUIOP' }, 'password', 'This password is too common. Choose a longer or less common password.'],
  ];
  for (const [name, payload, field, message] of cases) {
    const response = await create(admin.token, payload);
    t.equal(response.statusCode, 400, name);
    t.equal(response.json().message, message, name);
    t.equal(response.json().field, field, name);
    t.equal(response.json().fields[field], message, name);
  }

  const badRole = await create(admin.token, { ...valid, role: 'god' });
  t.equal(badRole.statusCode, 400);
  t.match(badRole.json(), { field: 'role', message: 'Choose a role: viewer, editor, admin or super_admin.' }, 'a role outside the four names the field');

  const emptyPatch = await asAdmin({ method: 'PATCH', url: `${users}/${admin.id}`, payload: {} });
  t.equal(emptyPatch.statusCode, 400);
  t.equal(emptyPatch.json().message, 'Nothing to update: change at least one field, then save.');

  const badId = await asAdmin({ method: 'PATCH', url: `${users}/abc`, payload: { firstName: 'x' } });
  t.equal(badId.statusCode, 400);
  t.equal(badId.json().field, 'id');

  const list = await asAdmin({ method: 'GET', url: users });
  t.notOk(list.json().some((entry: { username: string }) => entry.username === 'valid.name'), 'nothing was created');
});

t.test('usernames and emails are unique, ignoring case', async (t) => {
  t.equal((await create(admin.token, { username: 'Unique.One', email: 'one@example.org', password: 'a-good-long-password' })).statusCode, 201);

  const sameName = await create(admin.token, { username: 'unique.ONE', password: 'a-good-long-password' });
  t.equal(sameName.statusCode, 409);
  const usernameTaken = 'That username is already taken. Choose another one.';
  t.strictSame(sameName.json(), { error: 'Conflict', message: usernameTaken, field: 'username', fields: { username: usernameTaken } });

  const sameEmail = await create(admin.token, { username: 'unique.two', email: 'ONE@example.org', password: 'a-good-long-password' });
  t.equal(sameEmail.statusCode, 409);
  const emailTaken = 'That email is already taken. Choose another one.';
  t.strictSame(sameEmail.json(), { error: 'Conflict', message: emailTaken, field: 'email', fields: { email: emailTaken } });

  const blankA = await create(admin.token, { username: 'blank.a', email: '', password: 'a-good-long-password' });
  const blankB = await create(admin.token, { username: 'blank.b', email: '  ', password: 'a-good-long-password' });
  t.equal(blankA.statusCode, 201);
  t.equal(blankB.statusCode, 201, 'a blank email is null, and many users may have none');
  t.equal(blankB.json().email, null);

  const renameClash = await asAdmin({ method: 'PATCH', url: `${users}/${blankA.json().id}`, payload: { username: 'UNIQUE.one' } });
  t.equal(renameClash.statusCode, 409);
  t.equal(renameClash.json().message, 'That username is already taken. Choose another one.');
  const emailClash = await asAdmin({ method: 'PATCH', url: `${users}/${blankA.json().id}`, payload: { email: 'One@Example.org' } });
  t.equal(emailClash.statusCode, 409);
  t.equal(emailClash.json().message, 'That email is already taken. Choose another one.');
});

t.test('answers never carry secrets, even for a user with two-factor', async (t) => {
  const user = await anAdminUser(db.sql, {});
  await db.sql`
    UPDATE admin_users SET two_factor_enabled = true, two_factor_secret = 'JBSWY3DPEHPK3PXP', two_factor_pending_secret = 'KRSXG5CTMVRXEZLU'
    WHERE id = ${user.id}`;
  await db.sql`INSERT INTO admin_recovery_codes (user_id, code_hash) VALUES (${user.id}, 'abc123hash')`;
  const list = await asAdmin({ method: 'GET', url: users });
  assertNoSecrets(t, list.body);
  t.notMatch(list.body, /JBSWY3DPEHPK3PXP|KRSXG5CTMVRXEZLU|abc123hash/);
  const patched = await asAdmin({ method: 'PATCH', url: `${users}/${user.id}`, payload: { department: 'Lab' } });
  assertNoSecrets(t, patched.body);
  t.equal(patched.json().twoFactorEnabled, true);
  const toggled = await asAdmin({ method: 'POST', url: `${users}/${user.id}/toggle-2fa`, payload: { enable: true } });
  assertNoSecrets(t, toggled.body);
  const reset = await asAdmin({ method: 'POST', url: `${users}/${user.id}/reset-password`, payload: { newPassword: 'a-fresh-password' } });
  t.strictSame(reset.json(), { success: true });
});

t.test('an admin cannot manage a super admin', async (t) => {
  const target = await anAdminUser(db.sql, { role: 'super_admin' });
  const cases: [string, InjectOptions][] = [
    ['create one', { method: 'POST', url: users, payload: { username: uniqueName(), password: 'a-good-long-password', role: 'super_admin' } }],
    ['change one', { method: 'PATCH', url: `${users}/${target.id}`, payload: { firstName: 'Changed' } }],
    ['deactivate one', { method: 'PATCH', url: `${users}/${target.id}`, payload: { isActive: false } }],
    ['reset the password of one', { method: 'POST', url: `${users}/${target.id}/reset-password`, payload: { newPassword: 'a-good-long-password' } }],
    ['switch two-factor of one', { method: 'POST', url: `${users}/${target.id}/toggle-2fa`, payload: { enable: true } }],
  ];
  for (const [name, options] of cases) {
    const response = await asAdmin(options);
    t.equal(response.statusCode, 403, name);
    t.strictSame(response.json(), { error: 'Forbidden', message: ONLY_SUPER }, name);
  }
  const promote = await asAdmin({ method: 'PATCH', url: `${users}/${admin.id}`, payload: { role: 'super_admin' } });
  t.equal(promote.statusCode, 403);
  t.equal(promote.json().message, 'Only super administrators can change roles', 'nor make anyone one, themselves included');

  const [row] = await db.sql<{ firstName: string | null; role: string; isActive: boolean; twoFactorEnabled: boolean }[]>`
    SELECT first_name, role, is_active, two_factor_enabled FROM admin_users WHERE id = ${target.id}`;
  t.strictSame({ ...row }, { firstName: null, role: 'super_admin', isActive: true, twoFactorEnabled: false }, 'the super admin is unchanged');
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: target.username, password: target.password } })).statusCode, 200);
});

t.test('the roles the create form offers are exactly the ones the server accepts', async (t) => {
  t.strictSame(assignableRoles('admin'), ['viewer', 'editor', 'admin'], 'an admin is not offered Super Admin');
  t.strictSame(assignableRoles('super_admin'), [...ROLES], 'a super admin is offered every role');
  for (const [actorRole, actor] of [['admin', admin], ['super_admin', superAdmin]] as const) {
    for (const role of ROLES) {
      const response = await create(actor.token, { username: uniqueName(`as.${actorRole}`), password: 'a-good-long-password', role });
      const offered = assignableRoles(actorRole).includes(role);
      t.equal(response.statusCode, offered ? 201 : 403, `${actorRole} creating a ${role}: ${offered ? 'offered and accepted' : 'not offered, refused'}`);
    }
  }
});

t.test('only a super admin changes roles', async (t) => {
  const target = await anAdminUser(db.sql, { role: 'viewer' });
  const byAdmin = await asAdmin({ method: 'PATCH', url: `${users}/${target.id}`, payload: { role: 'editor' } });
  t.equal(byAdmin.statusCode, 403);
  t.strictSame(byAdmin.json(), { error: 'Forbidden', message: 'Only super administrators can change roles' });

  const sameRole = await asAdmin({ method: 'PATCH', url: `${users}/${target.id}`, payload: { role: 'viewer', firstName: 'Same' } });
  t.equal(sameRole.statusCode, 200, 'sending the unchanged role is not a role change');

  for (const role of ['editor', 'admin', 'super_admin', 'viewer']) {
    const response = await asSuper({ method: 'PATCH', url: `${users}/${target.id}`, payload: { role } });
    t.equal(response.statusCode, 200, `a super admin makes them ${role}`);
    t.equal(response.json().role, role);
  }
  const created = await create(superAdmin.token, { username: uniqueName('second.super'), password: 'a-good-long-password', role: 'super_admin' });
  t.equal(created.statusCode, 201, 'a super admin creates another super admin');
});

t.test('nobody deletes, deactivates or demotes themselves', async (t) => {
  const selfDelete = await asSuper({ method: 'DELETE', url: `${users}/${superAdmin.id}` });
  t.equal(selfDelete.statusCode, 403);
  t.strictSame(selfDelete.json(), { error: 'Forbidden', message: 'You cannot delete your own account' });

  const selfDeactivate = await asAdmin({ method: 'PATCH', url: `${users}/${admin.id}`, payload: { isActive: false } });
  t.equal(selfDeactivate.statusCode, 403);
  t.equal(selfDeactivate.json().message, 'You cannot deactivate your own account');

  const selfDemote = await asSuper({ method: 'PATCH', url: `${users}/${superAdmin.id}`, payload: { role: 'admin' } });
  t.equal(selfDemote.statusCode, 403);
  t.equal(selfDemote.json().message, 'You cannot change your own role');

  const adminDeletes = await asAdmin({ method: 'DELETE', url: `${users}/${(await anAdminUser(db.sql, {})).id}` });
  t.equal(adminDeletes.statusCode, 403, 'an admin deletes nobody');
  t.equal(adminDeletes.json().message, 'You do not have permission to do this');
});

t.test('the last active super admin stays', async (t) => {
  // A database of its own, so that exactly one super admin exists.
  const lone = await createTestApp(t);
  const only = await lone.userWithToken('super_admin');
  const asOnly = (options: InjectOptions) => lone.call(only.token, options);
  t.equal((await asOnly({ method: 'PATCH', url: `${users}/${only.id}`, payload: { isActive: false } })).statusCode, 403);
  t.equal((await asOnly({ method: 'PATCH', url: `${users}/${only.id}`, payload: { role: 'admin' } })).statusCode, 403);
  t.equal((await asOnly({ method: 'DELETE', url: `${users}/${only.id}` })).statusCode, 403);

  // An inactive super admin does not count; demoting or deleting them is fine.
  const dormant = await anAdminUser(lone.db.sql, { role: 'super_admin', isActive: false });
  t.equal((await asOnly({ method: 'PATCH', url: `${users}/${dormant.id}`, payload: { role: 'viewer' } })).statusCode, 200);

  const [row] = await lone.db.sql<{ count: number }[]>`SELECT count(*) AS count FROM admin_users WHERE role = 'super_admin' AND is_active`;
  t.equal(row!.count, 1, 'the only active super admin is still one');

  // Two super admins demoting each other at the same moment must not leave none.
  const other = await lone.userWithToken('super_admin');
  const results = await Promise.all([
    asOnly({ method: 'PATCH', url: `${users}/${other.id}`, payload: { role: 'admin' } }),
    lone.call(other.token, { method: 'PATCH', url: `${users}/${only.id}`, payload: { role: 'admin' } }),
  ]);
  const statuses = results.map((response) => response.statusCode).sort();
  const [left] = await lone.db.sql<{ count: number }[]>`SELECT count(*) AS count FROM admin_users WHERE role = 'super_admin' AND is_active`;
  t.equal(left!.count, 1, `one active super admin remains (answers ${statuses.join(', ')})`);
  const refused = results.find((response) => response.statusCode !== 200);
  t.ok(refused, 'one of the two is refused');
  t.ok(
    refused && [401, 403, 409].includes(refused.statusCode),
    'with 409 (last super admin), 403 (no longer a super admin) or 401 (the demoted actor has lost their session)',
  );
  if (refused?.statusCode === 409) {
    t.strictSame(refused.json(), {
      error: 'Conflict',
      message: 'This is the last active super administrator: make another user super admin first',
    });
  }
});

t.test('every change is written to the audit log', async (t) => {
  interface AuditRow {
    action: string;
    actorId: number | null;
    actorUsername: string | null;
    targetType: string;
    targetId: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    ip: string | null;
  }
  const auditOf = (targetId: number) =>
    db.sql<AuditRow[]>`
      SELECT action, actor_id, actor_username, target_type, target_id, before, after, ip
      FROM audit_log WHERE target_id = ${String(targetId)} ORDER BY id`;

  const created = (await create(admin.token, { username: uniqueName('audited'), password: 'a-good-long-password', firstName: 'Aud' })).json();
  await asAdmin({ method: 'PATCH', url: `${users}/${created.id}`, payload: { firstName: 'Audrey' } });
  await asAdmin({ method: 'POST', url: `${users}/${created.id}/reset-password`, payload: { newPassword: 'reset-to-this-one' } });
  await asAdmin({ method: 'POST', url: `${users}/${created.id}/toggle-2fa`, payload: { enable: true } });
  await asSuper({ method: 'PATCH', url: `${users}/${created.id}`, payload: { role: 'editor' } });
  await asSuper({ method: 'DELETE', url: `${users}/${created.id}` });
  // A refused call changes nothing and writes nothing.
  await asAdmin({ method: 'PATCH', url: `${users}/${created.id}`, payload: { role: 'admin' } });

  const rows = await auditOf(created.id);
  t.strictSame(
    rows.map((row) => [row.action, row.actorUsername]),
    [
      ['admin-user.create', 'ada.admin'],
      ['admin-user.update', 'ada.admin'],
      ['admin-user.reset-password', 'ada.admin'],
      ['admin-user.toggle-2fa', 'ada.admin'],
      ['admin-user.update', 'root.sam'],
      ['admin-user.delete', 'root.sam'],
    ],
  );
  for (const row of rows) {
    t.equal(row.targetType, 'admin_user');
    t.equal(row.targetId, String(created.id));
    t.equal(row.actorId, row.actorUsername === 'ada.admin' ? admin.id : superAdmin.id);
    t.equal(row.ip, '127.0.0.1');
    assertNoSecrets(t, JSON.stringify([row.before, row.after]));
  }
  const [create_, rename, reset, toggle, role, remove] = rows;
  t.equal(create_!.before, null);
  t.match(create_!.after, { username: created.username, firstName: 'Aud' });
  t.match(rename!.before, { firstName: 'Aud' });
  t.match(rename!.after, { firstName: 'Audrey' });
  t.equal(reset!.before, null, 'a password reset records no password, old or new');
  t.equal(reset!.after, null);
  t.match(toggle!.before, { twoFactorEnabled: false });
  t.match(toggle!.after, { twoFactorEnabled: true });
  t.match(role!.before, { role: 'viewer' });
  t.match(role!.after, { role: 'editor' });
  t.match(remove!.before, { username: created.username, role: 'editor' });
  t.equal(remove!.after, null);
});
