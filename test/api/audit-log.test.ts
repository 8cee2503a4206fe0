import t from 'tap';
import { parse } from 'csv-parse/sync';
import type postgres from 'postgres';
import { createTestApp } from '../helpers/app.js';
import { AUDIT_LOG_CSV_HEADERS, type AuditLogEntry, type AuditLogPage } from '../../api/contract/audit-log.js';
import type { Sql } from '../../sql/database.js';

interface EntrySpec {
  createdAt: string;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: postgres.JSONValue;
  after?: postgres.JSONValue;
  ip?: string | null;
}

/** Writes an audit entry as of the given time, as the API would have recorded it then. */
async function anAuditEntry(sql: Sql, spec: EntrySpec): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after, ip, created_at)
    VALUES (NULL, ${spec.actorUsername}, ${spec.action}, ${spec.targetType}, ${spec.targetId ?? null},
      ${spec.before === undefined ? null : sql.json(spec.before)}, ${spec.after === undefined ? null : sql.json(spec.after)},
      ${spec.ip ?? '10.0.0.1'}, ${spec.createdAt})
    RETURNING id`;
  return row!.id;
}

/** Five changes over five days: two actors, one account since deleted, contacts, a group, settings. */
async function fiveChanges(sql: Sql) {
  return {
    created: await anAuditEntry(sql, {
      createdAt: '2026-11-01T09:00:00Z', actorUsername: 'alice', action: 'contact.create', targetType: 'medical_contact', targetId: '12', after: { name: 'Dr A' },
    }),
    updated: await anAuditEntry(sql, {
      createdAt: '2026-11-02T09:00:00Z', actorUsername: 'alice', action: 'contact.update', targetType: 'medical_contact', targetId: '12',
      before: { name: 'Dr A', phone: '1' }, after: { name: 'Dr B', phone: '1' },
    }),
    group: await anAuditEntry(sql, {
      createdAt: '2026-11-03T23:30:00Z', actorUsername: 'bob', action: 'authorized-group.update', targetType: 'authorized_group', targetId: '-100123',
      before: { dailyLimit: 3 }, after: { dailyLimit: 5 }, ip: '192.168.1.7',
    }),
    settings: await anAuditEntry(sql, {
      createdAt: '2026-11-04T00:30:00Z', actorUsername: 'bob', action: 'system-settings.update', targetType: 'system_settings',
      before: { log_level: 'INFO', nested: { some_key: 1 } }, after: { log_level: 'DEBUG', nested: { some_key: 2 } },
    }),
    backup: await anAuditEntry(sql, { createdAt: '2026-11-05T12:00:00Z', actorUsername: null, action: 'backup.start', targetType: 'backup' }),
  };
}

t.test('the list: newest first, paged, every filter', async (t) => {
  const { db, call, userWithToken } = await createTestApp(t);
  const ids = await fiveChanges(db.sql);
  const { token } = await userWithToken('admin');
  const list = async (query: Record<string, string | number> = {}) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const response = await call(token, { method: 'GET', url: `/api/audit-log?${params}` });
    t.equal(response.statusCode, 200, `GET ?${params}`);
    return response.json() as AuditLogPage;
  };
  const idsOf = async (query: Record<string, string | number>) => (await list(query)).items.map((item) => item.id);

  t.test('every entry newest first, each field as recorded', async (t) => {
    const body = await list();
    t.strictSame(body.items.map((item) => item.id), [ids.backup, ids.settings, ids.group, ids.updated, ids.created]);
    t.strictSame({ total: body.total, page: body.page, pageSize: body.pageSize }, { total: 5, page: 1, pageSize: 25 });
    t.strictSame(body.items[1], {
      id: ids.settings,
      createdAt: '2026-11-04T00:30:00.000Z',
      actorId: null,
      actorUsername: 'bob',
      action: 'system-settings.update',
      targetType: 'system_settings',
      targetId: null,
      ip: '10.0.0.1',
      before: { log_level: 'INFO', nested: { some_key: 1 } },
      after: { log_level: 'DEBUG', nested: { some_key: 2 } },
    } satisfies AuditLogEntry, 'the recorded keys are kept as they are');
    t.strictSame([body.items[0]!.before, body.items[0]!.after, body.items[0]!.actorUsername], [null, null, null], 'a change with no sides, by nobody known');
  });

  t.test('pages', async (t) => {
    t.strictSame(await idsOf({ pageSize: 2 }), [ids.backup, ids.settings]);
    const second = await list({ pageSize: 2, page: 2 });
    t.strictSame(second.items.map((item) => item.id), [ids.group, ids.updated]);
    t.strictSame({ total: second.total, page: second.page, pageSize: second.pageSize }, { total: 5, page: 2, pageSize: 2 });
    t.strictSame(await idsOf({ pageSize: 2, page: 3 }), [ids.created]);
    const beyond = await list({ pageSize: 2, page: 9 });
    t.strictSame({ items: beyond.items, total: beyond.total }, { items: [], total: 5 }, 'past the end: nothing, and still the total');
  });

  t.test('each filter, and two together', async (t) => {
    t.strictSame(await idsOf({ actor: 'alice' }), [ids.updated, ids.created], 'actor');
    t.strictSame(await idsOf({ actor: 'ali' }), [], 'the actor matches exactly');
    t.strictSame(await idsOf({ action: 'contact.update' }), [ids.updated], 'action');
    t.strictSame(await idsOf({ targetType: 'medical_contact' }), [ids.updated, ids.created], 'target type');
    t.strictSame(await idsOf({ targetId: '-100123' }), [ids.group], 'target id');
    t.strictSame(await idsOf({ targetId: '1' }), [], 'the target id matches exactly');
    t.strictSame(await idsOf({ actor: 'alice', action: 'contact.create' }), [ids.created], 'actor and action');
    const filtered = await list({ actor: 'bob', pageSize: 1 });
    t.equal(filtered.total, 2, 'the total counts the filtered entries');
  });

  t.test('the time range: dates are whole UTC days, date-times exact, both ends inclusive', async (t) => {
    t.strictSame(await idsOf({ from: '2026-11-03' }), [ids.backup, ids.settings, ids.group]);
    t.strictSame(await idsOf({ to: '2026-11-03' }), [ids.group, ids.updated, ids.created], 'to a date runs to the end of that day');
    t.strictSame(await idsOf({ from: '2026-11-02', to: '2026-11-02' }), [ids.updated], 'one day');
    t.strictSame(await idsOf({ from: '2026-11-04T01:00:00+01:00', to: '2026-11-04T00:30:00Z' }), [ids.settings], 'an instant, with any offset');
    t.strictSame(await idsOf({ from: '2026-11-04T00:30:00.001Z' }), [ids.backup]);
  });

  t.test('the search looks in the action, target and actor, in any case', async (t) => {
    t.strictSame(await idsOf({ search: 'GROUP' }), [ids.group], 'the action and target type');
    t.strictSame(await idsOf({ search: 'Alic' }), [ids.updated, ids.created], 'the actor');
    t.strictSame(await idsOf({ search: '-100123' }), [ids.group], 'the target id');
    t.strictSame(await idsOf({ search: 'settings' }), [ids.settings]);
    t.strictSame(await idsOf({ search: 'contact_' }), [], 'LIKE wildcards are plain characters');
    t.strictSame(await idsOf({ search: 'Dr B' }), [], 'not the before and after');
    t.strictSame(await idsOf({ search: 'contact', actor: 'alice', from: '2026-11-02' }), [ids.updated], 'with the other filters');
  });

  t.test('the filter menus list each value once, sorted, without the unknown actor', async (t) => {
    const response = await call(token, { method: 'GET', url: '/api/audit-log/filters' });
    t.equal(response.statusCode, 200);
    t.strictSame(response.json(), {
      actors: ['alice', 'bob'],
      actions: ['authorized-group.update', 'backup.start', 'contact.create', 'contact.update', 'system-settings.update'],
      targetTypes: ['authorized_group', 'backup', 'medical_contact', 'system_settings'],
    });
  });
});

t.test('a change made through the API is listed with who, where from, before and after', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  const admin = await userWithToken('admin');
  const target = await userWithToken('viewer', { firstName: 'Vera' });
  const patched = await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${target.id}`, payload: { firstName: 'Veronica' } });
  t.equal(patched.statusCode, 200);

  const body = (await call(admin.token, { method: 'GET', url: '/api/audit-log?action=admin-user.update' })).json() as AuditLogPage;
  t.equal(body.total, 1);
  const [entry] = body.items;
  t.match(entry, { actorId: admin.id, actorUsername: admin.username, targetType: 'admin_user', targetId: String(target.id), ip: '127.0.0.1' });
  t.match(entry!.before, { id: target.id, firstName: 'Vera' });
  t.match(entry!.after, { id: target.id, firstName: 'Veronica' });
  t.ok(Math.abs(Date.parse(entry!.createdAt) - Date.now()) < 60_000, 'stamped now');
  const listed = (await call(admin.token, { method: 'GET', url: '/api/audit-log' })).json() as AuditLogPage;
  t.equal(listed.total, 1, 'reading the log records nothing');
});

t.test('bad filters get a 400 naming the field', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('super_admin');
  const cases: [query: string, field: string, message: string][] = [
    ['from=yesterday', 'from', 'From must be a date, such as 2026-11-21, or an ISO 8601 date and time.'],
    ['to=2026-02-30', 'to', 'To must be a date, such as 2026-11-21, or an ISO 8601 date and time.'],
    ['from=2026-11-02&to=2026-11-01', 'to', 'To must not be before From. Swap the two dates.'],
    ['page=0', 'page', 'Page must be a whole number, 1 or more.'],
    ['pageSize=201', 'pageSize', 'Page size must be a whole number from 1 to 200.'],
    ['pageSize=ten', 'pageSize', 'Page size must be a whole number from 1 to 200.'],
    [`actor=${'a'.repeat(101)}`, 'actor', 'Actor can be at most 100 characters. Shorten it.'],
    [`search=${'s'.repeat(201)}`, 'search', 'Search can be at most 200 characters. Shorten it.'],
  ];
  for (const [query, field, message] of cases) {
    const response = await call(token, { method: 'GET', url: `/api/audit-log?${query}` });
    t.equal(response.statusCode, 400, query);
    t.strictSame(response.json(), { error: 'Bad Request', message, field, fields: { [field]: message } }, query);
  }
  const exported = await call(token, { method: 'GET', url: '/api/audit-log/export?from=2026-11-02&to=2026-11-01' });
  t.equal(exported.statusCode, 400, 'the export checks the same filter');
  t.strictSame(exported.json().fields, { to: 'To must not be before From. Swap the two dates.' });
});

t.test('viewers and editors may not read or export the log', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  for (const role of ['viewer', 'editor'] as const) {
    const { token } = await userWithToken(role);
    for (const url of ['/api/audit-log', '/api/audit-log/filters', '/api/audit-log/export']) {
      const response = await call(token, { method: 'GET', url });
      t.equal(response.statusCode, 403, `${role}: ${url}`);
      t.equal(response.json().message, 'You do not have permission to do this');
    }
  }
});

t.test('the CSV export', async (t) => {
  const { db, call, userWithToken, signIn, clock } = await createTestApp(t);
  await fiveChanges(db.sql);
  await anAuditEntry(db.sql, {
    createdAt: '2026-11-06T08:00:00Z', actorUsername: '=cmd|calc', action: '+contact.update', targetType: '@medical_contact', targetId: '=1+1',
    before: -5, after: { note: 'said "hello", then\nleft' }, ip: '::1',
  });
  const admin = await userWithToken('admin');
  let token = admin.token;
  const exportCsv = (query = '') => call(token, { method: 'GET', url: `/api/audit-log/export${query}` });

  t.test('every matching entry, newest first, the columns, quoting and formulas neutralised', async (t) => {
    const response = await exportCsv();
    t.equal(response.statusCode, 200);
    t.match(response.headers['content-type'], /^text\/csv/);
    t.equal(response.headers['content-disposition'], 'attachment; filename="audit-log-2026-11-21.csv"');
    const [header, ...rows] = parse(response.body) as string[][];
    t.strictSame(header, [...AUDIT_LOG_CSV_HEADERS]);
    t.strictSame(header, ['Time', 'Actor', 'Action', 'Target Type', 'Target ID', 'IP', 'Before', 'After']);
    const [itself, formula, backup, settings, group, ...older] = rows;
    t.strictSame(itself!.slice(1, 5), [admin.username, 'audit-log.export', 'audit_log', ''], 'the export is recorded first, so its own file holds it');
    t.strictSame(older.map((row) => row[2]), ['contact.update', 'contact.create']);
    t.strictSame(formula, ['2026-11-06T08:00:00.000Z', "'=cmd|calc", "'+contact.update", "'@medical_contact", "'=1+1", '::1', "'-5", '{"note": "said \\"hello\\", then\\nleft"}']);
    t.strictSame(backup, ['2026-11-05T12:00:00.000Z', '', 'backup.start', 'backup', '', '10.0.0.1', '', ''], 'empty cells for missing values');
    t.strictSame(settings!.slice(6), ['{"nested": {"some_key": 1}, "log_level": "INFO"}', '{"nested": {"some_key": 2}, "log_level": "DEBUG"}'], 'before and after as JSON');
    t.strictSame(group!.slice(0, 6), ['2026-11-03T23:30:00.000Z', 'bob', 'authorized-group.update', 'authorized_group', '-100123', '192.168.1.7'], 'a negative id stays a number');
    t.match(response.body, /"\{""dailyLimit"": 3\}"/, 'quotes doubled, the cell quoted');
  });

  t.test('the filter applies, the file is named for the day, and exports are audited', async (t) => {
    clock.advance(24 * 60 * 60 * 1000);
    ({ token } = await signIn(admin.username, admin.password));
    const response = await exportCsv('?actor=alice&to=2026-11-01');
    t.equal(response.headers['content-disposition'], 'attachment; filename="audit-log-2026-11-22.csv"');
    const rows = (parse(response.body) as string[][]).slice(1);
    t.strictSame(rows.map((row) => row[2]), ['contact.create']);
    const exports = await db.sql<{ actorUsername: string; targetType: string; after: unknown }[]>`
      SELECT actor_username, target_type, after FROM audit_log WHERE action = 'audit-log.export' ORDER BY id`;
    t.strictSame([...exports], [
      { actorUsername: admin.username, targetType: 'audit_log', after: { filter: {} } },
      { actorUsername: admin.username, targetType: 'audit_log', after: { filter: { actor: 'alice', to: '2026-11-01T23:59:59.999Z' } } },
    ]);
  });
});
