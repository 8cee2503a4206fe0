import t from 'tap';
import type { InjectOptions } from 'fastify';
import { createTestApp } from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import { insertContactReport } from '../../sql/contact-reports.js';
import type { Broadcaster } from '../../api/ports.js';

// A change and its audit row commit together or not at all: when the audit row cannot be written, the
// request fails and the record is as it was; once it can, the same request makes the change, audited once.

const cancelledBroadcasts: number[] = [];
const broadcaster: Broadcaster = {
  wake: () => undefined,
  cancelled: (id) => void cancelledBroadcasts.push(id),
  sendTest: async () => ({ ok: true, messageId: 1 }),
};
const { db, clock, call, userWithToken } = await createTestApp(t, { broadcaster });
const admin = await userWithToken('super_admin');
const [botUserId] = await someBotUsers(db.sql, 2, 800);

/** The stored row, whole, or undefined once it is gone. */
async function rowOf(table: string, keyColumn: string, key: number): Promise<unknown> {
  const [found] = await db.sql<{ row: unknown }[]>`SELECT to_jsonb(t) AS row FROM ${db.sql(table)} t WHERE ${db.sql(keyColumn)} = ${key}`;
  return found?.row;
}

async function auditCount(action: string, targetId: number): Promise<number> {
  const [counted] = await db.sql<{ n: string }[]>`SELECT count(*) AS n FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)}`;
  return Number(counted!.n);
}

/** Sends the request while the database refuses audit rows, as in a blip between a change and its audit. */
async function whileAuditIsRefused(request: InjectOptions) {
  await db.sql.unsafe(`
    CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no audit now'; END $$;
    CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
  try {
    return await call(admin.token, request);
  } finally {
    await db.sql.unsafe('DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit()');
  }
}

/** Creates a record through the API, as the console does; its id. */
async function created(url: string, payload: object): Promise<number> {
  const response = await call(admin.token, { method: 'POST', url, payload });
  if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

interface AuditedChange {
  name: string;
  action: string;
  /** The record's table and key column, to compare it before and after. */
  table: string;
  keyColumn?: string;
  /** Makes the record the change is made to; its key. */
  setUp(): Promise<number>;
  request(key: number): InjectOptions;
  /** How often the change was told outside the database (the sender, say): only once it is committed. */
  toldOutside?: () => number;
}

const changes: AuditedChange[] = [
  {
    name: 'whitelist update',
    action: 'admin-whitelist.update',
    table: 'admin_whitelist',
    setUp: () => created('/api/admin-whitelist', { telegramId: 900_001, firstName: 'Listed' }),
    request: (id) => ({ method: 'PATCH', url: `/api/admin-whitelist/${id}`, payload: { firstName: 'Renamed' } }),
  },
  {
    name: 'whitelist delete',
    action: 'admin-whitelist.delete',
    table: 'admin_whitelist',
    setUp: () => created('/api/admin-whitelist', { telegramId: 900_002, firstName: 'Delisted' }),
    request: (id) => ({ method: 'DELETE', url: `/api/admin-whitelist/${id}` }),
  },
  {
    name: 'authorized group delete',
    action: 'authorized-group.delete',
    table: 'authorized_groups',
    setUp: () => created('/api/authorized-groups', { groupId: -1001000000001, groupName: 'Clinic volunteers' }),
    request: (id) => ({ method: 'DELETE', url: `/api/authorized-groups/${id}` }),
  },
  {
    name: 'medical contact delete',
    action: 'contact.delete',
    table: 'medical_contacts',
    setUp: async () => (await aContact(db.sql, { name: 'Dr Atomic' })).id,
    request: (id) => ({ method: 'DELETE', url: `/api/medical-contacts/${id}` }),
  },
  {
    name: 'message template delete',
    action: 'message-template.delete',
    table: 'message_templates',
    setUp: () => created('/api/message-templates', { name: 'Atomic note', type: 'custom', content: 'Hi {first_name}' }),
    request: (id) => ({ method: 'DELETE', url: `/api/message-templates/${id}` }),
  },
  {
    name: 'admin user update',
    action: 'admin-user.update',
    table: 'admin_users',
    setUp: async () => (await anAdminUser(db.sql, { role: 'viewer' })).id,
    request: (id) => ({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: { firstName: 'Renamed', role: 'editor' } }),
  },
  {
    name: 'bot user block',
    action: 'telegram-user.block',
    table: 'telegram_users',
    keyColumn: 'telegram_id',
    setUp: async () => botUserId!,
    request: (telegramId) => ({ method: 'PATCH', url: `/api/telegram-users/${telegramId}`, payload: { isBlocked: true } }),
  },
  {
    name: 'contact report resolve',
    action: 'contact-report.resolve',
    table: 'contact_reports',
    setUp: async () => {
      const contact = await aContact(db.sql, { name: 'Dr Reported' });
      return (await insertContactReport(db.sql, { contactId: contact.id, telegramId: 801, problem: 'wrong_number', reportedOn: '2026-11-21', createdAt: clock.now() }))!;
    },
    request: (id) => ({ method: 'PATCH', url: `/api/contact-reports/${id}`, payload: { status: 'fixed' } }),
  },
  {
    name: 'broadcast cancel',
    action: 'broadcast.cancel',
    table: 'broadcasts',
    setUp: () => created('/api/broadcast-send', { title: 'Atomic news', targetType: 'all', content: 'Hello {first_name}' }),
    request: (id) => ({ method: 'POST', url: `/api/broadcasts/${id}/cancel` }),
    toldOutside: () => cancelledBroadcasts.length,
  },
];

for (const change of changes) {
  t.test(`${change.name}: not made without its audit row, then made and audited once`, async (t) => {
    const key = await change.setUp();
    const before = await rowOf(change.table, change.keyColumn ?? 'id', key);
    t.ok(before, 'the record is there to change');

    const failed = await whileAuditIsRefused(change.request(key));
    t.equal(failed.statusCode, 500, 'the failure is ours');
    t.strictSame(await rowOf(change.table, change.keyColumn ?? 'id', key), before, 'the record is unchanged');
    t.equal(await auditCount(change.action, key), 0, 'and nothing was audited');
    if (change.toldOutside) t.equal(change.toldOutside(), 0, 'nor told outside the database');

    const retried = await call(admin.token, change.request(key));
    t.equal(retried.statusCode, 200, retried.body);
    t.notSame(await rowOf(change.table, change.keyColumn ?? 'id', key), before, 'the retry made the change');
    t.equal(await auditCount(change.action, key), 1, 'audited once');
    if (change.toldOutside) t.equal(change.toldOutside(), 1, 'and told outside the database once');
  });
}
