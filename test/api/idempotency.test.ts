import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../helpers/app.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import type { Broadcaster } from '../../api/ports.js';

const testMessages: string[] = [];
/** A test message with this text waits in "Telegram" until the test lets it go. */
const HELD_TEXT = 'held';
let releaseHeld = () => {};
let onHeld = () => {};
const broadcaster: Broadcaster = {
  wake: () => undefined,
  cancelled: () => undefined,
  sendTest: async (_chatId, text) => {
    if (text === HELD_TEXT) {
      await new Promise<void>((resolve) => {
        releaseHeld = resolve;
        onHeld();
      });
    }
    testMessages.push(text);
    return { ok: true, messageId: testMessages.length };
  },
};
const { call, userWithToken, signIn, db, clock } = await createTestApp(t, { broadcaster });
await someBotUsers(db.sql, 3, 700);
const admin = await userWithToken('admin');

const post = (token: string, url: string, payload: object, key?: string) =>
  call(token, { method: 'POST', url, payload, ...(key !== undefined && { headers: { 'idempotency-key': key } }) });
const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.body });
const rowsWhere = (table: string, column: string) => async (value: string | number) =>
  Number((await db.sql<{ n: string }[]>`SELECT count(*) AS n FROM ${db.sql(table)} WHERE ${db.sql(column)} = ${value}`)[0]!.n);
/** A number of its own for each name: phones and Telegram IDs that no other name of the test shares. */
const numberOf = (name: string) => 100_000 + [...name].reduce((sum, char, index) => sum + char.charCodeAt(0) * (index + 1) * 31, 0);
const slug = (name: string) => name.replace(/\W/g, '-');

/**
 * Each create the console sends with a key; `audited`, its audit row's action and a field of the body it records. `sameTwiceStatus` is what a second keyless request of the same
 * body gets: a second row, or the refusal of a thing that must be unique.
 */
const routes = [
  {
    url: '/api/broadcast-send', status: 202, sameTwiceStatus: 202, audited: { action: 'broadcast.send', field: 'title' },
    body: (name: string) => ({ title: name, targetType: 'all', content: 'Hello {first_name}' }),
    count: rowsWhere('broadcasts', 'title'),
  },
  {
    url: '/api/message-templates', status: 201, sameTwiceStatus: 201, audited: { action: 'message-template.create', field: 'name' },
    body: (name: string) => ({ name, type: 'custom', content: 'Hi {first_name}' }),
    count: rowsWhere('message_templates', 'name'),
  },
  {
    url: '/api/medical-contacts', status: 201, sameTwiceStatus: 409, audited: { action: 'contact.create', field: 'name' },
    body: (name: string) => ({ name, phone: `+44 20 7${String(numberOf(name) % 10_000_000).padStart(7, '0')}`, city: 'London', region: 'England', country: 'GB' }),
    count: rowsWhere('medical_contacts', 'name'),
  },
  {
    url: '/api/admin/users', status: 201, sameTwiceStatus: 409, audited: { action: 'admin-user.create', field: 'username' },
    body: (name: string) => ({ username: slug(name), email: `${slug(name)}@example.org`, password: 'Long-enough-passw0rd!', role: 'viewer' }),
    count: async (name: string) => rowsWhere('admin_users', 'username')(slug(name)),
  },
  {
    url: '/api/admin-whitelist', status: 201, sameTwiceStatus: 409, audited: { action: 'admin-whitelist.create', field: 'firstName' },
    body: (name: string) => ({ telegramId: numberOf(name), firstName: name }),
    count: rowsWhere('admin_whitelist', 'first_name'),
  },
  {
    url: '/api/broadcast-test', status: 200, sameTwiceStatus: 200, audited: null,
    body: (name: string) => ({ userId: '701', content: name }),
    count: async (name: string) => testMessages.filter((text) => text === name).length,
  },
] as const;

for (const route of routes) {
  t.test(`${route.url}: a repeated key answers the first answer and does the work once`, async (t) => {
    const sequential = await post(admin.token, route.url, route.body('sequential'), 'key-sequential');
    t.equal(sequential.statusCode, route.status, sequential.body);
    const again = await post(admin.token, route.url, route.body('sequential'), 'key-sequential');
    t.strictSame(answer(again), answer(sequential), 'the same status and body');
    t.equal(await route.count('sequential'), 1, 'done once');

    const concurrent = await Promise.all(Array.from({ length: 5 }, () => post(admin.token, route.url, route.body('concurrent'), 'key-concurrent')));
    t.equal(concurrent[0]!.statusCode, route.status, concurrent[0]!.body);
    for (const response of concurrent.slice(1)) t.strictSame(answer(response), answer(concurrent[0]!), 'concurrent repeats: the same answer');
    t.equal(await route.count('concurrent'), 1, 'done once, however close the repeats');

    if (route.audited) {
      const { action, field } = route.audited;
      const body: Record<string, unknown> = route.body('concurrent');
      const audits = await db.sql`SELECT 1 FROM audit_log WHERE action = ${action} AND after ->> ${field} = ${String(body[field])}`;
      t.equal(audits.length, 1, 'and audited once');
    }
  });

  if (route.audited) {
    t.test(`${route.url}: a create whose audit row cannot be written leaves nothing, and the retry with its key does it once`, async (t) => {
      // The database refuses audit rows for a moment, as in a blip between the create and its audit.
      await db.sql.unsafe(`
        CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no audit now'; END $$;
        CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
      const failed = await post(admin.token, route.url, route.body('audit blip'), 'key-audit-blip');
      await db.sql.unsafe('DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit()');
      t.equal(failed.statusCode, 500, 'the failure is ours');
      t.equal(await route.count('audit blip'), 0, 'nothing was created without its audit row');

      const retried = await post(admin.token, route.url, route.body('audit blip'), 'key-audit-blip');
      t.equal(retried.statusCode, route.status, retried.body);
      t.equal(await route.count('audit blip'), 1, 'the retry did it, once');
      const { action, field } = route.audited;
      const body: Record<string, unknown> = route.body('audit blip');
      t.equal((await db.sql`SELECT 1 FROM audit_log WHERE action = ${action} AND after ->> ${field} = ${String(body[field])}`).length, 1, 'audited once');
      const [stored] = await db.sql<{ statusCode: number }[]>`SELECT status_code FROM idempotency_keys WHERE key = 'key-audit-blip' AND admin_user_id = ${admin.id} AND route = ${`POST ${route.url}`}`;
      t.equal(stored?.statusCode, route.status, "the key holds the create's answer");
    });
  }

  t.test(`${route.url}: keys are per staff member and per request`, async (t) => {
    const other = await userWithToken('super_admin');
    t.equal((await post(admin.token, route.url, route.body('mine'), 'shared-key')).statusCode, route.status);
    t.equal((await post(other.token, route.url, route.body('theirs'), 'shared-key')).statusCode, route.status, "another member's same key is their own");
    t.equal(await route.count('theirs'), 1);

    const reused = await post(admin.token, route.url, route.body('something else'), 'shared-key');
    t.equal(reused.statusCode, 422, 'the same key with another request is refused');
    t.match(reused.json().message, /already used for a different request/);
    t.equal(await route.count('something else'), 0);

    t.equal((await post(admin.token, route.url, route.body('keyless'))).statusCode, route.status);
    t.equal((await post(admin.token, route.url, route.body('keyless'))).statusCode, route.sameTwiceStatus, 'without a key, each request is its own');
    t.equal(await route.count('keyless'), route.sameTwiceStatus === route.status ? 2 : 1);

    const refused = await post(admin.token, route.url, route.body('bad key'), 'x'.repeat(201));
    t.equal(refused.statusCode, 400);
    t.match(refused.json().fields, { 'Idempotency-Key': /1 to 200 visible ASCII characters/ });
  });
}

t.test('a refusal is kept for the key too, and a key is forgotten after a day', async (t) => {
  const invalid = await post(admin.token, '/api/broadcast-send', { title: 'Empty', targetType: 'selected', targetUsers: [999_999], content: 'Hi' }, 'key-refused');
  t.equal(invalid.statusCode, 400, invalid.body);
  t.strictSame(answer(await post(admin.token, '/api/broadcast-send', { title: 'Empty', targetType: 'selected', targetUsers: [999_999], content: 'Hi' }, 'key-refused')), answer(invalid));

  t.equal((await post(admin.token, '/api/broadcast-send', { title: 'Daily', targetType: 'all', content: 'Hi' }, 'key-daily')).statusCode, 202);
  clock.advance(25 * 60 * 60 * 1000);
  const { token } = await signIn(admin.username, admin.password);
  t.equal((await post(token, '/api/broadcast-send', { title: 'Daily', targetType: 'all', content: 'Hi' }, 'key-daily')).statusCode, 202);
  t.equal(await rowsWhere('broadcasts', 'title')('Daily'), 2, 'a day later the key is new again');
});

t.test('a repeat while the first request is still being handled is told to try again, and then gets its answer', async (t) => {
  // The test before moved the clock on a day: a fresh session.
  const { token } = await signIn(admin.username, admin.password);
  const body = { userId: '701', content: HELD_TEXT };
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const first = post(token, '/api/broadcast-test', body, 'key-held');
  await held;
  const meanwhile = await post(token, '/api/broadcast-test', body, 'key-held');
  t.equal(meanwhile.statusCode, 409, meanwhile.body);
  t.strictSame(meanwhile.json(), {
    error: 'Conflict',
    message: 'A request with this Idempotency-Key is still being handled: try again in a moment',
    retryAfter: 1,
  }, 'a retry is welcome: the console keeps the key for it');
  releaseHeld();
  const answered = await first;
  t.equal(answered.statusCode, 200, answered.body);
  t.strictSame(answer(await post(token, '/api/broadcast-test', body, 'key-held')), answer(answered), 'the retry gets the first answer');
  t.equal(testMessages.filter((text) => text === HELD_TEXT).length, 1, 'one message sent');
});
