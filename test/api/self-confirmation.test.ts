import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';

// The staff side of contacts confirming their own listing: links, linked accounts and proposed
// corrections, with the refusals a person can act on.
let botUsername: string | undefined;
const harness = await createTestApp(t, { botUsername: () => botUsername });
const { db, call, clock } = harness;
const editor = await harness.userWithToken('editor');
const viewer = await harness.userWithToken('viewer');

let phones = 0;
async function aContact(): Promise<MedicalContact> {
  phones += 1;
  const payload = { name: `Dr Self ${phones}`, phone: `+33 4 72 00 ${String(phones).padStart(2, '0')} 00`, city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', latitude: 45.764, longitude: 4.8357 };
  const response = await call(editor.token, { method: 'POST', url: '/api/medical-contacts', payload });
  if (response.statusCode !== 201) throw new Error(`POST /api/medical-contacts: ${response.statusCode} ${response.body}`);
  return response.json() as MedicalContact;
}

/** A proposal as the bot stores it, from an account linked to the contact. */
async function aProposal(contactId: number, fields: { field: string; text: string }[], telegramId = 7001): Promise<number> {
  await db.sql`INSERT INTO contact_linked_accounts (contact_id, telegram_id, linked_at) VALUES (${contactId}, ${telegramId}, ${clock.now()}) ON CONFLICT DO NOTHING`;
  const [row] = await db.sql<{ id: number }[]>`
    INSERT INTO proposed_corrections (contact_id, telegram_id, proposed_at, fields) VALUES (${contactId}, ${telegramId}, ${clock.now()}, ${db.sql.json(fields)}) RETURNING id`;
  return row!.id;
}
const accept = (id: number, payload: unknown, token = editor.token) => call(token, { method: 'POST', url: `/api/proposed-corrections/${id}/accept`, payload: payload as object });

t.test('a link needs the bot to know its name; viewers may not make one', async (t) => {
  const contact = await aContact();
  const unknown = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/${contact.id}/confirmation-link` });
  t.equal(unknown.statusCode, 503);
  t.equal(unknown.json().message, 'The bot has not reached Telegram yet, so its link cannot be made. Try again in a minute.');
  botUsername = 'medcontacts_bot';
  t.equal((await call(viewer.token, { method: 'POST', url: `/api/medical-contacts/${contact.id}/confirmation-link` })).statusCode, 403);
  const made = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/${contact.id}/confirmation-link` });
  t.equal(made.statusCode, 201);
  t.match(made.json(), { url: /^https:\/\/t\.me\/medcontacts_bot\?start=v_[A-Za-z0-9_-]{32}$/, expiresAt: '2026-12-21T10:00:00.000Z', qrCodeDataUrl: /^data:image\/png;base64,/ });
  t.match((await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${contact.id}/confirmation-link` })).json(), {
    live: { createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2026-12-21T10:00:00.000Z', createdBy: editor.username },
  });
  const [audit] = await db.sql`SELECT action, target_type, after FROM audit_log WHERE action = 'confirmation-link.create' ORDER BY id DESC LIMIT 1`;
  t.match({ ...audit }, { action: 'confirmation-link.create', targetType: 'confirmation_link', after: { contactId: contact.id, replacedLinkId: null } });
  t.notMatch(JSON.stringify(audit), made.json().url.split('v_')[1], 'the token is not in the audit log');
  t.equal((await call(editor.token, { method: 'DELETE', url: `/api/medical-contacts/${contact.id}/confirmation-link` })).statusCode, 200);
  const again = await call(editor.token, { method: 'DELETE', url: `/api/medical-contacts/${contact.id}/confirmation-link` });
  t.equal(again.statusCode, 404);
  t.equal(again.json().message, 'This contact has no link waiting to be opened');
  t.strictSame((await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${contact.id}/confirmation-link` })).json(), { live: null });
  t.equal((await call(editor.token, { method: 'POST', url: '/api/medical-contacts/999999/confirmation-link' })).statusCode, 404);
});

t.test('accepting checks each field as the contact form does, and only fields the contact proposed', async (t) => {
  const contact = await aContact();
  const id = await aProposal(contact.id, [
    { field: 'phone', text: 'new number 04 72 99 99 99' },
    { field: 'hours', text: 'mornings only' },
    { field: 'languages', text: 'French and Italian' },
  ]);
  const refusals: [unknown, string, string][] = [
    [{ fields: [] }, 'fields', 'Choose at least one field to accept, or reject the proposal.'],
    [{ fields: [{ field: 'fax', value: '1' }] }, 'fields.0.field', 'Field must be one of phone, address, hours, specialty, languages, closed.'],
    [{ fields: [{ field: 'phone', value: '1' }, { field: 'phone', value: '2' }] }, 'fields.1.field', 'Phone is accepted twice. Send each field once.'],
    [{ fields: [{ field: 'specialty', value: 'Cardiology' }] }, 'fields.0.field', 'The contact did not propose a change of specialty. Accept only the fields they proposed.'],
    [{ fields: [{ field: 'phone', value: '' }] }, 'fields.0.value', 'Phone is required. Enter it.'],
    [{ fields: [{ field: 'languages', value: ['Klingon'] }] }, 'fields.0.value', 'Language "Klingon" is not a language the directory knows. Did you mean Kongo (kg), Lingala (ln) or Sango (sg)?'],
    [{ fields: [{ field: 'hours', value: 'mornings only' }] }, 'fields.0.value', ''],
  ];
  for (const [payload, field, message] of refusals) {
    const response = await accept(id, payload);
    t.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
    const body = response.json();
    t.ok(field in (body.fields ?? {}) || body.field === field, `names ${field}: ${response.body}`);
    if (message) t.equal(body.fields?.[field] ?? body.message, message);
  }
  const badPhone = await accept(id, { fields: [{ field: 'phone', value: '12' }] });
  t.equal(badPhone.statusCode, 400);
  t.equal(badPhone.json().field, 'phone', badPhone.body);
  t.equal((await accept(id, { fields: [{ field: 'phone', value: '04 72 99 99 99' }] }, viewer.token)).statusCode, 403);
  const [pending] = await db.sql`SELECT status FROM proposed_corrections WHERE id = ${id}`;
  t.equal(pending!.status, 'pending', 'nothing refused changed anything');

  const accepted = await accept(id, { fields: [{ field: 'phone', value: '04 72 99 99 99' }, { field: 'hours', value: 'Mo-Fr 08:00-12:00' }, { field: 'languages', value: ['fr', 'it'] }] });
  t.equal(accepted.statusCode, 200, accepted.body);
  t.equal(accepted.json().status, 'accepted');
  const after = (await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${contact.id}` })).json() as MedicalContact;
  t.match(after, { phone: '+33472999999', availableHours: 'Mo-Fr 08:00-12:00', languages: ['fr', 'it'], lastVerification: { method: 'self_confirmed', outcome: 'corrected', by: editor.username } });
  const twice = await accept(id, { fields: [{ field: 'phone', value: '04 72 99 99 99' }] });
  t.equal(twice.statusCode, 409);
  t.equal(twice.json().message, 'This proposal was already accepted or rejected. Reload the list.');
});

t.test('closed deactivates the contact; a rejection changes nothing but the proposal', async (t) => {
  const contact = await aContact();
  const closed = await aProposal(contact.id, [{ field: 'closed', text: 'retired in October' }]);
  t.equal((await accept(closed, { fields: [{ field: 'closed' }] })).statusCode, 200);
  const after = (await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${contact.id}` })).json() as MedicalContact;
  t.match(after, { isActive: false, lastVerification: { outcome: 'closed', method: 'self_confirmed' } });

  const other = await aContact();
  const rejected = await aProposal(other.id, [{ field: 'phone', text: 'call my mobile' }]);
  const response = await call(editor.token, { method: 'POST', url: `/api/proposed-corrections/${rejected}/reject` });
  t.equal(response.statusCode, 200);
  t.equal(response.json().status, 'rejected');
  const [audit] = await db.sql`SELECT action, target_id FROM audit_log WHERE action = 'proposed-correction.reject' ORDER BY id DESC LIMIT 1`;
  t.strictSame({ ...audit }, { action: 'proposed-correction.reject', targetId: String(rejected) });
  t.equal((await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${other.id}/verifications` })).json().length, 0, 'no verification recorded');
  t.equal((await call(editor.token, { method: 'POST', url: '/api/proposed-corrections/999999/reject' })).statusCode, 404);
});

t.test('the pending list is paged, oldest first, and its query checked', async (t) => {
  const contact = await aContact();
  const ids = [];
  for (let i = 0; i < 3; i += 1) {
    clock.advance(1000);
    ids.push(await aProposal(contact.id, [{ field: 'specialty', text: `Specialty ${i}` }], 8000 + i));
  }
  const page = (await call(editor.token, { method: 'GET', url: `/api/proposed-corrections?contactId=${contact.id}&limit=2&offset=1` })).json();
  t.equal(page.total, 3);
  t.strictSame(page.items.map((item: { id: number }) => item.id), ids.slice(1));
  const bad = await call(editor.token, { method: 'GET', url: '/api/proposed-corrections?limit=500' });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().fields?.limit, 'Limit must be a whole number from 1 to 100.');
  t.equal((await call(viewer.token, { method: 'GET', url: '/api/proposed-corrections' })).statusCode, 403);
});

t.test('linked accounts: listed, removed once, audited', async (t) => {
  const contact = await aContact();
  await db.sql`INSERT INTO telegram_users (telegram_id, first_name, last_name, username) VALUES (9100, 'Clinic', 'Owner', 'clinic_owner')`;
  await db.sql`INSERT INTO contact_linked_accounts (contact_id, telegram_id, linked_at) VALUES (${contact.id}, 9100, ${clock.now()})`;
  t.strictSame((await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${contact.id}/linked-accounts` })).json(), [
    { telegramId: 9100, name: 'Clinic Owner', username: 'clinic_owner', linkedAt: clock.now().toISOString(), lastRemindedAt: null, remindersStoppedAt: null },
  ]);
  t.equal((await call(editor.token, { method: 'DELETE', url: `/api/medical-contacts/${contact.id}/linked-accounts/9100` })).statusCode, 200);
  const again = await call(editor.token, { method: 'DELETE', url: `/api/medical-contacts/${contact.id}/linked-accounts/9100` });
  t.equal(again.statusCode, 404);
  t.equal(again.json().message, 'This Telegram account is not linked to this contact');
  const badId = await call(editor.token, { method: 'DELETE', url: `/api/medical-contacts/${contact.id}/linked-accounts/abc` });
  t.equal(badId.statusCode, 400);
  t.strictSame((await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${contact.id}/linked-accounts` })).json(), []);
});
