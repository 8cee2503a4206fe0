import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { manyContacts } from '../helpers/contacts.js';
import { gazetteerRows } from '../../scripts/load-gazetteer.js';
import { insertCities } from '../../sql/cities.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';

const DAY = 86_400_000;
const A_CONTACT = { name: 'Dr Amara Okafor', phone: '+33 4 72 00 00 01', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' };

t.test('creating, editing and deleting contacts', async (t) => {
  const { db, clock, call, signIn, userWithToken } = await createTestApp(t);
  await insertCities(db.sql, await gazetteerRows(LARGE_CITIES));
  const editor = await userWithToken('editor');
  let token = editor.token;
  /** Moves the clock, signing in again since access tokens expire. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    token = (await signIn(editor.username, editor.password)).token;
  };
  const write = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
    call(token, { method, url, ...(payload && { payload }) });
  let sequence = 0;
  const create = async (fields: object = {}) => {
    sequence++;
    const response = await write('POST', '/api/medical-contacts', { ...A_CONTACT, name: `Dr Unique ${sequence}`, phone: `+44 20 7000 ${String(sequence).padStart(4, '0')}`, ...fields });
    t.equal(response.statusCode, 201, `created: ${response.body.slice(0, 200)}`);
    return response.json() as MedicalContact;
  };

  t.test('create stores what was typed and defaults only empty fields', async (t) => {
    const typed = {
      ...A_CONTACT,
      specialty: 'Cardiology',
      contactMethod: 'telegram',
      telegramUsername: 'dr_okafor',
      availableHours: 'Mo-Fr 09:00-17:00',
      responseTime: '1 hour',
      languages: ['fr', 'ig'],
      rating: 4.5,
      comments: 'Prefers messages in the morning',
      startMessage: 'Hello doctor',
      specialInstructions: 'Mention the bot',
      passwordRequired: true,
      isWhatsappOnly: false,
      isMasterOfMedicine: true,
    };
    const response = await write('POST', '/api/medical-contacts', typed);
    t.equal(response.statusCode, 201);
    const created = response.json() as MedicalContact;
    const { region: _region, ...rest } = typed;
    t.match(created, { ...rest, phone: '+33472000001', region: A_CONTACT.region, verified: false, verifiedAt: null, isActive: true });
    const stored = (await write('GET', `/api/medical-contacts/${created.id}`)).json();
    t.strictSame(stored, created, 'GET answers what POST stored');

    const minimal = await create({ specialty: '', availableHours: '', comments: '' });
    t.match(minimal, { specialty: '', contactMethod: 'phone', availableHours: '', responseTime: '', languages: ['en'], rating: 0, comments: null, verified: false });
  });

  t.test('geocoding from the gazetteer', async (t) => {
    const lyon = await create({ city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' });
    t.ok(lyon.findable, 'Lyon is findable');
    t.equal(lyon.locationApproximate, true, "at its city's centre: approximate");
    t.ok(Math.abs(lyon.latitude! - 45.76) < 0.1 && Math.abs(lyon.longitude! - 4.84) < 0.1, `Lyon at ${lyon.latitude}, ${lyon.longitude}`);
    const byCode = await create({ city: 'lyon', region: 'Somewhere', country: 'fr' });
    t.ok(byCode.findable, 'a city and a code in any case work too');
    const unknown = await create({ city: 'Smallville', region: 'Nowhere', country: 'FR' });
    t.equal(unknown.findable, false);
    t.equal(unknown.latitude, null);
    t.equal(unknown.locationApproximate, false, 'nowhere is not approximate');
    const given = await create({ latitude: 45.7578, longitude: 4.832 });
    t.match(given, { latitude: 45.7578, longitude: 4.832, findable: true, locationApproximate: false }, 'typed coordinates are kept, as exact');

    const moved = (await write('PATCH', `/api/medical-contacts/${unknown.id}`, { city: 'Marseille', region: "Provence-Alpes-Côte d'Azur" })).json();
    t.ok(moved.findable, 'an edit to a known city gets coordinates');
    t.equal(moved.locationApproximate, true, "its city's centre");
    const placed = (await write('PATCH', `/api/medical-contacts/${moved.id}`, { latitude: 43.2951, longitude: 5.3745 })).json();
    t.match(placed, { latitude: 43.2951, longitude: 5.3745, locationApproximate: false }, 'coordinates given make it exact');
    const relocated = (await write('PATCH', `/api/medical-contacts/${lyon.id}`, { latitude: 45.7485, longitude: 4.8467 })).json();
    t.equal(relocated.locationApproximate, false, 'coordinates given to an approximate contact make it exact');
    const lost = (await write('PATCH', `/api/medical-contacts/${moved.id}`, { city: 'Atlantis' })).json();
    t.match(lost, { findable: false, latitude: null, longitude: null }, "a move to an unknown place drops the old place's coordinates");
  });

  t.test('each validation rule answers 400 naming the field', async (t) => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'Name is required. Enter it.'],
      [{ phone: '   ' }, 'phone', 'Phone is required. Enter it.'],
      [{ phone: 'abc' }, 'phone', 'Phone "abc" is not a phone number: write its digits, with + and the country code, such as +44 20 7946 0958.'],
      [{ phone: '+44 20 7946 0958 ext. 12' }, 'phone', 'Phone "+44 20 7946 0958 ext. 12" has an extension: enter the number alone, and the extension in Special Instructions.'],
      [{ phone: '112' }, 'phone', 'Phone "112" is too short for France.'],
      [{ phone: '+1234567890123456' }, 'phone', 'Phone "+1234567890123456" is too long for country code +1.'],
      [{ phone: '030 12', country: 'DE', city: 'Berlin' }, 'phone', 'Phone "030 12" is too short for Germany.'],
      [{ phone: '030 1234567', country: 'AQ' }, 'phone', 'Phone "030 1234567" has no country code, and the country Antarctica has no numbering plan the directory knows: write it with + and the country code, such as +44 20 7946 0958.'],
      [{ latitude: 52.52, longitude: 13.405 }, 'location', 'The coordinates 52.52, 13.405 lie outside France. Check them: latitude first, then longitude.'],
      [{ latitude: 4.84, longitude: 45.75 }, 'location', 'The coordinates 4.84, 45.75 lie outside France. Check them: latitude first, then longitude.'],
      [{ city: '' }, 'city', 'City is required. Enter it.'],
      [{ region: '' }, 'region', 'Region is required. Enter it.'],
      [{ country: '' }, 'country', 'Country is required. Enter it.'],
      [{ latitude: 91, longitude: 0 }, 'latitude', 'Latitude must be a number from -90 to 90, such as 52.52, or left empty.'],
      [{ latitude: 0, longitude: -181 }, 'longitude', 'Longitude must be a number from -180 to 180, such as 13.405, or left empty.'],
      [{ latitude: 10, longitude: null }, 'longitude', 'Latitude and longitude go together: enter both, or leave both empty.'],
      [{ contactMethod: 'fax' }, 'contactMethod', 'Choose a contact method: phone, telegram or whatsapp.'],
      [{ contactMethod: 'telegram' }, 'telegramUsername', 'Telegram username is required when the contact method is Telegram. Enter it, or choose another method.'],
      [{ rating: 6 }, 'rating', 'Rating must be a number from 0 to 5.'],
      [{ rating: '0' }, 'rating', 'Rating must be a number from 0 to 5.'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await write('POST', '/api/medical-contacts', { ...A_CONTACT, name: 'Dr Invalid', phone: '+1 212 555 0999', ...fields });
      t.equal(response.statusCode, 400, `${JSON.stringify(fields)}: 400`);
      t.equal(response.json().fields?.[field], message, `${JSON.stringify(fields)}: ${field}`);
    }
    const { name: _name, ...noName } = A_CONTACT;
    t.equal((await write('POST', '/api/medical-contacts', noName)).json().fields?.name, 'Name is required. Enter it.', 'a missing name');

    const contact = await create();
    const edits: [object, string, string][] = [
      [{ name: '' }, 'name', 'Name is required. Enter it.'],
      [{ phone: '' }, 'phone', 'Phone is required. Enter it.'],
      [{ phone: 'call the front desk' }, 'phone', 'Phone "call the front desk" is not a phone number: write its digits, with + and the country code, such as +44 20 7946 0958.'],
      [{ phone: '04 72 00' }, 'phone', 'Phone "04 72 00" is too short for France.'],
      [{ latitude: 50.45, longitude: 30.52 }, 'location', 'The coordinates 50.45, 30.52 lie outside France. Check them: latitude first, then longitude.'],
      [{ contactMethod: 'telegram' }, 'telegramUsername', 'Telegram username is required when the contact method is Telegram. Enter it, or choose another method.'],
      [{ rating: -1 }, 'rating', 'Rating must be a number from 0 to 5.'],
    ];
    for (const [fields, field, message] of edits) {
      const response = await write('PATCH', `/api/medical-contacts/${contact.id}`, fields);
      t.equal(response.statusCode, 400, `edit ${JSON.stringify(fields)}: 400`);
      t.equal(response.json().fields?.[field], message, `edit ${JSON.stringify(fields)}: ${field}`);
    }
    const nowhere = await create({ city: 'Atlantis' });
    const half = await write('PATCH', `/api/medical-contacts/${nowhere.id}`, { latitude: 5 });
    t.equal(half.json().fields?.longitude, 'Latitude and longitude go together: enter both, or leave both empty.', 'an edit leaving half a pair');
    const telegram = await write('PATCH', `/api/medical-contacts/${contact.id}`, { contactMethod: 'telegram', telegramUsername: 'dr_x' });
    t.equal(telegram.statusCode, 200, 'telegram with a username is fine');
    const cleared = await write('PATCH', `/api/medical-contacts/${contact.id}`, { telegramUsername: null });
    t.equal(cleared.json().fields?.telegramUsername, 'Telegram username is required when the contact method is Telegram. Enter it, or choose another method.', 'the merged record keeps the rule');
  });

  t.test("phones are stored in E.164, read as numbers of the contact's country", async (t) => {
    const berlin = await create({ phone: '030 1234567', city: 'Berlin', region: 'Berlin', country: 'DE' });
    t.equal(berlin.phone, '+49301234567', 'a national number of Germany');
    const punctuated = await create({ phone: '(030) 765-4321', city: 'Berlin', region: 'Berlin', country: 'DE' });
    t.equal(punctuated.phone, '+49307654321', 'punctuation as people write it');
    const abroad = await create({ phone: '+44 20 7946 0123', city: 'Berlin', region: 'Berlin', country: 'DE' });
    t.equal(abroad.phone, '+442079460123', "an international number of another country is the contact's to have");
    const edited = (await write('PATCH', `/api/medical-contacts/${berlin.id}`, { phone: '030 7654329' })).json();
    t.equal(edited.phone, '+49307654329', 'a phone sent alone is read in the stored country');
    const moved = (await write('PATCH', `/api/medical-contacts/${berlin.id}`, { phone: '04 72 00 00 09', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' })).json();
    t.equal(moved.phone, '+33472000009', 'and one sent with a country, in that country');
    const refused = await write('PATCH', `/api/medical-contacts/${berlin.id}`, { phone: '030 12', country: 'DE' });
    t.strictSame(
      { status: refused.statusCode, field: refused.json().field, message: refused.json().message },
      { status: 400, field: 'phone', message: 'Phone "030 12" is too short for Germany.' },
    );
  });

  t.test('coordinates outside the country are refused unless confirmed', async (t) => {
    const swapped = { latitude: 13.405, longitude: 52.52, city: 'Berlin', region: 'Berlin', country: 'DE' };
    const refused = await write('POST', '/api/medical-contacts', { ...A_CONTACT, ...swapped, name: 'Dr Swapped', phone: '+49 30 5550 0001' });
    t.strictSame(
      { status: refused.statusCode, field: refused.json().field, message: refused.json().message },
      { status: 400, field: 'location', message: 'The coordinates 13.405, 52.52 lie outside Germany. Check them: latitude first, then longitude.' },
    );
    const confirmed = await create({ ...swapped, confirmOutsideCountry: true });
    t.match(confirmed, { latitude: 13.405, longitude: 52.52, locationApproximate: false }, 'confirmed, they are kept');
    const inside = await create({ latitude: 52.4, longitude: 13.1, city: 'Potsdam', region: 'Brandenburg', country: 'DE' });
    t.equal(inside.latitude, 52.4, 'inside the country they need no confirming');
    const border = await create({ latitude: 47.59, longitude: 7.62, city: 'Weil am Rhein', region: 'Baden-Württemberg', country: 'DE' });
    t.equal(border.latitude, 47.59, 'nor at a border, where the nearest towns are of both countries');
    const edit = await write('PATCH', `/api/medical-contacts/${inside.id}`, { latitude: 48.8566, longitude: 2.3522 });
    t.equal(edit.json().field, 'location', 'an edit is held to it too');
    const confirmedEdit = await write('PATCH', `/api/medical-contacts/${inside.id}`, { latitude: 48.8566, longitude: 2.3522, confirmOutsideCountry: true });
    t.equal(confirmedEdit.statusCode, 200, 'and confirms it the same way');
  });

  t.test('unknown ids answer 404', async (t) => {
    for (const [method, url, payload] of [
      ['GET', '/api/medical-contacts/987654'],
      ['GET', '/api/medical-contacts/987654/history'],
      ['PATCH', '/api/medical-contacts/987654', { rating: 1 }],
      ['DELETE', '/api/medical-contacts/987654'],
    ] as const) {
      const response = await write(method, url, payload);
      t.equal(response.statusCode, 404, `${method} ${url}`);
      t.equal(response.json().message, 'No medical contact with this id');
    }
    t.equal((await write('GET', '/api/medical-contacts/abc')).statusCode, 400, 'a bad id is 400');
  });

  t.test('duplicates warn unless allowed', async (t) => {
    const original = await create({ name: 'Dr Twin', phone: '+49 30 1234 5678', city: 'Berlin', region: 'Berlin', country: 'DE' });
    const samePhone = await write('POST', '/api/medical-contacts', { ...A_CONTACT, name: 'Someone Else', phone: '0049-30-12345678'.replace(/^00/, '+') });
    t.equal(samePhone.statusCode, 409);
    t.match(samePhone.json(), { error: 'Conflict', duplicates: [{ id: original.id, name: 'Dr Twin' }] });
    t.match(samePhone.json().message, /already exists/);
    const sameNameCity = await write('POST', '/api/medical-contacts', { ...A_CONTACT, name: 'dr twin', phone: '+1 212 555 0111', city: 'BERLIN', region: 'Berlin', country: 'DE' });
    t.equal(sameNameCity.statusCode, 409, 'same name in the same city, ignoring case');
    const allowed = await write('POST', '/api/medical-contacts', { ...A_CONTACT, name: 'dr twin', phone: '+1 212 555 0111', city: 'Berlin', country: 'DE', allowDuplicate: true });
    t.equal(allowed.statusCode, 201, 'allowDuplicate saves it');
    const other = await create({ name: 'Dr Other', phone: '+49 30 9999 0000', city: 'Berlin' });
    const edit = await write('PATCH', `/api/medical-contacts/${other.id}`, { phone: '+49 (30) 1234-5678' });
    t.equal(edit.statusCode, 409, 'an edit to an existing phone warns');
    t.equal((await write('PATCH', `/api/medical-contacts/${other.id}`, { phone: '+49 (30) 1234-5678', allowDuplicate: true })).statusCode, 200);
    t.equal((await write('PATCH', `/api/medical-contacts/${original.id}`, { name: 'Dr Twin', phone: '+49 30 1234 5678' })).statusCode, 200, 'a contact is no duplicate of itself');
  });

  t.test('verification records when and by whom, and falls due after 90 days', async (t) => {
    const contact = await create();
    const verified = (await write('PATCH', `/api/medical-contacts/${contact.id}`, { verified: true })).json() as MedicalContact;
    t.match(verified, { verified: true, verifiedAt: clock.now().toISOString(), verifiedBy: editor.username, dueForReverification: false });
    const verifiedAt = verified.verifiedAt;
    await advance(10 * DAY);
    const again = (await write('PATCH', `/api/medical-contacts/${contact.id}`, { verified: true, rating: 3 })).json();
    t.equal(again.verifiedAt, verifiedAt, 'saving an already verified contact keeps its date');
    const dueQuery = `/api/medical-contacts?verified=due&search=${encodeURIComponent(contact.name)}`;
    t.equal((await write('GET', dueQuery)).json().total, 0, 'not due yet');
    await advance(85 * DAY);
    t.match((await write('GET', `/api/medical-contacts/${contact.id}`)).json(), { verified: false, verifiedAt, dueForReverification: true }, 'overdue after 90 days: no longer verified, and due');
    t.equal((await write('GET', dueQuery)).json().total, 1, 'and found by the due filter');
    const reverified = (await write('PATCH', `/api/medical-contacts/${contact.id}`, { verified: true })).json();
    t.match(reverified, { verified: true, verifiedAt: clock.now().toISOString(), dueForReverification: false }, 'ticked again: verified anew');
    const unverified = (await write('PATCH', `/api/medical-contacts/${contact.id}`, { verified: false })).json();
    t.match(
      unverified,
      { verified: false, verifiedAt: clock.now().toISOString(), verifiedBy: editor.username, dueForReverification: true },
      'unticked: due at once, and when it was last confirmed is kept',
    );
    const createdVerified = await create({ verified: true });
    t.match(createdVerified, { verifiedAt: clock.now().toISOString(), verifiedBy: editor.username });
  });

  t.test('delete, then history newest first with field changes', async (t) => {
    const contact = await create({ rating: 2 });
    await write('PATCH', `/api/medical-contacts/${contact.id}`, { rating: 4.5, specialty: 'Neurology' });
    const history = (await write('GET', `/api/medical-contacts/${contact.id}/history`)).json();
    t.equal(history.length, 2);
    t.match(history[0], { action: 'contact.update', actor: editor.username, changes: { rating: [2, 4.5], specialty: ['', 'Neurology'] } });
    t.same(Object.keys(history[0].changes).sort(), ['rating', 'specialty'], 'only what changed');
    t.match(history[1], { action: 'contact.create', changes: { name: [null, contact.name], rating: [null, 2] } });
    const deleted = await write('DELETE', `/api/medical-contacts/${contact.id}`);
    t.strictSame(deleted.json(), { success: true });
    t.equal((await write('GET', `/api/medical-contacts/${contact.id}`)).statusCode, 404);
    const [entry] = await db.sql`SELECT action, before, after FROM audit_log WHERE target_type = 'medical_contact' AND target_id = ${String(contact.id)} ORDER BY id DESC LIMIT 1`;
    t.match(entry, { action: 'contact.delete', before: { name: contact.name }, after: null });
  });
});

t.test('bulk update and bulk delete, by ids and by filter', async (t) => {
  const { db, clock, call, userWithToken } = await createTestApp(t);
  const contacts = await manyContacts(db.sql, 600, 3, clock.now());
  const editor = await userWithToken('editor');
  const post = (url: string, payload: object) => call(editor.token, { method: 'POST', url: `/api/medical-contacts/${url}`, payload });

  const ids = contacts.slice(0, 5).map((contact) => contact.id);
  const byIds = await post('bulk-update', { ids, updates: { specialty: 'Urology', rating: 5, verified: true } });
  t.strictSame(byIds.json(), { recordsAffected: 5 });
  const [changed] = await db.sql`SELECT count(*)::int AS count FROM medical_contacts WHERE specialty = 'Urology' AND rating = 5 AND verified_by = ${editor.id} AND verified_at = ${clock.now()}`;
  t.equal(changed!.count, 5, 'the five changed, stamped as verified now by the editor');
  const history = (await call(editor.token, { method: 'GET', url: `/api/medical-contacts/${ids[0]}/history` })).json();
  t.match(history, [
    { action: 'contact.verify', actor: editor.username },
    { action: 'contact.bulk-update', actor: editor.username, changes: { specialty: [contacts[0]!.specialty, 'Urology'] } },
  ], 'the tick is a verification of its own, after the edit');

  const kenyan = contacts.filter((contact) => contact.country === 'KE' && contact.isActive).length;
  const byFilter = await post('bulk-update', { filter: { country: 'KE', status: 'active' }, updates: { isActive: false } });
  t.strictSame(byFilter.json(), { recordsAffected: kenyan }, 'every contact matching the filter');
  const [audited] = await db.sql`SELECT count(*)::int AS count FROM audit_log WHERE action = 'contact.bulk-update'`;
  t.equal(audited!.count, 5 + kenyan, 'one audit entry per contact');

  const telegram = await post('bulk-update', { filter: { contactMethod: 'phone' }, updates: { contactMethod: 'telegram' } });
  t.equal(telegram.statusCode, 400, 'telegram needs usernames');
  t.equal((await post('bulk-update', { ids, updates: {} })).json().message.includes('Please select at least one field to update'), true);
  t.equal((await post('bulk-update', { ids: [], updates: { rating: 1 } })).statusCode, 400, 'an empty id list');

  const deleteIds = await post('bulk-delete', { ids: ids.slice(0, 2) });
  t.strictSame(deleteIds.json(), { recordsAffected: 2 });
  const italians = contacts.filter((contact) => contact.country === 'IT' && !ids.slice(0, 2).includes(contact.id)).length;
  const deleteFilter = await post('bulk-delete', { filter: { country: 'IT' } });
  t.strictSame(deleteFilter.json(), { recordsAffected: italians });
  const [left] = await db.sql`SELECT count(*)::int AS count FROM medical_contacts`;
  t.equal(left!.count, 600 - 2 - italians);
  const [deletes] = await db.sql`SELECT count(*)::int AS count FROM audit_log WHERE action = 'contact.bulk-delete' AND before ? 'name'`;
  t.equal(deletes!.count, 2 + italians);
});
