import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { insertContactReport } from '../../sql/contact-reports.js';
import type { ContactReport } from '../../api/contract/contact-reports.js';
import type { ContactListResponse } from '../../api/contract/medical-contacts.js';
import type { ContactAnalytics } from '../../api/contract/analytics.js';

const HOUR = 3_600_000;

t.test('reports of a contact: listed, resolved (audited), filtered and counted', async (t) => {
  const { db, clock, call, userWithToken } = await createTestApp(t);
  const viewer = await userWithToken('viewer');
  const editor = await userWithToken('editor');
  const rome = await aContact(db.sql, { name: 'Dr Rome', city: 'Rome', country: 'IT' });
  const milan = await aContact(db.sql, { name: 'Dr Milan', city: 'Milan', country: 'IT' });
  const quiet = await aContact(db.sql, { name: 'Dr Quiet', city: 'Paris', country: 'FR' });
  await db.sql`UPDATE medical_contacts SET region = 'Lazio' WHERE id = ${rome.id}`;
  await db.sql`UPDATE medical_contacts SET region = 'Lombardy' WHERE id = ${milan.id}`;
  await db.sql`UPDATE medical_contacts SET region = 'Ile-de-France' WHERE id = ${quiet.id}`;
  // Verified, so that only their reports make them due.
  await db.sql`UPDATE medical_contacts SET verified = true, verified_at = ${clock.now()}`;

  const at = (hoursAgo: number) => new Date(clock.now().getTime() - hoursAgo * HOUR);
  const first = (await insertContactReport(db.sql, { contactId: rome.id, telegramId: 501, problem: 'wrong_number', reportedOn: '2026-11-20', createdAt: at(26) }))!;
  const second = (await insertContactReport(db.sql, { contactId: rome.id, telegramId: 502, problem: 'no_answer', reportedOn: '2026-11-21', createdAt: at(2) }))!;
  const third = (await insertContactReport(db.sql, { contactId: milan.id, telegramId: 501, problem: 'other', reportedOn: '2026-11-21', createdAt: at(1) }))!;
  t.equal(
    await insertContactReport(db.sql, { contactId: milan.id, telegramId: 501, problem: 'no_answer', reportedOn: '2026-11-21', createdAt: at(0) }),
    undefined,
    'one report per user, contact and day',
  );

  const list = async (query: string) => (await call(viewer.token, { method: 'GET', url: `/api/medical-contacts?${query}` })).json() as ContactListResponse;
  const idsOf = (body: ContactListResponse) => body.items.map((item) => item.id).sort((a, b) => a - b);

  t.test('a contact lists its reports newest first; unknown contacts are 404', async (t) => {
    const response = await call(viewer.token, { method: 'GET', url: `/api/medical-contacts/${rome.id}/reports` });
    t.equal(response.statusCode, 200);
    const reports = response.json() as ContactReport[];
    t.strictSame(reports.map((report) => report.id), [second, first]);
    t.strictSame(reports[0], {
      id: second,
      contactId: rome.id,
      telegramId: 502,
      problem: 'no_answer',
      comment: null,
      reportedOn: '2026-11-21',
      createdAt: at(2).toISOString(),
      status: 'open',
      resolvedBy: null,
      resolvedAt: null,
    });
    t.strictSame((await call(viewer.token, { method: 'GET', url: `/api/medical-contacts/${quiet.id}/reports` })).json(), []);
    t.equal((await call(viewer.token, { method: 'GET', url: '/api/medical-contacts/999999/reports' })).statusCode, 404);
  });

  t.test('the "reported" filter and the due mark follow the open reports', async (t) => {
    t.strictSame(idsOf(await list('reported=yes')), [rome.id, milan.id].sort((a, b) => a - b));
    t.strictSame(idsOf(await list('reported=no')), [quiet.id]);
    const body = await list('');
    t.equal(body.stats.dueForReverification, 2, 'reported contacts are due for re-verification');
    t.match(body.items.find((item) => item.id === rome.id), { openReports: 2, dueForReverification: true });
    t.match(body.items.find((item) => item.id === quiet.id), { openReports: 0, dueForReverification: false });
    t.strictSame(idsOf(await list('verified=due')), [rome.id, milan.id].sort((a, b) => a - b));
  });

  t.test('resolving: editors and up, audited; a bad status names the field; unknown reports are 404', async (t) => {
    const resolve = (token: string, id: number, payload: unknown) => call(token, { method: 'PATCH', url: `/api/contact-reports/${id}`, payload: payload as object });
    t.equal((await resolve(viewer.token, third, { status: 'fixed' })).statusCode, 403);

    const bad = await resolve(editor.token, third, { status: 'done' });
    t.equal(bad.statusCode, 400);
    t.equal(bad.json().fields.status, 'Status must be one of open, fixed or not_a_problem.');
    t.equal((await resolve(editor.token, 999999, { status: 'fixed' })).statusCode, 404);

    const fixed = await resolve(editor.token, third, { status: 'fixed' });
    t.equal(fixed.statusCode, 200);
    t.match(fixed.json(), { id: third, status: 'fixed', resolvedBy: editor.username, resolvedAt: clock.now().toISOString() });
    const [entry] = await db.sql`SELECT action, actor_username, before, after FROM audit_log WHERE target_type = 'contact_report' AND target_id = ${String(third)}`;
    t.match(entry, { action: 'contact-report.resolve', actorUsername: editor.username, before: { status: 'open' }, after: { status: 'fixed' } });

    t.strictSame(idsOf(await list('reported=yes')), [rome.id], 'the last open report resolved clears the mark');
    const milanNow = (await call(viewer.token, { method: 'GET', url: `/api/medical-contacts/${milan.id}` })).json();
    t.match(milanNow, { openReports: 0, dueForReverification: false });
    t.equal((await list('')).stats.dueForReverification, 1);

    const reopened = await resolve(editor.token, third, { status: 'open' });
    t.match(reopened.json(), { status: 'open', resolvedBy: null, resolvedAt: null });
    await resolve(editor.token, third, { status: 'not_a_problem' });
  });

  t.test('contact analytics counts reports per contact and per region, as the rows say', async (t) => {
    const response = await call(viewer.token, { method: 'GET', url: '/api/contact-analytics?period=7d', headers: { 'cache-control': 'no-cache' } });
    t.equal(response.statusCode, 200);
    const analytics = response.json() as ContactAnalytics;
    const rows = await db.sql<{ contactId: number; status: string }[]>`SELECT contact_id, status FROM contact_reports`;
    const count = (id: number, status?: string) => rows.filter((row) => row.contactId === id && (!status || row.status === status)).length;
    t.strictSame(analytics.reportsByContact, [
      { id: rome.id, name: 'Dr Rome', city: 'Rome', reports: count(rome.id), open: count(rome.id, 'open') },
      { id: milan.id, name: 'Dr Milan', city: 'Milan', reports: count(milan.id), open: count(milan.id, 'open') },
    ]);
    t.strictSame(analytics.reportsByRegion, [
      { country: 'IT', region: 'Lazio', reports: 2, open: 2 },
      { country: 'IT', region: 'Lombardy', reports: 1, open: 0 },
    ]);
    const lazio = (await call(viewer.token, { method: 'GET', url: '/api/contact-analytics?period=24h&region=Lazio', headers: { 'cache-control': 'no-cache' } })).json() as ContactAnalytics;
    t.strictSame(lazio.reportsByContact.map((entry) => [entry.id, entry.reports]), [[rome.id, 1]], 'only the last 24 hours, only Lazio');
  });
});
