import t from 'tap';
import type { InjectOptions } from 'fastify';
import { createTestApp } from '../helpers/app.js';

const { db, call, userWithToken } = await createTestApp(t);
const admin = await userWithToken('admin', { username: 'ada.admin' });
const superAdmin = await userWithToken('super_admin', { username: 'sam.super' });
const editor = await userWithToken('editor', { username: 'ed.editor' });
const viewer = await userWithToken('viewer', { username: 'vi.viewer' });

const SETTINGS = '/api/system-settings';
const DEFAULTS = {
  dailyLimit: 3,
  maxResponseTime: 30,
  allowedGroups: '',
  maintenanceMode: false,
  autoBackup: true,
  backupHour: 4,
  logLevel: 'INFO',
  logRetentionDays: 90,
};
const put = (token: string, payload: object) => call(token, { method: 'PUT', url: SETTINGS, payload } as InjectOptions);
const get = (token: string) => call(token, { method: 'GET', url: SETTINGS });

async function aGroup(groupId: number, isActive: boolean) {
  await db.sql`INSERT INTO authorized_groups (group_id, group_name, is_active) VALUES (${groupId}, ${`Group ${groupId}`}, ${isActive})`;
}
const activeGroups = async () =>
  (await db.sql<{ groupId: number }[]>`SELECT group_id FROM authorized_groups WHERE is_active ORDER BY group_id`).map((row) => row.groupId);

t.test('GET answers the defaults of spec §3, and PUT saves every field', async (t) => {
  const first = await get(admin.token);
  t.equal(first.statusCode, 200);
  t.match(first.json(), { ...DEFAULTS, timeZone: 'UTC', updatedAt: String });

  const changed = { dailyLimit: 7, maxResponseTime: 12, allowedGroups: '', maintenanceMode: true, autoBackup: false, backupHour: 23, logLevel: 'WARN', logRetentionDays: 30 };
  const saved = await put(superAdmin.token, changed);
  t.equal(saved.statusCode, 200);
  t.match(saved.json(), changed);
  t.match((await get(admin.token)).json(), changed, 'read back');
  const [row] = await db.sql`SELECT default_daily_limit, max_response_time_seconds, maintenance_mode, auto_backup, backup_hour, log_level, log_retention_days FROM system_settings`;
  t.same(row, { defaultDailyLimit: 7, maxResponseTimeSeconds: 12, maintenanceMode: true, autoBackup: false, backupHour: 23, logLevel: 'WARN', logRetentionDays: 30 }, 'stored');
  t.equal((await put(admin.token, DEFAULTS)).statusCode, 200, 'back to the defaults');
});

t.test('each bad field is a 400 that names it', async (t) => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ dailyLimit: 0 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.'],
    [{ dailyLimit: 2.5 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.'],
    [{ dailyLimit: '5' }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.'],
    [{ dailyLimit: 10_001 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.'],
    [{ dailyLimit: 1e20 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.'],
    [{ logRetentionDays: -1e20 }, 'logRetentionDays', 'Log retention must be a whole number from 1 to 3650 days.'],
    [{ maxResponseTime: -1 }, 'maxResponseTime', 'Max response time must be a whole number from 1 to 3600 seconds.'],
    [{ maxResponseTime: 1.5 }, 'maxResponseTime', 'Max response time must be a whole number from 1 to 3600 seconds.'],
    [{ logLevel: 'TRACE' }, 'logLevel', 'Choose a log level: DEBUG, INFO, WARN, ERROR.'],
    [{ logRetentionDays: 0 }, 'logRetentionDays', 'Log retention must be a whole number from 1 to 3650 days.'],
    [{ maintenanceMode: 'yes' }, 'maintenanceMode', 'Maintenance mode must be on or off (true or false).'],
    [{ autoBackup: null }, 'autoBackup', 'Automatic backup must be on or off (true or false).'],
    [{ backupHour: 24 }, 'backupHour', 'Backup hour must be a whole number from 0 to 23.'],
    [{ backupHour: -1 }, 'backupHour', 'Backup hour must be a whole number from 0 to 23.'],
    [{ backupHour: 4.5 }, 'backupHour', 'Backup hour must be a whole number from 0 to 23.'],
    [{ backupHour: '4' }, 'backupHour', 'Backup hour must be a whole number from 0 to 23.'],
    [{ allowedGroups: '-100, abc' }, 'allowedGroups', 'Allowed groups must be group IDs separated by commas, such as -1001234567890, -1009876543210, or left empty.'],
    [{ allowedGroups: 42 }, 'allowedGroups', 'Allowed groups must be group IDs separated by commas, such as -1001234567890, -1009876543210, or left empty.'],
  ];
  for (const [change, field, message] of cases) {
    const response = await put(admin.token, { ...DEFAULTS, ...change });
    t.equal(response.statusCode, 400, JSON.stringify(change));
    t.equal(response.json().fields?.[field], message, `${JSON.stringify(change)}: ${field}`);
    t.equal(response.json().message, message, 'the message is the sentence, with no field name before it');
    t.equal(response.json().field, field);
  }
  const missing = await put(admin.token, { dailyLimit: 4 });
  t.equal(missing.statusCode, 400, 'every field is required');
  t.ok(missing.json().fields?.maxResponseTime, 'and the missing ones are named');
  t.match((await get(admin.token)).json(), DEFAULTS, 'nothing was saved');
});

t.test('allowed groups are the active authorized groups; saving a changed list activates exactly those listed', async (t) => {
  await aGroup(-1001, true);
  await aGroup(-1002, true);
  await aGroup(-1003, false);
  t.equal((await get(admin.token)).json().allowedGroups, '-1001, -1002');

  const saved = await put(admin.token, { ...DEFAULTS, allowedGroups: '-1003,-1001' });
  t.equal(saved.statusCode, 200);
  t.same(await activeGroups(), [-1003, -1001], '-1002 switched off, -1003 on');
  t.equal(saved.json().allowedGroups, '-1001, -1003');

  const unknown = await put(admin.token, { ...DEFAULTS, allowedGroups: '-1001, -100999' });
  t.equal(unknown.statusCode, 400);
  t.equal(unknown.json().message, 'Allowed groups: -100999 is not an authorized group. Add it in Access Control first, or remove it from the list.');
  t.equal(unknown.json().fields.allowedGroups, unknown.json().message);
  const several = await put(admin.token, { ...DEFAULTS, allowedGroups: '-7, -8' });
  t.equal(several.json().message, 'Allowed groups: -7, -8 are not authorized groups. Add them in Access Control first, or remove them from the list.');
  t.same(await activeGroups(), [-1003, -1001], 'a refused save changes no group');

  // A group activated elsewhere (Access Control) while the dialog was open is not switched off by an unchanged list.
  await db.sql`UPDATE authorized_groups SET is_active = true WHERE group_id = -1002`;
  t.equal((await put(admin.token, { ...DEFAULTS, allowedGroups: '-1001, -1002, -1003', dailyLimit: 4 })).statusCode, 200);
  t.same(await activeGroups(), [-1003, -1002, -1001]);

  t.equal((await put(admin.token, { ...DEFAULTS, allowedGroups: '' })).json().allowedGroups, '', 'an empty list serves no group');
  t.same(await activeGroups(), []);
  await put(admin.token, DEFAULTS);
});

t.test('a save is audited with what it was before and after', async (t) => {
  await put(admin.token, { ...DEFAULTS, dailyLimit: 9, maintenanceMode: true });
  const [entry] = await db.sql<{ action: string; actorUsername: string; targetType: string; before: Record<string, unknown>; after: Record<string, unknown> }[]>`
    SELECT action, actor_username, target_type, before, after FROM audit_log WHERE target_type = 'system_settings' ORDER BY id DESC LIMIT 1`;
  t.match(entry, { action: 'system-settings.update', actorUsername: 'ada.admin', targetType: 'system_settings' });
  t.match(entry!.before, { dailyLimit: 3, maintenanceMode: false });
  t.match(entry!.after, { dailyLimit: 9, maintenanceMode: true });
  await put(admin.token, DEFAULTS);
});

t.test('saves made at once are each audited with what they changed from and to, none lost', async (t) => {
  const current = (await get(admin.token)).json() as typeof DEFAULTS;
  await db.sql`DELETE FROM audit_log WHERE action = 'system-settings.update'`;
  const answers = await Promise.all([13, 14, 15].map((dailyLimit) => put(admin.token, { ...current, dailyLimit })));
  t.same(answers.map((answer) => answer.statusCode), [200, 200, 200]);
  t.same(answers.map((answer) => answer.json().dailyLimit).sort(), [13, 14, 15], 'each answer is its own save');
  const audits = await db.sql<{ before: { dailyLimit: number }; after: { dailyLimit: number } }[]>`
    SELECT before, after FROM audit_log WHERE action = 'system-settings.update' ORDER BY id`;
  t.same(audits.map((row) => row.after.dailyLimit).sort(), [13, 14, 15], 'every save is in the audit log, once');
  t.equal(audits[0]!.before.dailyLimit, current.dailyLimit);
  for (let index = 1; index < audits.length; index += 1) {
    t.equal(audits[index]!.before.dailyLimit, audits[index - 1]!.after.dailyLimit, 'each changed from what the one before saved');
  }
  await put(admin.token, current);
});

t.test('only admins and super admins read or change the settings', async (t) => {
  for (const user of [viewer, editor]) {
    t.equal((await get(user.token)).statusCode, 403);
    const refused = await put(user.token, { ...DEFAULTS, maintenanceMode: true });
    t.equal(refused.statusCode, 403);
    t.equal(refused.json().message, 'You do not have permission to do this');
  }
  t.equal((await call(undefined, { method: 'GET', url: SETTINGS })).statusCode, 401);
  const [row] = await db.sql`SELECT maintenance_mode FROM system_settings`;
  t.equal(row!.maintenanceMode, false, 'nothing changed');
});

t.test('the default language and the languages the bot offers: saved, validated naming the field, audited', async (t) => {
  t.match((await get(admin.token)).json(), { defaultLanguage: 'en', botLanguages: ['en', 'uk', 'pl', 'de', 'fr', 'es', 'it', 'pt'] });

  const saved = await put(admin.token, { ...DEFAULTS, defaultLanguage: 'uk', botLanguages: ['pl', 'uk', 'uk'] });
  t.equal(saved.statusCode, 200, saved.body);
  t.match(saved.json(), { defaultLanguage: 'uk', botLanguages: ['uk', 'pl'] }, 'duplicates dropped, in the order of the contract');
  const [row] = await db.sql<{ defaultLanguage: string; botLanguages: string[] }[]>`SELECT default_language, bot_languages FROM system_settings`;
  t.equal(row!.defaultLanguage, 'uk');
  t.same([...row!.botLanguages].sort(), ['pl', 'uk']);
  const [entry] = await db.sql<{ before: Record<string, unknown>; after: Record<string, unknown> }[]>`
    SELECT before, after FROM audit_log WHERE target_type = 'system_settings' ORDER BY id DESC LIMIT 1`;
  t.match(entry, { before: { defaultLanguage: 'en' }, after: { defaultLanguage: 'uk', botLanguages: ['uk', 'pl'] } }, 'audited');

  t.match((await put(admin.token, DEFAULTS)).json(), { defaultLanguage: 'uk', botLanguages: ['uk', 'pl'] }, 'a client without the fields keeps them');

  const refused = async (payload: object, field: string, message: string) => {
    const response = await put(admin.token, { ...DEFAULTS, ...payload });
    t.equal(response.statusCode, 400, JSON.stringify(payload));
    t.strictSame(response.json().fields, { [field]: message });
  };
  await refused({ botLanguages: [] }, 'botLanguages', 'The bot must offer at least one language. Choose one or more.');
  await refused({ botLanguages: ['en', 'xx'] }, 'botLanguages.1', 'Choose a language: en, uk, pl, de, fr, es, it, pt.');
  await refused({ defaultLanguage: 'tlh' }, 'defaultLanguage', 'Choose a language: en, uk, pl, de, fr, es, it, pt.');
  await refused({ defaultLanguage: 'de' }, 'defaultLanguage', 'The default language must be one the bot offers: offer German, or choose another default.');
  await refused({ botLanguages: ['en', 'pl'] }, 'defaultLanguage', 'The default language must be one the bot offers: offer Ukrainian, or choose another default.');
  t.match((await get(admin.token)).json(), { defaultLanguage: 'uk', botLanguages: ['uk', 'pl'] }, 'nothing refused was saved');

  await put(admin.token, { ...DEFAULTS, defaultLanguage: 'en', botLanguages: ['en', 'uk', 'pl', 'de', 'fr', 'es', 'it', 'pt'] });
});
