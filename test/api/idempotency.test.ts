import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../helpers/app.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import type { Broadcaster } from '../../api/ports.js';

const broadcaster: Broadcaster = { wake: () => undefined, cancelled: () => undefined, sendTest: async () => ({ ok: true, messageId: 1 }) };
const { call, userWithToken, signIn, db, clock } = await createTestApp(t, { broadcaster });
await someBotUsers(db.sql, 3, 700);
const admin = await userWithToken('admin');

const post = (token: string, url: string, payload: object, key?: string) =>
  call(token, { method: 'POST', url, payload, ...(key !== undefined && { headers: { 'idempotency-key': key } }) });
const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.body });
const count = async (table: 'broadcasts' | 'message_templates', column: string, value: string) =>
  Number((await db.sql<{ n: string }[]>`SELECT count(*) AS n FROM ${db.sql(table)} WHERE ${db.sql(column)} = ${value}`)[0]!.n);

const routes = [
  { url: '/api/broadcast-send', table: 'broadcasts', column: 'title', body: (name: string) => ({ title: name, targetType: 'all', content: 'Hello {first_name}' }), status: 202 },
  { url: '/api/message-templates', table: 'message_templates', column: 'name', body: (name: string) => ({ name, type: 'custom', content: 'Hi {first_name}' }), status: 201 },
] as const;

for (const route of routes) {
  t.test(`${route.url}: a repeated key answers the first answer and does the work once`, async (t) => {
    const sequential = await post(admin.token, route.url, route.body('sequential'), 'key-sequential');
    t.equal(sequential.statusCode, route.status, sequential.body);
    const again = await post(admin.token, route.url, route.body('sequential'), 'key-sequential');
    t.strictSame(answer(again), answer(sequential), 'the same status and body');
    t.equal(await count(route.table, route.column, 'sequential'), 1, 'one created');

    const concurrent = await Promise.all(Array.from({ length: 5 }, () => post(admin.token, route.url, route.body('concurrent'), 'key-concurrent')));
    t.equal(concurrent[0]!.statusCode, route.status, concurrent[0]!.body);
    for (const response of concurrent.slice(1)) t.strictSame(answer(response), answer(concurrent[0]!), 'concurrent repeats: the same answer');
    t.equal(await count(route.table, route.column, 'concurrent'), 1, 'one created, however close the repeats');

    const audits = await db.sql`SELECT 1 FROM audit_log WHERE after ->> ${route.column} = 'concurrent'`;
    t.equal(audits.length, 1, 'and audited once');
  });

  t.test(`${route.url}: keys are per staff member and per request`, async (t) => {
    const other = await userWithToken('super_admin');
    t.equal((await post(admin.token, route.url, route.body('mine'), 'shared-key')).statusCode, route.status);
    t.equal((await post(other.token, route.url, route.body('mine'), 'shared-key')).statusCode, route.status, "another member's same key is their own");
    t.equal(await count(route.table, route.column, 'mine'), 2);

    const reused = await post(admin.token, route.url, route.body('something else'), 'shared-key');
    t.equal(reused.statusCode, 422, 'the same key with another request is refused');
    t.match(reused.json().message, /already used for a different request/);
    t.equal(await count(route.table, route.column, 'something else'), 0);

    t.equal((await post(admin.token, route.url, route.body('keyless'))).statusCode, route.status);
    t.equal((await post(admin.token, route.url, route.body('keyless'))).statusCode, route.status, 'without a key, each request is its own');
    t.equal(await count(route.table, route.column, 'keyless'), 2);

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
  t.equal(await count('broadcasts', 'title', 'Daily'), 2, 'a day later the key is new again');
});
