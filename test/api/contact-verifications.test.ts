import t from 'tap';
import { parse } from 'csv-parse/sync';
import { createTestApp } from '../helpers/app.js';
import { clockTokens } from '../helpers/clock-tokens.js';
import { waitForImport, importRequest } from '../helpers/imports.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';
import type { Verification } from '../../api/contract/contact-verifications.js';

// Each verification is a row of history, kept with the contact's last verification and its derived
// `verified` in one transaction; the cycle comes from System Settings.
const harness = await createTestApp(t);
const { db, call, clock } = harness;
const editor = await harness.userWithToken('editor', { username: 'vic.verifier' });
const viewer = await harness.userWithToken('viewer');
const admin = await harness.userWithToken('admin');
const DAY = 86_400_000;

/** These tests move the clock past a token's life: each call signs in again once it has moved. */
const tokenOf = clockTokens(harness);

let phones = 0;
async function aContact(changes: Record<string, unknown> = {}): Promise<MedicalContact> {
  phones += 1;
  const payload = { name: `Dr Verify ${phones}`, phone: `+33 4 72 00 ${String(phones).padStart(2, '0')} 00`, city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', latitude: 45.764, longitude: 4.8357, ...changes };
  const response = await call(await tokenOf(editor), { method: 'POST', url: '/api/medical-contacts', payload });
  if (response.statusCode !== 201) throw new Error(`POST /api/medical-contacts: ${response.statusCode} ${response.body}`);
  return response.json() as MedicalContact;
}
const verify = async (id: number, payload: object, user = editor) => call(await tokenOf(user), { method: 'POST', url: `/api/medical-contacts/${id}/verifications`, payload });
const contactOf = async (id: number) => (await call(await tokenOf(viewer), { method: 'GET', url: `/api/medical-contacts/${id}` })).json() as MedicalContact;
const historyOf = async (id: number) => (await call(await tokenOf(viewer), { method: 'GET', url: `/api/medical-contacts/${id}/verifications` })).json() as Verification[];
const saveSettings = async (changes: object) => {
  const { twoFactorRequiredFrom: _from, updatedAt: _at, ...current } = (await call(await tokenOf(admin), { method: 'GET', url: '/api/system-settings' })).json();
  return call(await tokenOf(admin), { method: 'PUT', url: '/api/system-settings', payload: { ...current, ...changes } });
};

t.test('a verification is a row of history; the contact keeps its last one, and is verified', async (t) => {
  const contact = await aContact();
  t.match(contact, { verified: false, verifiedAt: null, dueForReverification: true, lastVerification: null }, 'never verified: due');
  const response = await verify(contact.id, { outcome: 'confirmed', method: 'website', note: 'Checked the clinic site' });
  t.equal(response.statusCode, 201, response.body);
  const at = clock.now().toISOString();
  t.strictSame(response.json(), {
    id: response.json().id,
    contactId: contact.id,
    verifiedAt: at,
    verifiedBy: 'vic.verifier',
    verifiedByTelegramId: null,
    method: 'website',
    outcome: 'confirmed',
    changes: [],
    note: 'Checked the clinic site',
  });
  t.match(await contactOf(contact.id), {
    verified: true,
    verifiedAt: at,
    verifiedBy: 'vic.verifier',
    dueForReverification: false,
    lastVerification: { at, method: 'website', outcome: 'confirmed', by: 'vic.verifier' },
  });
  clock.advance(DAY);
  t.equal((await verify(contact.id, { outcome: 'unreachable', method: 'phone_call' })).statusCode, 201);
  t.strictSame((await historyOf(contact.id)).map((row) => [row.outcome, row.verifiedAt]), [
    ['unreachable', clock.now().toISOString()],
    ['confirmed', at],
  ], 'newest first');
  t.match(await contactOf(contact.id), {
    verified: false,
    verifiedAt: at,
    dueForReverification: true,
    isActive: true,
    lastVerification: { method: 'phone_call', outcome: 'unreachable' },
  }, 'unreachable once: no longer verified, due, still active; when it was last confirmed is kept');
  const [row] = await db.sql`SELECT last_verified_at, last_verification_outcome, last_verification_method FROM medical_contacts WHERE id = ${contact.id}`;
  t.strictSame({ ...row }, { lastVerifiedAt: clock.now(), lastVerificationOutcome: 'unreachable', lastVerificationMethod: 'phone_call' }, 'stored');
  t.equal((await call(await tokenOf(viewer), { method: 'GET', url: '/api/medical-contacts/999999/verifications' })).statusCode, 404);
});

t.test('verified lasts the cycle of System Settings, and the list counts it so', async (t) => {
  const contact = await aContact({ verified: true });
  const query = `/api/medical-contacts?search=${encodeURIComponent(contact.name)}`;
  const listed = async (filter: string) => (await call(await tokenOf(viewer), { method: 'GET', url: `${query}&verified=${filter}` })).json().total as number;
  t.strictSame([await listed('verified'), await listed('unverified'), await listed('due')], [1, 0, 0]);
  clock.advance(31 * DAY);
  t.equal((await contactOf(contact.id)).verified, true, 'within the default 90 days');
  t.equal((await saveSettings({ reverifyAfterDays: 30 })).statusCode, 200);
  t.teardown(() => saveSettings({ reverifyAfterDays: 90 }));
  t.match(await contactOf(contact.id), { verified: false, dueForReverification: true }, 'a shorter cycle makes it overdue at once');
  t.strictSame([await listed('verified'), await listed('unverified'), await listed('due')], [0, 1, 1], 'and the filters agree');
});

t.test('corrections are applied with the history row and the audit entry, in one transaction', async (t) => {
  const contact = await aContact({ availableHours: 'Mo-Fr 09:00-17:00' });
  const payload = { outcome: 'corrected', method: 'phone_call', changes: { phone: '+33 4 72 99 99 99', availableHours: 'Mo-Fr 08:00-12:00' }, note: 'New number' };

  await db.sql`ALTER TABLE audit_log ADD CONSTRAINT refuse_verifications CHECK (action <> 'contact.verify') NOT VALID`;
  const refused = await verify(contact.id, payload);
  await db.sql`ALTER TABLE audit_log DROP CONSTRAINT refuse_verifications`;
  t.equal(refused.statusCode, 500, 'the audit entry could not be written');
  t.match(await contactOf(contact.id), { phone: contact.phone, availableHours: 'Mo-Fr 09:00-17:00', lastVerification: null }, 'the contact is as it was');
  t.strictSame(await historyOf(contact.id), [], 'and no history row was kept');

  const response = await verify(contact.id, payload);
  t.equal(response.statusCode, 201, response.body);
  t.strictSame(response.json().changes, [
    { field: 'phone', before: contact.phone, after: '+33472999999' },
    { field: 'availableHours', before: 'Mo-Fr 09:00-17:00', after: 'Mo-Fr 08:00-12:00' },
  ]);
  t.match(await contactOf(contact.id), { phone: '+33472999999', availableHours: 'Mo-Fr 08:00-12:00', verified: true, lastVerification: { outcome: 'corrected' } });
  const audited = await db.sql<{ actorUsername: string; before: { phone: string }; after: { phone: string; verification: { id: number } } }[]>`
    SELECT actor_username, before, after FROM audit_log WHERE action = 'contact.verify' AND target_id = ${String(contact.id)}`;
  t.match(audited, [{ actorUsername: 'vic.verifier', before: { phone: contact.phone }, after: { phone: '+33472999999', verification: { id: response.json().id } } }], 'audited once');
  const history = (await call(await tokenOf(viewer), { method: 'GET', url: `/api/medical-contacts/${contact.id}/history` })).json();
  t.match(history[0], { action: 'contact.verify', changes: { phone: [contact.phone, '+33472999999'], availableHours: ['Mo-Fr 09:00-17:00', 'Mo-Fr 08:00-12:00'] } });
});

t.test('closed, or unreachable twice in a row, deactivates the contact', async (t) => {
  const closed = await aContact({ verified: true });
  await verify(closed.id, { outcome: 'closed', method: 'website' });
  t.match(await contactOf(closed.id), { isActive: false, verified: false, dueForReverification: false, lastVerification: { outcome: 'closed' } }, 'inactive, and due no more');

  const flaky = await aContact();
  for (const outcome of ['unreachable', 'confirmed', 'unreachable']) await verify(flaky.id, { outcome, method: 'phone_call' });
  t.equal((await contactOf(flaky.id)).isActive, true, 'unreachable, reached, unreachable: not in a row');
  await verify(flaky.id, { outcome: 'unreachable', method: 'phone_call' });
  t.match(await contactOf(flaky.id), { isActive: false, lastVerification: { outcome: 'unreachable' } }, 'the second in a row deactivates it');
  const [audited] = await db.sql<{ after: { isActive: boolean } }[]>`
    SELECT after FROM audit_log WHERE action = 'contact.verify' AND target_id = ${String(flaky.id)} ORDER BY id DESC LIMIT 1`;
  t.equal(audited!.after.isActive, false, 'the audit entry shows it');
});

t.test('a verification is checked before anything is written', async (t) => {
  const contact = await aContact();
  const cases: [object, string, string][] = [
    [{ outcome: 'corrected', method: 'phone_call' }, 'changes', 'A corrected outcome needs the corrections: enter what changed, or choose confirmed.'],
    [{ outcome: 'confirmed', method: 'phone_call', changes: { city: 'Paris' } }, 'changes', 'Corrections go with the outcome corrected: choose it, or leave the fields as they are.'],
    [{ outcome: 'confirmed', method: 'self_confirmed' }, 'method', 'Choose how it was verified: phone_call, in_person, website, report_review.'],
    [{ outcome: 'maybe', method: 'phone_call' }, 'outcome', 'Choose an outcome: confirmed, corrected, unreachable, closed.'],
    [{ outcome: 'corrected', method: 'phone_call', changes: { phone: '12' } }, 'phone', 'Phone "12" is too short for France.'],
  ];
  for (const [payload, field, message] of cases) {
    const response = await verify(contact.id, payload);
    t.equal(response.statusCode, 400, JSON.stringify(payload));
    t.match(response.json(), { field, message }, JSON.stringify(payload));
  }
  t.equal((await verify(contact.id, { outcome: 'confirmed', method: 'phone_call' }, viewer)).statusCode, 403, 'viewers read, editors verify');
  t.equal((await verify(999_999, { outcome: 'confirmed', method: 'phone_call' })).statusCode, 404);
  t.strictSame(await historyOf(contact.id), [], 'nothing was recorded');
});

t.test('ticking Verified in the form or the bulk edit records a verification by the method chosen', async (t) => {
  const created = await aContact({ verified: true, verificationMethod: 'in_person' });
  t.match(await historyOf(created.id), [{ method: 'in_person', outcome: 'confirmed', verifiedBy: 'vic.verifier' }], 'created verified');

  const edited = await aContact();
  const patch = async (payload: object) => call(await tokenOf(editor), { method: 'PATCH', url: `/api/medical-contacts/${edited.id}`, payload });
  t.match((await patch({ verified: true, rating: 4 })).json(), { verified: true, rating: 4, lastVerification: { method: 'phone_call' } }, 'phone_call unless chosen');
  t.equal((await historyOf(edited.id)).length, 1);
  t.match((await patch({ verified: false })).json(), { verified: false, dueForReverification: true }, 'unticked: due at once');
  t.equal((await historyOf(edited.id)).length, 1, 'unticking records no verification');

  const [a, b] = [await aContact(), await aContact()];
  const bulk = await call(await tokenOf(editor), { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { ids: [a.id, b.id], updates: { verified: true }, verificationMethod: 'website' } });
  t.strictSame(bulk.json(), { recordsAffected: 2 });
  for (const contact of [a, b]) {
    t.match(await historyOf(contact.id), [{ method: 'website', outcome: 'confirmed', verifiedBy: 'vic.verifier', verifiedAt: clock.now().toISOString() }]);
    t.match(await contactOf(contact.id), { verified: true, verifiedBy: 'vic.verifier', lastVerification: { method: 'website', by: 'vic.verifier' } });
  }
  const [audited] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'contact.verify' AND target_id IN (${String(a.id)}, ${String(b.id)})`;
  t.equal(audited!.n, 2, 'an audit entry each');
  const unticked = await call(await tokenOf(editor), { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { ids: [a.id], updates: { verified: false } } });
  t.strictSame(unticked.json(), { recordsAffected: 1 });
  t.match(await contactOf(a.id), { verified: false, dueForReverification: true });
});

t.test('the cycle in System Settings: defaults, limits, and hiding only after re-verification', async (t) => {
  t.match((await call(await tokenOf(admin), { method: 'GET', url: '/api/system-settings' })).json(), { reverifyAfterDays: 90, hideUnverifiedAfterDays: null });
  const cases: [object, string, string][] = [
    [{ reverifyAfterDays: 6 }, 'reverifyAfterDays', 'Re-verification interval must be a whole number from 7 to 730 days.'],
    [{ reverifyAfterDays: 731 }, 'reverifyAfterDays', 'Re-verification interval must be a whole number from 7 to 730 days.'],
    [{ hideUnverifiedAfterDays: 3651 }, 'hideUnverifiedAfterDays', 'Hiding from the bot must be a whole number from 8 to 3650 days.'],
    [{ hideUnverifiedAfterDays: 90 }, 'hideUnverifiedAfterDays', 'Hiding from the bot must come later than re-verification: enter more than 90 days, or switch hiding off.'],
    [{ reverifyAfterDays: 200, hideUnverifiedAfterDays: 180 }, 'hideUnverifiedAfterDays', 'Hiding from the bot must come later than re-verification: enter more than 200 days, or switch hiding off.'],
  ];
  for (const [changes, field, message] of cases) {
    const response = await saveSettings(changes);
    t.equal(response.statusCode, 400, JSON.stringify(changes));
    t.match(response.json(), { field, message }, JSON.stringify(changes));
  }
  const saved = await saveSettings({ reverifyAfterDays: 60, hideUnverifiedAfterDays: 180 });
  t.match(saved.json(), { reverifyAfterDays: 60, hideUnverifiedAfterDays: 180 });
  const tooShort = await saveSettings({ reverifyAfterDays: 200 });
  t.match(tooShort.json(), { field: 'hideUnverifiedAfterDays' }, 'a longer cycle than the hiding is refused too');
  t.match((await saveSettings({ reverifyAfterDays: 90, hideUnverifiedAfterDays: null })).json(), { reverifyAfterDays: 90, hideUnverifiedAfterDays: null }, 'hiding off again');
  const [audited] = await db.sql<{ after: object }[]>`SELECT after FROM audit_log WHERE action = 'system-settings.update' ORDER BY id DESC LIMIT 1`;
  t.match(audited!.after, { reverifyAfterDays: 90, hideUnverifiedAfterDays: null }, 'audited');
});

t.test('CSV: the export shows the last verification, and a round trip keeps what verified means', async (t) => {
  clock.advance(400 * DAY);
  const start = clock.now().getTime();
  const recent = await aContact({ name: 'Dr Round trip recent', verified: true });
  const unreachable = await aContact({ name: 'Dr Round trip unreachable', verified: true });
  const unticked = await aContact({ name: 'Dr Round trip unticked', verified: true });
  await aContact({ name: 'Dr Round trip never' });
  clock.advance(-200 * DAY);
  await aContact({ name: 'Dr Round trip overdue', verified: true });
  clock.advance(200 * DAY);
  await call(await tokenOf(editor), { method: 'PATCH', url: `/api/medical-contacts/${unticked.id}`, payload: { verified: false } });
  await verify(unreachable.id, { outcome: 'unreachable', method: 'phone_call' });
  clock.advance(100 * DAY);
  await verify(recent.id, { outcome: 'confirmed', method: 'in_person' });
  const now = clock.now().toISOString();

  const exported = await call(await tokenOf(viewer), { method: 'GET', url: '/api/medical-contacts/export?search=Round%20trip' });
  const [header, ...records] = parse(exported.body) as string[][];
  const cells = (name: string, columns: string[]) => columns.map((column) => records.find((record) => record[header!.indexOf('Name')] === name)![header!.indexOf(column)]);
  const last = ['Last verified at', 'Last verification method', 'Last verification outcome', 'Last verified by'];
  t.strictSame(cells(recent.name, ['Verified', 'Verified at', ...last]), ['yes', now, now, 'in_person', 'confirmed', 'vic.verifier']);
  t.strictSame(cells(unreachable.name, ['Verified', 'Verified at', ...last]), ['no', new Date(start).toISOString(), new Date(start).toISOString(), 'phone_call', 'unreachable', 'vic.verifier']);
  t.strictSame(cells('Dr Round trip never', ['Verified', 'Verified at', ...last]), ['no', '', '', '', '', ''], 'never verified');

  const fresh = await createTestApp(t, { clock });
  const importer = await fresh.userWithToken('editor', { username: 'ivy.importer' });
  const started = await fresh.call(importer.token, importRequest('import', exported.body));
  t.match((await waitForImport(fresh, importer.token, started.json().importId)).at(-1), { status: 'completed', importedRows: 5 });
  const listed = async (app: typeof fresh, token: string) =>
    ((await app.call(token, { method: 'GET', url: '/api/medical-contacts?search=Round%20trip&sort=name' })).json().items as MedicalContact[]).map(
      (contact) => ({ name: contact.name, verified: contact.verified, verifiedAt: contact.verifiedAt, due: contact.dueForReverification }),
    );
  t.strictSame(await listed(fresh, importer.token), await listed(harness, await tokenOf(viewer)), 'verified, since when, and due, as they were');
  const history = await fresh.db.sql<{ method: string; outcome: string; verifiedAt: Date }[]>`SELECT method, outcome, verified_at FROM contact_verifications ORDER BY verified_at`;
  t.strictSame(
    history.map((row) => ({ ...row })),
    [start - 200 * DAY, start, start, start + 100 * DAY].map((at) => ({ method: 'import', outcome: 'confirmed', verifiedAt: new Date(at) })),
    "each row's own verification date kept, by method import",
  );
  const reexported = await fresh.call(importer.token, { method: 'GET', url: '/api/medical-contacts/export?search=Round%20trip' });
  const [reheader, ...rerecords] = parse(reexported.body) as string[][];
  const lastOf = (name: string) => last.map((column) => rerecords.find((record) => record[reheader!.indexOf('Name')] === name)![reheader!.indexOf(column)]);
  t.strictSame(lastOf(recent.name), [now, 'import', 'confirmed', 'ivy.importer'], "the import is each contact's last verification");
  t.strictSame(lastOf(unreachable.name), [new Date(start).toISOString(), 'import', 'confirmed', 'ivy.importer']);
  t.strictSame(lastOf('Dr Round trip never'), ['', '', '', ''], 'never verified, still');
});
