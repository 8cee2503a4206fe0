import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { createTestClock } from '../helpers/clock.js';
import { recordVerification } from '../../sql/contact-verifications.js';
import type { VerificationMethod, VerificationOutcome } from '../../api/contract/contact-verifications.js';
import type { ContactAnalytics } from '../../api/contract/analytics.js';
import type { DashboardStats } from '../../api/contract/dashboard.js';
import { updateSystemSettings } from '../../sql/settings.js';

// Saturday 21 November 2026, 10:00 UTC: two business days before it began on Thursday at 10:00.
const clock = createTestClock(new Date('2026-11-21T10:00:00Z'));
const testApp = await createTestApp(t, { clock });
const { sql } = testApp.db;
const { token } = await testApp.userWithToken('viewer');
await updateSystemSettings(sql, { reverifyAfterDays: 30 });

async function aContact(name: string, region: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, city, country, region, created_at)
    VALUES (${name}, '+44 20 7946 0000', 'Leeds', 'GB', ${region}, '2026-01-01T00:00:00Z') RETURNING id`;
  return row!.id;
}

async function verify(contactId: number, at: string, method: VerificationMethod, outcome: VerificationOutcome = 'confirmed') {
  await recordVerification(sql, {
    contactId,
    at: new Date(at),
    verifiedBy: null,
    verifiedByTelegramId: method === 'self_confirmed' ? 555 : null,
    method,
    outcome,
    corrections: {},
    note: null,
  });
}

const recent = await aContact('Recent', 'North');
const dueSoon = await aContact('Due soon', 'North');
const overdue = await aContact('Overdue', 'South');
await aContact('Never', 'South');
const unreachable = await aContact('Unreachable', 'South');
const closed = await aContact('Closed', 'South');
await verify(recent, '2026-11-16T10:00:00Z', 'phone_call');
await verify(dueSoon, '2026-10-27T10:00:00Z', 'self_confirmed');
await verify(overdue, '2026-10-12T10:00:00Z', 'phone_call');
await verify(unreachable, '2026-11-11T10:00:00Z', 'self_confirmed');
await verify(unreachable, '2026-11-19T10:00:00Z', 'phone_call', 'unreachable');
await verify(closed, '2026-11-20T10:00:00Z', 'phone_call', 'closed');
await sql`
  INSERT INTO contact_reports (contact_id, telegram_id, problem, reported_on, created_at, status) VALUES
    (${overdue}, 1, 'wrong_number', '2026-11-19', '2026-11-19T09:00:00Z', 'open'),
    (${overdue}, 2, 'no_answer', '2026-11-19', '2026-11-19T11:00:00Z', 'open'),
    (${recent}, 3, 'wrong_number', '2026-11-01', '2026-11-01T09:00:00Z', 'fixed')`;

/** The ends of the 12 weeks (7 days each) ending now, oldest first. */
const weekEnds = Array.from({ length: 12 }, (_, index) => new Date(clock.now().getTime() - (11 - index) * 7 * 86_400_000).toISOString());
const trend = (shares: (number | null)[]) => shares.map((verifiedShare, index) => ({ weekEnd: weekEnds[index]!, verifiedShare }));

t.test('the Dashboard: how true the whole directory stays, counted by hand from the set above', async (t) => {
  const response = await testApp.call(token, { method: 'GET', url: '/api/bot-stats?period=7d' });
  t.equal(response.statusCode, 200);
  t.strictSame((response.json() as DashboardStats).verification, {
    reverifyAfterDays: 30,
    // Closed deactivated its contact: five active.
    activeContacts: 5,
    // Recent (5 days) and Due soon (25 days); Overdue is 40 days old, Never never, Unreachable unticked by its last call.
    verifiedShare: 40,
    // Due soon falls due in 5 days.
    dueThisWeek: 1,
    overdue: 3,
    overdueShare: 60,
    // The last verifications' ages: 2 (the unanswered call), 5, 25 and 40 days.
    medianAgeDays: 15,
    // The open report of Thursday 09:00; the one of 11:00 is not two business days old yet, and the fixed one is not open.
    reportsOpenTooLong: 1,
    // Confirmations within the 30 days: Recent's call, Due soon's and Unreachable's own.
    selfConfirmedShare: 66.7,
    weeklyVerifiedShare: trend([0, 0, 0, 0, 0, 0, 20, 20, 40, 40, 40, 40]),
  });
});

t.test('Contact Analytics: the same figures of one region', async (t) => {
  const response = await testApp.call(token, { method: 'GET', url: '/api/contact-analytics?period=30d&region=North' });
  t.equal(response.statusCode, 200);
  t.strictSame((response.json() as ContactAnalytics).verification, {
    reverifyAfterDays: 30,
    activeContacts: 2,
    verifiedShare: 100,
    dueThisWeek: 1,
    overdue: 0,
    overdueShare: 0,
    medianAgeDays: 15,
    reportsOpenTooLong: 0,
    selfConfirmedShare: 50,
    weeklyVerifiedShare: trend([0, 0, 0, 0, 0, 0, 0, 0, 50, 50, 50, 100]),
  });
});

t.test('an empty region has no shares to show, rather than zeros', async (t) => {
  const response = await testApp.call(token, { method: 'GET', url: '/api/contact-analytics?period=30d&region=Nowhere' });
  t.match((response.json() as ContactAnalytics).verification, {
    activeContacts: 0,
    verifiedShare: null,
    overdueShare: null,
    medianAgeDays: null,
    selfConfirmedShare: null,
    weeklyVerifiedShare: trend(Array.from({ length: 12 }, () => null)),
  });
});
