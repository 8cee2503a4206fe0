import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { clockTokens } from '../helpers/clock-tokens.js';
import { insertContactReport } from '../../sql/contact-reports.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';
import type { QueueResponse } from '../../api/contract/verification-queue.js';

// The verification queue: the contacts due, in the order that matters to the people asking, each with
// why it is due; a verification saved from it resolves the contact's reports; a claim keeps two staff
// members off one contact until its lease runs out on the app's clock.
const harness = await createTestApp(t);
const { db, call, clock } = harness;
const editor = await harness.userWithToken('editor', { username: 'quinn.queue' });
const colleague = await harness.userWithToken('editor', { username: 'cora.colleague' });
const viewer = await harness.userWithToken('viewer');
const DAY = 86_400_000;
const MINUTE = 60_000;

/** These tests move the clock past a token's life: each call signs in again once it has moved. */
const tokenOf = clockTokens(harness);

let phones = 0;
async function aContact(name: string): Promise<MedicalContact> {
  phones += 1;
  const payload = { name, phone: `+33 4 72 10 ${String(phones).padStart(2, '0')} 00`, city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', latitude: 45.764, longitude: 4.8357 };
  const response = await call(await tokenOf(editor), { method: 'POST', url: '/api/medical-contacts', payload });
  if (response.statusCode !== 201) throw new Error(`POST /api/medical-contacts: ${response.statusCode} ${response.body}`);
  return response.json() as MedicalContact;
}
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY);
/** Sets how the contact's verification stands, as part 1's columns keep it. */
async function verifiedOn(id: number, at: Date | null, { verified = at !== null, last = at }: { verified?: boolean; last?: Date | null } = {}) {
  await db.sql`
    UPDATE medical_contacts SET verified = ${verified}, verified_at = ${at}, last_verified_at = ${last},
      last_verification_outcome = ${last ? 'confirmed' : null}, last_verification_method = ${last ? 'phone_call' : null}
    WHERE id = ${id}`;
}
async function shown(id: number, day: Date, requests: number) {
  await db.sql`INSERT INTO contact_daily_requests (contact_id, day, requests) VALUES (${id}, ${day.toISOString().slice(0, 10)}, ${requests})`;
}
let reporters = 600;
async function report(id: number, at: Date): Promise<number> {
  reporters += 1;
  return (await insertContactReport(db.sql, { contactId: id, telegramId: reporters, problem: 'wrong_number', reportedOn: at.toISOString().slice(0, 10), createdAt: at }))!;
}
const queue = async (query = '', user = editor) => call(await tokenOf(user), { method: 'GET', url: `/api/verification-queue${query}` });
const queued = async (query = '', user = editor) => (await queue(query, user)).json() as QueueResponse;
const verify = async (id: number, payload: object, user = editor) =>
  call(await tokenOf(user), { method: 'POST', url: `/api/medical-contacts/${id}/verifications`, payload });
const claim = async (id: number, user = editor) => call(await tokenOf(user), { method: 'POST', url: `/api/verification-queue/${id}/claim` });
/** Takes every contact so far out of the queue: inactive, nothing reported or proposed. */
async function emptyQueue() {
  await db.sql`UPDATE medical_contacts SET is_active = false`;
  await db.sql`UPDATE contact_reports SET status = 'fixed' WHERE status = 'open'`;
  await db.sql`UPDATE proposed_corrections SET status = 'rejected' WHERE status = 'pending'`;
}

t.test('the queue: reported first (oldest report first), then the most shown, then the oldest verification', async (t) => {
  const reportedLong = await aContact('Reported long ago');
  const reportedLately = await aContact('Reported lately');
  const muchShown = await aContact('Stale, much shown');
  const rarelyShown = await aContact('Stale, rarely shown');
  const never = await aContact('Never verified');
  const unticked = await aContact('Unticked');
  const proposed = await aContact('Correction proposed');
  const fresh = await aContact('Verified lately');
  const inactive = await aContact('Inactive, never verified');

  for (const contact of [reportedLong, reportedLately, fresh, proposed]) await verifiedOn(contact.id, daysAgo(3));
  const firstReport = await report(reportedLong.id, daysAgo(2));
  await report(reportedLately.id, daysAgo(1));
  await verifiedOn(muchShown.id, daysAgo(200));
  await verifiedOn(rarelyShown.id, daysAgo(200));
  await shown(muchShown.id, daysAgo(1), 50);
  await shown(rarelyShown.id, daysAgo(1), 5);
  // Shown often, but before the 30 days: it counts for nothing.
  await shown(rarelyShown.id, daysAgo(40), 100);
  await shown(reportedLately.id, daysAgo(0), 500);
  await verifiedOn(unticked.id, daysAgo(10), { verified: false });
  await db.sql`UPDATE medical_contacts SET is_active = false WHERE id = ${inactive.id}`;
  await db.sql`INSERT INTO proposed_corrections (contact_id, telegram_id, proposed_at, fields)
    VALUES (${proposed.id}, 700, ${daysAgo(4)}, ${db.sql.json([{ field: 'phone', text: '+33 4 72 99 99 99' }])})`;

  const all = await queued();
  t.strictSame(all.items.map((item) => item.contact.name), [
    'Reported long ago',
    'Reported lately',
    'Stale, much shown',
    'Stale, rarely shown',
    'Never verified',
    'Unticked',
    'Correction proposed',
  ]);
  t.equal(all.total, 7, 'neither the contact verified lately nor the inactive one is due');
  const byName = new Map(all.items.map((item) => [item.contact.name, item]));
  const reportedAt = (await db.sql<{ createdAt: Date }[]>`SELECT created_at FROM contact_reports WHERE id = ${firstReport}`)[0]!.createdAt;
  t.strictSame(byName.get('Reported long ago'), {
    ...byName.get('Reported long ago'),
    reasons: [{ kind: 'reported', since: reportedAt.toISOString() }],
    openReports: 1,
    shownLast30Days: 0,
    lastVerifiedAt: daysAgo(3).toISOString(),
    claimedBy: null,
  });
  t.equal(byName.get('Reported lately')!.shownLast30Days, 500);
  t.strictSame(byName.get('Stale, much shown')!.reasons, [{ kind: 'overdue', since: new Date(daysAgo(200).getTime() + 90 * DAY).toISOString() }]);
  t.equal(byName.get('Stale, rarely shown')!.shownLast30Days, 5, 'the days before the last 30 are not counted');
  t.strictSame(byName.get('Never verified')!.reasons, [{ kind: 'never_verified', since: null }]);
  t.strictSame(byName.get('Unticked')!.reasons, [{ kind: 'unticked', since: null }]);
  t.strictSame(byName.get('Correction proposed')!.reasons, [{ kind: 'proposed_correction', since: daysAgo(4).toISOString() }]);
  t.match(byName.get('Never verified')!.contact, { id: never.id, dueForReverification: true, lastVerification: null });

  const page = await queued('?limit=2&offset=2');
  t.strictSame([page.items.map((item) => item.contact.name), page.total], [['Stale, much shown', 'Stale, rarely shown'], 7], 'paged');

  t.equal((await queue('', viewer)).statusCode, 403, 'editors and up');
  const refused = await queue('?limit=0');
  t.equal(refused.statusCode, 400);
  t.match(refused.json(), { message: /Limit must be a whole number from 1 to 100\./ });
  t.teardown(emptyQueue);
});

t.test('a verification with corrections changes the contact, keeps its history and audit rows, and resolves its reports, in one transaction', async (t) => {
  await emptyQueue();
  const contact = await aContact('Dr Wrong Number');
  const reports = [await report(contact.id, daysAgo(2)), await report(contact.id, daysAgo(1))];
  t.equal((await claim(contact.id)).statusCode, 200);
  const payload = { outcome: 'corrected', method: 'phone_call', changes: { phone: '+33 4 72 55 55 55' }, note: 'The number moved' };

  await db.sql`ALTER TABLE audit_log ADD CONSTRAINT refuse_resolutions CHECK (action <> 'contact-report.resolve') NOT VALID`;
  const refused = await verify(contact.id, payload);
  await db.sql`ALTER TABLE audit_log DROP CONSTRAINT refuse_resolutions`;
  t.equal(refused.statusCode, 500, 'a report resolution could not be audited');
  const untouched = await db.sql`SELECT phone, last_verified_at FROM medical_contacts WHERE id = ${contact.id}`;
  t.strictSame({ ...untouched[0] }, { phone: contact.phone, lastVerifiedAt: null }, 'the contact is as it was');
  t.strictSame((await db.sql`SELECT status FROM contact_reports WHERE contact_id = ${contact.id}`).map((row) => row.status), ['open', 'open']);
  t.equal((await db.sql`SELECT count(*)::int AS n FROM contact_verifications WHERE contact_id = ${contact.id}`)[0]!.n, 0, 'no history row');

  const response = await verify(contact.id, payload);
  t.equal(response.statusCode, 201, response.body);
  const verification = response.json();
  t.match(verification, { outcome: 'corrected', verifiedBy: 'quinn.queue', changes: [{ field: 'phone', before: contact.phone, after: '+33472555555' }] });
  const [saved] = await db.sql`SELECT phone, last_verification_outcome FROM medical_contacts WHERE id = ${contact.id}`;
  t.strictSame({ ...saved }, { phone: '+33472555555', lastVerificationOutcome: 'corrected' }, 'the contact is corrected');
  const resolved = await db.sql`SELECT id, status, resolved_at, verification_id FROM contact_reports WHERE contact_id = ${contact.id} ORDER BY id`;
  t.strictSame(resolved.map((row) => ({ ...row })), reports.map((id) => ({ id, status: 'fixed', resolvedAt: clock.now(), verificationId: verification.id })), 'both reports fixed by it');
  const audit = await db.sql<{ action: string; targetId: string; after: Record<string, unknown> }[]>`
    SELECT action, target_id, after FROM audit_log
    WHERE (action = 'contact.verify' AND target_id = ${String(contact.id)}) OR (action = 'contact-report.resolve' AND target_id = ANY(${reports.map(String)}::text[]))
    ORDER BY id`;
  t.strictSame(audit.map((row) => [row.action, row.targetId]), [
    ['contact.verify', String(contact.id)],
    ['contact-report.resolve', String(reports[0])],
    ['contact-report.resolve', String(reports[1])],
  ]);
  t.strictSame(audit[1]!.after, { status: 'fixed', contactId: contact.id, verificationId: verification.id });
  t.equal((await db.sql`SELECT count(*)::int AS n FROM verification_claims WHERE contact_id = ${contact.id}`)[0]!.n, 0, 'saving ends the claim');
  t.strictSame((await queued()).items, [], 'verified and with no open report, it leaves the queue');

  const confirmed = await aContact('Dr Fine After All');
  const doubted = await report(confirmed.id, daysAgo(1));
  t.equal((await verify(confirmed.id, { outcome: 'confirmed', method: 'website' })).statusCode, 201);
  t.equal((await db.sql`SELECT status FROM contact_reports WHERE id = ${doubted}`)[0]!.status, 'not_a_problem', 'confirmed: not a problem');

  const silent = await aContact('Dr Silent');
  const unanswered = await report(silent.id, daysAgo(1));
  t.equal((await verify(silent.id, { outcome: 'unreachable', method: 'phone_call' })).statusCode, 201);
  t.equal((await db.sql`SELECT status FROM contact_reports WHERE id = ${unanswered}`)[0]!.status, 'open', 'unreachable once settles nothing');
  t.equal((await verify(silent.id, { outcome: 'unreachable', method: 'phone_call' })).statusCode, 201);
  t.equal((await db.sql`SELECT status FROM contact_reports WHERE id = ${unanswered}`)[0]!.status, 'fixed', 'unreachable twice deactivates it: fixed');
});

t.test('two staff members never hold one contact at once; the lease runs out on the clock', async (t) => {
  await emptyQueue();
  const contact = await aContact('Dr Claimed');
  const other = await aContact('Dr Next');
  const first = await claim(contact.id, editor);
  const until = new Date(clock.now().getTime() + 10 * MINUTE).toISOString();
  t.strictSame(first.json(), { claimed: true, claimedBy: { username: 'quinn.queue', until } });
  t.strictSame((await claim(contact.id, colleague)).json(), { claimed: false, claimedBy: { username: 'quinn.queue', until } }, 'the second sees who has it');
  const seen = (await queued('', colleague)).items.find((item) => item.contact.id === contact.id)!;
  t.strictSame(seen.claimedBy, { username: 'quinn.queue', until }, 'and so does the queue');

  const blocked = await verify(contact.id, { outcome: 'confirmed', method: 'phone_call' }, colleague);
  t.equal(blocked.statusCode, 409);
  t.equal(
    blocked.json().message,
    'quinn.queue is verifying this contact now. Choose another one, or wait until they save it or their claim runs out (10 minutes).',
  );
  t.equal((await db.sql`SELECT count(*)::int AS n FROM contact_verifications WHERE contact_id = ${contact.id}`)[0]!.n, 0, 'nothing recorded');

  clock.advance(10 * MINUTE);
  const taken = await claim(contact.id, colleague);
  t.strictSame(taken.json(), { claimed: true, claimedBy: { username: 'cora.colleague', until: new Date(clock.now().getTime() + 10 * MINUTE).toISOString() } }, 'the lease ran out: it can claim');
  t.equal((await verify(contact.id, { outcome: 'confirmed', method: 'phone_call' }, editor)).statusCode, 409, 'now the first is refused');

  t.equal((await claim(other.id, colleague)).json().claimed, true);
  t.equal((await claim(contact.id, editor)).json().claimed, true, 'opening the next contact let the last one go');
  t.equal((await call(await tokenOf(editor), { method: 'DELETE', url: `/api/verification-queue/${contact.id}/claim` })).statusCode, 200);
  t.equal((await claim(contact.id, colleague)).json().claimed, true, 'released: free for anyone');
  t.equal((await claim(999999)).statusCode, 404);
});
