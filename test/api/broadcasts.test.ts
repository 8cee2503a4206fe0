import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import type { Broadcaster } from '../../api/ports.js';
import { insertTemplate } from '../../sql/message-templates.js';

function fakeBroadcaster() {
  const sent: { chatId: number; content: string }[] = [];
  let wakes = 0;
  const cancelled: number[] = [];
  const broadcaster: Broadcaster = {
    wake: () => void wakes++,
    cancelled: (id) => void cancelled.push(id),
    sendTest: async (chatId, content) => {
      sent.push({ chatId, content });
      return chatId === 13 ? { ok: false, error: 'Forbidden: bot was blocked by the user' } : { ok: true, messageId: 42 };
    },
  };
  return { broadcaster, sent, cancelled, wakes: () => wakes };
}

t.test('broadcast-send: each §5 message, in order, as a 400', async (t) => {
  const { call, userWithToken } = await createTestApp(t, { broadcaster: fakeBroadcaster().broadcaster });
  const { token } = await userWithToken('admin');
  const cases: [Record<string, unknown>, string][] = [
    [{ targetType: 'all', content: 'Hi' }, 'Please enter a message title'],
    [{ title: '   ', targetType: 'all', content: 'Hi' }, 'Please enter a message title'],
    [{ title: 'T', targetType: 'template', content: 'Hi' }, 'Please select a template'],
    [{ title: 'T', targetType: 'selected', content: 'Hi' }, 'Please select at least one user'],
    [{ title: 'T', targetType: 'selected', targetUsers: [], content: 'Hi' }, 'Please select at least one user'],
    [{ title: 'T', targetType: 'all' }, 'Please enter message content or select a template'],
    [{ title: 'T', targetType: 'all', content: ' ' }, 'Please enter message content or select a template'],
  ];
  for (const [payload, message] of cases) {
    const response = await call(token, { method: 'POST', url: '/api/broadcast-send', payload });
    t.equal(response.statusCode, 400, message);
    t.match(response.json().message, message);
    t.ok(Object.values(response.json().fields as Record<string, string>).includes(message));
  }
});

t.test('broadcast-test: §5 messages; sends now and reports Telegram\'s answer', async (t) => {
  const fake = fakeBroadcaster();
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster: fake.broadcaster });
  const { token } = await userWithToken('super_admin');
  for (const [payload, message] of [
    [{ content: 'Hi' }, 'Please enter a test user ID'],
    [{ content: 'Hi', userId: '' }, 'Please enter a test user ID'],
    [{ userId: '12' }, 'Please enter message content'],
    [{ userId: 12, content: '' }, 'Please enter message content'],
  ] as const) {
    const response = await call(token, { method: 'POST', url: '/api/broadcast-test', payload });
    t.equal(response.statusCode, 400);
    t.match(response.json().message, message);
  }
  await someBotUsers(db.sql, 1, 12);
  const ok = await call(token, { method: 'POST', url: '/api/broadcast-test', payload: { userId: '12', content: 'Hi {first_name}' } });
  t.same(ok.json(), { ok: true, messageId: 42 });
  // The sender renders it for the user (test/bot/broadcast-sender.test.ts).
  t.same(fake.sent, [{ chatId: 12, content: 'Hi {first_name}' }]);
  const refused = await call(token, { method: 'POST', url: '/api/broadcast-test', payload: { userId: 13, content: 'Hi' } });
  t.same(refused.json(), { ok: false, error: 'Forbidden: bot was blocked by the user' });
});

t.test('send queues at once; history, detail, cancel, retry-failed, template broadcasts', async (t) => {
  const fake = fakeBroadcaster();
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster: fake.broadcaster });
  const { token, id: adminId } = await userWithToken('admin');

  const none = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'T', content: 'x', targetType: 'all' } });
  t.equal(none.statusCode, 400);
  t.match(none.json().message, 'no active bot users');

  const ids = await someBotUsers(db.sql, 3, 900);
  await db.sql`UPDATE telegram_users SET is_active = false WHERE telegram_id = ${ids[2]!}`;
  const long = 'x'.repeat(200);
  const sent = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: ' News ', content: long, targetType: 'all' } });
  t.equal(sent.statusCode, 202);
  t.match(sent.json(), { title: 'News', content: long, status: 'queued', totalRecipients: 2, successCount: 0, failureCount: 0, createdBy: adminId, targetType: 'all' });
  t.equal(fake.wakes(), 1);

  const selected = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'S', content: 'hi', targetType: 'selected', targetUsers: [ids[2]!, ids[0]!, 5] } });
  t.equal(selected.statusCode, 202);
  t.match(selected.json(), { totalRecipients: 2, targetUsers: [ids[0], ids[2]] });

  const template = await insertTemplate(db.sql, { name: 'Promo', type: 'broadcast', content: 'Hi {first_name}', variables: ['first_name'], isActive: true });
  const missing = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'T', targetType: 'template', templateId: 999 } });
  t.equal(missing.statusCode, 400);
  const byTemplate = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'T', targetType: 'template', templateId: template.id } });
  t.match(byTemplate.json(), { content: 'Hi {first_name}', templateId: template.id, targetType: 'template', totalRecipients: 2 });
  const message = await call(token, { method: 'POST', url: '/api/broadcast-message', payload: { templateId: template.id } });
  t.equal(message.statusCode, 202);
  t.match(message.json(), { title: 'Promo', targetType: 'template' });

  for (let i = 0; i < 8; i++) await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: `B${i}`, content: 'c', targetType: 'all' } });
  const history = (await call(token, { method: 'GET', url: '/api/broadcast-history' })).json().broadcasts as { id: number; title: string; content: string }[];
  t.equal(history.length, 10);
  t.equal(history[0]!.title, 'B7');
  t.notOk(history.some((b) => b.title === 'News'));
  const newsId = sent.json().id as number;
  // While it is open, the sender has not recounted yet: the stored counts still say 0.
  await db.sql`UPDATE broadcast_recipients SET status = 'delivered', sent_at = now() WHERE broadcast_id = ${newsId} AND telegram_id = ${ids[0]!}`;
  await db.sql`UPDATE broadcast_recipients SET status = 'failed', error = 'x' WHERE broadcast_id = ${newsId} AND telegram_id = ${ids[1]!}`;
  const { totals } = (await call(token, { method: 'GET', url: '/api/broadcast-history' })).json();
  t.strictSame(totals, { broadcasts: 12, delivered: 1, failed: 1 }, 'the totals count every broadcast, not only the latest 10 listed, from the recipients as sent');
  const progress = (await call(token, { method: 'GET', url: `/api/broadcasts/${newsId}` })).json().progress;
  t.match(progress, { sent: 1, failed: 1 }, 'Live Progress counts the same recipients');
  const [stored] = await db.sql<{ successCount: number }[]>`SELECT success_count FROM broadcasts WHERE id = ${newsId}`;
  t.equal(stored!.successCount, 0, 'the stored count lags until the sender recounts');
  await db.sql`UPDATE broadcast_recipients SET status = 'pending', error = NULL, sent_at = NULL WHERE broadcast_id = ${newsId}`;

  const detail = await call(token, { method: 'GET', url: `/api/broadcasts/${newsId}` });
  t.match(detail.json(), { content: long, progress: { sent: 0, failed: 0, pending: 2, percent: 0, estimatedSecondsLeft: 1 }, failedRecipients: [] });
  await db.sql`UPDATE broadcasts SET created_at = now() + interval '1 hour' WHERE id = ${newsId}`;
  const shortened = (await call(token, { method: 'GET', url: `/api/broadcast-history` })).json().broadcasts as { id: number; content: string }[];
  t.equal(shortened.find((b) => b.id === newsId)!.content, `${'x'.repeat(150)}…`, 'a longer content is cut to 150 characters and says so');
  t.ok(shortened.filter((b) => b.id !== newsId).every((b) => b.content === 'c' || b.content.length <= 150));
  await db.sql`UPDATE broadcasts SET created_at = now() - interval '1 hour' WHERE id = ${newsId}`;

  const cancel = await call(token, { method: 'POST', url: `/api/broadcasts/${newsId}/cancel` });
  t.same(cancel.json(), { success: true });
  t.same(fake.cancelled, [newsId]);
  const after = (await call(token, { method: 'GET', url: `/api/broadcasts/${newsId}` })).json();
  t.match(after, { status: 'cancelled', failureCount: 2, progress: { failed: 2, pending: 0, estimatedSecondsLeft: null } });
  t.same(after.failedRecipients.map((r: { error: string }) => r.error), ['cancelled', 'cancelled']);
  t.equal((await call(token, { method: 'POST', url: `/api/broadcasts/${newsId}/cancel` })).statusCode, 409);

  const retry = await call(token, { method: 'POST', url: `/api/broadcasts/${newsId}/retry-failed` });
  t.same(retry.json(), { success: true, requeued: 2 });
  t.match((await call(token, { method: 'GET', url: `/api/broadcasts/${newsId}` })).json(), { status: 'sending', failureCount: 0 });
  t.equal((await call(token, { method: 'POST', url: `/api/broadcasts/${newsId}/retry-failed` })).statusCode, 409);
  t.equal((await call(token, { method: 'GET', url: '/api/broadcasts/99999' })).statusCode, 404);
});

t.test('an inactive template is refused, naming templateId, whichever way it is asked for', async (t) => {
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster: fakeBroadcaster().broadcaster });
  const { token } = await userWithToken('admin');
  await someBotUsers(db.sql, 2, 950);
  const retired = await insertTemplate(db.sql, { name: 'Old', type: 'broadcast', content: 'Old news', variables: [], isActive: false });
  for (const [url, payload] of [
    ['/api/broadcast-send', { title: 'T', targetType: 'template', templateId: retired.id }],
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: 'typed', templateId: retired.id }],
    ['/api/broadcast-message', { templateId: retired.id }],
  ] as const) {
    const response = await call(token, { method: 'POST', url, payload });
    t.equal(response.statusCode, 400, url);
    t.match(response.json(), { message: /inactive/, fields: { templateId: /inactive/ } });
  }
  t.equal((await db.sql`SELECT count(*)::int AS n FROM broadcasts`)[0]!.n, 0, 'nothing was queued');
});

t.test('users blocked by staff never become recipients, picked one by one or all at once', async (t) => {
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster: fakeBroadcaster().broadcaster });
  const { token } = await userWithToken('admin');
  const [open, blocked, other] = await someBotUsers(db.sql, 3, 960);
  await db.sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${blocked!}`;
  const selected = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'S', content: 'hi', targetType: 'selected', targetUsers: [open!, blocked!, other!] } });
  t.equal(selected.statusCode, 202);
  t.match(selected.json(), { totalRecipients: 2, targetUsers: [open, other] });
  const all = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'A', content: 'hi', targetType: 'all' } });
  t.match(all.json(), { totalRecipients: 2 });
  const onlyBlocked = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'B', content: 'hi', targetType: 'selected', targetUsers: [blocked!] } });
  t.equal(onlyBlocked.statusCode, 400);
  t.match(onlyBlocked.json(), { fields: { targetUsers: /blocked/ } });
  const recipients = await db.sql`SELECT count(*)::int AS n FROM broadcast_recipients WHERE telegram_id = ${blocked!}`;
  t.equal(recipients[0]!.n, 0, 'the blocked user is nobody\'s recipient');
});

t.test('the title is at most 200 characters', async (t) => {
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster: fakeBroadcaster().broadcaster });
  const { token } = await userWithToken('admin');
  await someBotUsers(db.sql, 1, 970);
  const long = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'x'.repeat(201), content: 'hi', targetType: 'all' } });
  t.equal(long.statusCode, 400);
  t.match(long.json(), { message: 'The message title must be at most 200 characters', fields: { title: 'The message title must be at most 200 characters' } });
  const fits = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: ` ${'x'.repeat(200)} `, content: 'hi', targetType: 'all' } });
  t.equal(fits.statusCode, 202, 'the limit counts the trimmed title');
});

t.test('an interrupted broadcast shows its unknown recipients; retry-failed and send-unknown requeue them, audited', async (t) => {
  const fake = fakeBroadcaster();
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster: fake.broadcaster });
  const { token } = await userWithToken('admin');
  const [delivered, failed, unknown] = await someBotUsers(db.sql, 4, 980);
  const sent = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'Crashed', content: 'hi', targetType: 'all' } });
  const id = sent.json().id as number;
  // Its sender died: one delivered, one failed for a real reason, one in flight (now unknown), one never tried; the lease has run out.
  await db.sql`UPDATE broadcast_recipients SET status = 'delivered' WHERE telegram_id = ${delivered!}`;
  await db.sql`UPDATE broadcast_recipients SET status = 'failed', error = 'Bad Request: chat not found', attempts = 1 WHERE telegram_id = ${failed!}`;
  await db.sql`UPDATE broadcast_recipients SET status = 'unknown' WHERE telegram_id = ${unknown!}`;
  await db.sql`
    UPDATE broadcasts SET status = 'sending', success_count = 1, failure_count = 1, unknown_count = 1,
      lease_owner = 'dead-sender', lease_expires_at = now() - interval '1 second'
    WHERE id = ${id}`;

  const detail = (await call(token, { method: 'GET', url: `/api/broadcasts/${id}` })).json();
  t.match(detail, { status: 'interrupted', successCount: 1, failureCount: 1, unknownCount: 1, progress: { sent: 1, failed: 1, unknown: 1, pending: 1, percent: 75 } });
  t.same(detail.unknownRecipients, [{ telegramId: unknown, firstName: `Ann ${unknown}`, username: `user${unknown}`, error: null, attempts: 0 }]);
  const history = (await call(token, { method: 'GET', url: '/api/broadcast-history' })).json();
  t.match(history.broadcasts[0], { id, status: 'interrupted', unknownCount: 1 });

  const retry = await call(token, { method: 'POST', url: `/api/broadcasts/${id}/retry-failed` });
  t.same(retry.json(), { success: true, requeued: 1 }, 'retry-failed works on an interrupted broadcast');
  const again = await call(token, { method: 'POST', url: `/api/broadcasts/${id}/send-unknown` });
  t.same(again.json(), { success: true, requeued: 1 });
  t.equal(fake.wakes(), 3, 'each requeue wakes the sender');
  const rows = await db.sql`SELECT telegram_id::int, status FROM broadcast_recipients WHERE broadcast_id = ${id} ORDER BY telegram_id`;
  t.same(rows.map((row) => row.status), ['delivered', 'pending', 'pending', 'pending']);
  t.match((await call(token, { method: 'GET', url: `/api/broadcasts/${id}` })).json(), { failureCount: 0, unknownCount: 0, progress: { pending: 3 } });
  t.equal((await call(token, { method: 'POST', url: `/api/broadcasts/${id}/send-unknown` })).statusCode, 409, 'nobody unknown any more');
  t.equal((await call(token, { method: 'POST', url: '/api/broadcasts/99999/send-unknown' })).statusCode, 404);
  const audit = await db.sql`SELECT action, target_id, after FROM audit_log WHERE action LIKE 'broadcast.%' AND action <> 'broadcast.send' ORDER BY id`;
  t.same(audit, [
    { action: 'broadcast.retry-failed', targetId: String(id), after: { requeued: 1 } },
    { action: 'broadcast.send-unknown', targetId: String(id), after: { requeued: 1 } },
  ]);
});
