import t from 'tap';
import { parse } from 'csv-parse/sync';
import { createTestApp } from '../helpers/app.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { importRequest, waitForImport } from '../helpers/imports.js';
import { gazetteerRows } from '../../scripts/load-gazetteer.js';
import { insertCities } from '../../sql/cities.js';
import type { Sql } from '../../sql/database.js';
import { contactsForExport } from '../../sql/contact-imports.js';
import { readContactPhones } from '../../sql/contact-phones.js';
import { insertMedicalContacts, type NewMedicalContact } from '../../sql/medical-contacts.js';
import { recordVerification } from '../../sql/contact-verifications.js';
import type { ContactFilter, MedicalContact } from '../../api/contract/medical-contacts.js';

const harness = await createTestApp(t);
const { db, call, clock } = harness;
const editor = await harness.userWithToken('editor', { username: 'eddie.editor' });
const viewer = await harness.userWithToken('viewer', { username: 'vera.viewer' });
const existing = await aContact(db.sql, { name: 'Dr Existing', phone: '+44 20 7946 0001', city: 'London' });

const HEADER =
  'Full name,Telephone,Speciality,City,State,Country,Lat,Lng,Contact method,Telegram,WhatsApp only,Hours,Languages,Rating,Verified,Active,Master of Medicine,Comments,Notes column ignored';
/** Good rows (lines 2 and 3–4), bad rows (5–8), a duplicate of an existing contact (9) and of line 2 (10). */
const MIXED_CSV = [
  HEADER,
  'Dr Good One,+33 1 23 45 67 01,Cardiology,Paris,Île-de-France,France,48.8566,2.3522,phone,,no,9-17,"French, English",4.5,yes,yes,yes,"Says ""hello"", loudly",x',
  'Dr Good Two,+33 1 23 45 67 02,,Lyon,Auvergne-Rhône-Alpes,France,,,Telegram,@drtwo,true,,French;German|Spanish,,,,,"line one',
  'line two",',
  ',+33 1 23 45 67 03,,Paris,Île-de-France,France,,,,,,,,,,,,,',
  'Dr Bad Latitude,+33 1 23 45 67 04,,Paris,Île-de-France,France,95,2.35,,,,,,,,,,,',
  'Dr Bad Rating,+33 1 23 45 67 05,,Paris,Île-de-France,France,,,,,,,,9,,,,,',
  'Dr No Username,+33 1 23 45 67 06,,Paris,Île-de-France,France,,,telegram,,,,,,,,,,',
  'Dr Existing Again,0044-20-7946-0001,,Leeds,West Yorkshire,United Kingdom,,,,,,,,,,,,,',
  'dr good one,+33 9 99 99 99 99,,PARIS,Île-de-France,France,,,,,,,,,,,,,',
].join('\r\n');

const count = async (sql: Sql, table: 'medical_contacts' | 'contact_imports' | 'audit_log') =>
  Number((await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(table)}`)[0]!.n);

t.test('preview: per-row errors and duplicates, and nothing written', async (t) => {
  const before = { contacts: await count(db.sql, 'medical_contacts'), imports: await count(db.sql, 'contact_imports') };
  const response = await call(editor.token, importRequest('preview', MIXED_CSV, { fileName: 'mixed.csv' }));
  t.equal(response.statusCode, 200, response.body);
  const preview = response.json();
  t.strictSame(preview.mapping, {
    'Full name': 'name',
    Telephone: 'phone',
    Speciality: 'specialty',
    City: 'city',
    State: 'region',
    Country: 'country',
    Lat: 'latitude',
    Lng: 'longitude',
    'Contact method': 'contactMethod',
    Telegram: 'telegramUsername',
    'WhatsApp only': 'isWhatsappOnly',
    Hours: 'availableHours',
    Languages: 'languages',
    Rating: 'rating',
    Verified: 'verified',
    Active: 'isActive',
    'Master of Medicine': 'isMasterOfMedicine',
    Comments: 'comments',
    'Notes column ignored': null,
  });
  t.equal(preview.headers.length, 19);
  t.match(preview, { totalRows: 8, validRows: 2, errorRows: 4, duplicateRows: 2, rowsTruncated: false });
  t.strictSame(preview.rows, [
    { line: 5, status: 'error', errors: [{ field: 'name', message: 'Name is required. Enter it.' }] },
    { line: 6, status: 'error', errors: [{ field: 'latitude', message: 'Latitude must be a number from -90 to 90, such as 52.52, or left empty.' }] },
    { line: 7, status: 'error', errors: [{ field: 'rating', message: 'Rating must be a number from 0 to 5.' }] },
    { line: 8, status: 'error', errors: [{ field: 'telegramUsername', message: 'Telegram username is required when the contact method is Telegram. Enter it, or choose another method.' }] },
    {
      line: 9,
      status: 'duplicate',
      errors: [],
      duplicateOf: { id: existing.id, line: null, name: 'Dr Existing', phone: '+44 20 7946 0001', city: 'London' },
    },
    { line: 10, status: 'duplicate', errors: [], duplicateOf: { id: null, line: 2, name: 'Dr Good One', phone: '+33123456701', city: 'Paris' } },
  ]);
  t.equal(await count(db.sql, 'medical_contacts'), before.contacts, 'no contact written');
  t.equal(await count(db.sql, 'contact_imports'), before.imports, 'no import recorded');
});

t.test('preview: a mapping given by the user wins over the header match', async (t) => {
  const csv = 'Who,Tel,Where,Area,Land,Extra\nDr Mapped,+1 555 0100,Boston,Massachusetts,United States,ignored\n';
  const response = await call(editor.token, importRequest('preview', csv, { mapping: { Who: 'name', Where: 'city', Area: 'region', Land: 'country', Tel: null } }));
  t.equal(response.statusCode, 200, response.body);
  const preview = response.json();
  t.strictSame(preview.mapping, { Who: 'name', Tel: null, Where: 'city', Area: 'region', Land: 'country', Extra: null });
  t.strictSame(preview.rows, [{ line: 2, status: 'error', errors: [{ field: 'phone', message: 'Phone is required. Enter it.' }] }]);
});

t.test('preview: a verification dated after today is a row error, one of today is not', async (t) => {
  const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  const today = clock.now().toISOString();
  const csv = `Name,Phone,City,Region,Country,Verified,Verified at\nDr Tomorrow,+33 1 23 45 67 11,Paris,IDF,FR,yes,${tomorrow}\nDr Today,+33 1 23 45 67 12,Paris,IDF,FR,yes,${today}\n`;
  const response = await call(editor.token, importRequest('preview', csv));
  t.equal(response.statusCode, 200, response.body);
  t.strictSame(response.json().rows, [
    { line: 2, status: 'error', errors: [{ field: 'verifiedAt', message: 'Verified at is in the future: enter the day the contact was last verified, today or before.' }] },
  ]);
});

t.test('preview: bad input is a 400 naming the field', async (t) => {
  const notCsv = await call(editor.token, importRequest('preview', 'a,b\n"unclosed,1\n'));
  t.equal(notCsv.statusCode, 400);
  t.match(notCsv.json(), { error: 'Bad Request', message: /not valid CSV/, field: 'csv', fields: { csv: /not valid CSV/ } });
  const badMapping = await call(editor.token, importRequest('preview', 'a\n1\n', { mapping: { a: 'shoeSize' } }));
  t.equal(badMapping.statusCode, 400);
  t.match(badMapping.json(), { error: 'Bad Request', field: 'mapping.a' });
  const mappingNotJson = await call(editor.token, { ...importRequest('preview', 'a\n1\n'), url: '/api/medical-contacts/import/preview?mapping=%7Bnope' });
  t.equal(mappingNotJson.statusCode, 400);
  t.strictSame(mappingNotJson.json().fields, {
    mapping: 'Mapping must be a JSON object from column header to contact field (or null to ignore the column).',
  });
  for (const route of ['preview', 'import'] as const) {
    const empty = await call(editor.token, importRequest(route, ''));
    t.equal(empty.statusCode, 400, route);
    t.strictSame(empty.json(), {
      error: 'Bad Request',
      message: 'The CSV file is empty. Choose a file with a header row and contacts.',
      field: 'csv',
      fields: { csv: 'The CSV file is empty. Choose a file with a header row and contacts.' },
    }, route);
    const asJson = await call(editor.token, { method: 'POST', url: importRequest(route, '').url, payload: { csv: 'Name\nDr Json\n' } });
    t.equal(asJson.statusCode, 415, route);
    t.strictSame(asJson.json(), { error: 'Unsupported Media Type', message: 'Send the CSV file itself as the request body (Content-Type: text/csv)' }, route);
  }
  t.equal(await count(db.sql, 'contact_imports'), 0, 'a refused file starts no import');
});

t.test('commit imports the good rows in the background, skips the rest; undo removes exactly those', async (t) => {
  const contactsBefore = await count(db.sql, 'medical_contacts');
  const started = await call(editor.token, importRequest('import', MIXED_CSV, { fileName: 'mixed.csv' }));
  t.equal(started.statusCode, 202, started.body);
  const { importId } = started.json();
  t.type(importId, 'number');

  const states = await waitForImport(harness, editor.token, importId);
  const done = states.at(-1)!;
  t.match(done, {
    id: importId,
    fileName: 'mixed.csv',
    createdBy: 'eddie.editor',
    status: 'completed',
    totalRows: 8,
    processedRows: 8,
    importedRows: 2,
    skippedRows: 6,
    errorMessage: null,
    createdAt: clock.now().toISOString(),
    finishedAt: clock.now().toISOString(),
    undoneAt: null,
  });
  for (const [earlier, later] of states.slice(1).map((state, index) => [states[index]!, state] as const)) {
    t.ok(later.processedRows >= earlier.processedRows, 'progress never goes back');
  }
  t.equal(await count(db.sql, 'medical_contacts'), contactsBefore + 2);

  const imported = await db.sql<{ name: string; languages: string[]; rating: string; comments: string | null; telegramUsername: string | null;
    contactMethod: string; latitude: number | null; verified: boolean; verifiedAt: Date | null; verifiedBy: number | null; isWhatsappOnly: boolean;
    isMasterOfMedicine: boolean; region: string }[]>`
    SELECT name, languages, rating::text AS rating, comments, telegram_username, contact_method, latitude, verified, verified_at, verified_by,
      is_whatsapp_only, is_master_of_medicine, region
    FROM medical_contacts WHERE import_id = ${importId} ORDER BY name`;
  t.match(imported, [
    { name: 'Dr Good One', languages: ['fr', 'en'], rating: '4.5', comments: 'Says "hello", loudly', contactMethod: 'phone', latitude: 48.8566,
      verified: true, verifiedAt: clock.now(), verifiedBy: editor.id, isMasterOfMedicine: true, region: 'Île-de-France' },
    { name: 'Dr Good Two', languages: ['fr', 'de', 'es'], rating: '0.0', comments: 'line one\r\nline two', contactMethod: 'telegram',
      telegramUsername: '@drtwo', latitude: null, verified: false, verifiedAt: null, verifiedBy: null, isWhatsappOnly: true },
  ]);

  const list = await call(viewer.token, { method: 'GET', url: '/api/medical-contacts/imports' });
  t.equal(list.statusCode, 200);
  t.match(list.json().items[0], { id: importId, status: 'completed' });

  const [importAudit] = await db.sql<{ action: string; actorUsername: string; after: unknown }[]>`
    SELECT action, actor_username, after FROM audit_log WHERE target_type = 'contact_import' AND target_id = ${String(importId)} ORDER BY id`;
  t.match(importAudit, { action: 'contact.import', actorUsername: 'eddie.editor', after: { importedRows: 2, skippedRows: 6, totalRows: 8 } });

  const undo = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/imports/${importId}/undo` });
  t.equal(undo.statusCode, 200, undo.body);
  t.strictSame(undo.json(), { recordsAffected: 2 });
  t.equal(await count(db.sql, 'medical_contacts'), contactsBefore, 'exactly the imported contacts are gone');
  t.ok((await db.sql`SELECT 1 FROM medical_contacts WHERE id = ${existing.id}`).length === 1, 'the existing contact stays');
  const after = await call(editor.token, { method: 'GET', url: `/api/medical-contacts/imports/${importId}` });
  t.match(after.json(), { status: 'undone', undoneAt: clock.now().toISOString(), importedRows: 2 });

  const again = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/imports/${importId}/undo` });
  t.equal(again.statusCode, 409);
  t.strictSame(again.json(), { error: 'Conflict', message: 'This import has already been undone' });
  const undoAudit = await db.sql`SELECT 1 FROM audit_log WHERE action = 'contact.import-undo' AND target_id = ${String(importId)}`;
  t.equal(undoAudit.length, 1, 'the undo is in the audit log once');

  const unknown = await call(editor.token, { method: 'POST', url: '/api/medical-contacts/imports/999999/undo' });
  t.equal(unknown.statusCode, 404);
  const notNumeric = await call(editor.token, { method: 'GET', url: '/api/medical-contacts/imports/latest' });
  t.equal(notNumeric.statusCode, 400);
});

t.test('skipDuplicates: false imports the duplicates too, still not the bad rows', async (t) => {
  const started = await call(editor.token, importRequest('import', MIXED_CSV, { skipDuplicates: false }));
  t.equal(started.statusCode, 202);
  const done = (await waitForImport(harness, editor.token, started.json().importId)).at(-1)!;
  t.match(done, { status: 'completed', importedRows: 4, skippedRows: 4, fileName: null });
  const undo = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/imports/${done.id}/undo` });
  t.strictSame(undo.json(), { recordsAffected: 4 });
});

t.test('a start repeated with its Idempotency-Key (its answer was lost) finds the first import and imports nothing more', async (t) => {
  const before = await count(db.sql, 'medical_contacts');
  const importsBefore = await count(db.sql, 'contact_imports');
  const start = () =>
    call(editor.token, { ...importRequest('import', MIXED_CSV, { skipDuplicates: false }), headers: { 'content-type': 'text/csv', 'idempotency-key': 'import-once' } });
  const [first, again] = await Promise.all([start(), start()]);
  t.same([first.statusCode, again.statusCode], [202, 202]);
  t.equal(again.json().importId, first.json().importId, 'the same import');
  const done = (await waitForImport(harness, editor.token, first.json().importId)).at(-1)!;
  t.match(done, { status: 'completed', importedRows: 4 });
  const repeated = await start();
  t.equal(repeated.json().importId, first.json().importId, 'and again once it has finished');
  t.equal(await count(db.sql, 'medical_contacts'), before + 4, 'its four rows, once');
  t.equal(await count(db.sql, 'contact_imports'), importsBefore + 1, 'one import recorded');
  await call(editor.token, { method: 'POST', url: `/api/medical-contacts/imports/${done.id}/undo` });
});

/** Every field set, some to awkward values (commas, quotes, line breaks, no coordinates). */
function richContacts(now: Date): NewMedicalContact[] {
  const base: NewMedicalContact = {
    name: 'Dr Anne, "The Heart" Martin',
    phone: '+33 1 40 00 00 01',
    specialty: 'Cardiology',
    city: 'Paris',
    region: 'Île-de-France',
    country: 'FR',
    latitude: 48.856614,
    longitude: 2.3522219,
    contactMethod: 'telegram',
    telegramUsername: '@anne_heart',
    startMessage: '=HYPERLINK("http://example.org","Bonjour")',
    specialInstructions: 'Ring twice,\nthen wait',
    passwordRequired: true,
    isWhatsappOnly: false,
    availableHours: 'Mo-Fr 09:00-17:00',
    responseTime: 'Within 1 hour',
    languages: ['fr', 'en'],
    rating: 4.5,
    verified: true,
    verifiedAt: new Date(now.getTime() - 200 * 86_400_000),
    verifiedBy: null,
    isActive: true,
    isMasterOfMedicine: true,
    comments: 'Line one\r\nLine two, with a comma and a "quote"',
    createdAt: now,
    updatedAt: now,
  };
  return [
    base,
    { ...base, name: 'Dr Bruno Leclerc', phone: '+33 4 72 00 00 02', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', latitude: null, longitude: null,
      contactMethod: 'whatsapp', telegramUsername: null, startMessage: null, specialInstructions: null, passwordRequired: false, isWhatsappOnly: true,
      languages: ['fr'], rating: 0, verified: false, verifiedAt: null, isActive: false, isMasterOfMedicine: false, comments: null, specialty: '' },
    { ...base, name: 'Dr Chloé Dubois', phone: '+33 5 61 00 00 03', city: 'Toulouse', region: 'Occitanie', contactMethod: 'phone', telegramUsername: null,
      verifiedAt: new Date(now.getTime() - 5 * 86_400_000), languages: ['fr', 'es', 'ca'], rating: 3, comments: 'Short note' },
    { ...base, name: 'Dr Outside Filter', phone: '+49 30 000003', city: 'Berlin', region: 'Berlin', country: 'DE' },
  ];
}

const exportOf = async (sql: Sql, filter: ContactFilter, now: Date) => {
  const contacts: MedicalContact[] = [];
  for await (const contact of contactsForExport(sql, filter, now)) contacts.push(contact);
  return contacts;
};
/**
 * What a round trip keeps: everything but identity, timestamps of the rows and who verified. The import
 * records each row's verification as its own: when it was and what it found are kept, not how or by whom.
 */
const comparable = ({ id: _id, createdAt: _c, updatedAt: _u, verifiedBy: _v, lastVerification, ...rest }: MedicalContact) => ({
  ...rest,
  lastVerification: lastVerification && { at: lastVerification.at, outcome: lastVerification.outcome },
});

t.test('export round trip: a filtered export imports into a fresh database field by field', async (t) => {
  const rich = richContacts(clock.now());
  const richIds = await insertMedicalContacts(db.sql, rich);
  // Their verifications as history, as every verification now is.
  for (const [index, contact] of rich.entries()) {
    if (!contact.verifiedAt) continue;
    const verification = { verifiedBy: null, verifiedByTelegramId: null, method: 'phone_call', outcome: 'confirmed', corrections: {}, note: null } as const;
    await recordVerification(db.sql, { ...verification, contactId: richIds[index]!, at: contact.verifiedAt });
  }
  // As the product does at start and before the list counts them: the phones in E.164.
  await readContactPhones(db.sql);
  const response = await call(viewer.token, { method: 'GET', url: '/api/medical-contacts/export?country=France&search=dr' });
  t.equal(response.statusCode, 200, response.body);
  t.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
  t.equal(response.headers['content-disposition'], 'attachment; filename="medical-contacts-2026-11-21.csv"');
  const csv = response.body;
  t.match(csv, '"Dr Anne, ""The Heart"" Martin"', 'commas and quotes are quoted');
  t.match(csv, '"Line one\r\nLine two, with a comma and a ""quote"""', 'line breaks stay inside one quoted cell');
  t.match(csv, `"'=HYPERLINK(""http://example.org"",""Bonjour"")"`, 'a formula is shown by a spreadsheet, not run');
  t.match(csv, "'+33 1 40 00 00 01", 'so is a phone number a spreadsheet would read as a sum');
  const [header, ...records] = parse(csv) as string[][];
  t.strictSame(header, [
    'ID', 'Name', 'Phone', 'Specialty', 'City', 'Region', 'Country', 'Latitude', 'Longitude', 'Contact method', 'Telegram username',
    'Start message', 'Special instructions', 'Password required', 'WhatsApp only', 'Available hours', 'Response time', 'Languages', 'Rating',
    'Verified', 'Verified at', 'Active', 'Master of Medicine', 'Comments', 'Verified by', 'Due for reverification',
    'Last verified at', 'Last verification method', 'Last verification outcome', 'Last verified by', 'Findable', 'Created at', 'Updated at',
  ]);
  const expected = await exportOf(db.sql, { country: 'FR', search: 'dr' }, clock.now());
  t.equal(expected.length, 3, 'the three French contacts (the imports above were undone)');
  t.equal(records.length, expected.length, 'every matching contact, none other');
  t.notOk(csv.includes('Berlin'), 'contacts outside the filter are left out');
  const [audited] = await db.sql<{ actorUsername: string; after: unknown }[]>`
    SELECT actor_username, after FROM audit_log WHERE action = 'contact.export' ORDER BY id DESC LIMIT 1`;
  t.match(audited, { actorUsername: viewer.username, after: { filter: { country: 'FR', search: 'dr' } } }, 'audited, with its filter (the country by its code), like every export');

  const fresh = await createTestApp(t);
  const freshEditor = await fresh.userWithToken('editor');
  const preview = await fresh.call(freshEditor.token, importRequest('preview', csv));
  t.match(preview.json(), { totalRows: expected.length, validRows: expected.length, errorRows: 0, duplicateRows: 0 });
  t.strictSame(
    Object.entries(preview.json().mapping).filter(([, field]) => field === null).map(([header]) => header),
    ['ID', 'Verified by', 'Due for reverification', 'Last verified at', 'Last verification method', 'Last verification outcome', 'Last verified by', 'Findable', 'Created at', 'Updated at'],
    'every other column maps back to its field',
  );
  const started = await fresh.call(freshEditor.token, importRequest('import', csv, { fileName: 'export.csv' }));
  const done = (await waitForImport(fresh, freshEditor.token, started.json().importId)).at(-1)!;
  t.match(done, { status: 'completed', importedRows: expected.length, skippedRows: 0 });
  const roundTripped = await exportOf(fresh.db.sql, {}, clock.now());
  t.strictSame(roundTripped.map(comparable), expected.map(comparable), 'the contacts match field by field');
});

t.test('imported contacts without coordinates get them from the gazetteer when the place is clear', async (t) => {
  await insertCities(db.sql, await gazetteerRows(LARGE_CITIES));
  const csv = [
    'Name,Phone,City,Region,Country,Latitude,Longitude',
    'Dr Lyon,+33 4 72 00 00 11,Lyon,Auvergne-Rhône-Alpes,France,,',
    'Dr Lyon Too,+33 4 72 00 00 12,Lyon,Auvergne-Rhône-Alpes,France,,',
    'Dr Smallville,+33 4 72 00 00 13,Smallville,Nowhere,France,,',
    'Dr Typed,+33 4 72 00 00 14,Lyon,Auvergne-Rhône-Alpes,France,45.7640,4.8357',
  ].join('\n');
  const started = await call(editor.token, importRequest('import', csv));
  const done = (await waitForImport(harness, editor.token, started.json().importId)).at(-1)!;
  t.match(done, { status: 'completed', importedRows: 4 });
  const rows = await db.sql<{ name: string; latitude: number | null; longitude: number | null; locationApproximate: boolean }[]>`
    SELECT name, latitude, longitude, location_approximate FROM medical_contacts WHERE import_id = ${done.id} ORDER BY name`;
  const at = Object.fromEntries(rows.map((row) => [row.name, row]));
  for (const name of ['Dr Lyon', 'Dr Lyon Too']) {
    t.ok(Math.abs(at[name]!.latitude! - 45.76) < 0.1 && Math.abs(at[name]!.longitude! - 4.84) < 0.1, `${name} is placed in Lyon`);
    t.equal(at[name]!.locationApproximate, true, `${name} is placed approximately, at its centre`);
  }
  t.match(at['Dr Smallville'], { latitude: null, longitude: null, locationApproximate: false }, 'an unknown place stays without coordinates');
  t.match(at['Dr Typed'], { latitude: 45.764, longitude: 4.8357, locationApproximate: false }, 'coordinates in the file are kept, as exact');
});

t.test("phones that are no number of their country, and coordinates outside it, refuse their rows; the dry run lists them", async (t) => {
  await insertCities(db.sql, await gazetteerRows(LARGE_CITIES));
  const csv = [
    'Name,Phone,City,Region,Country,Latitude,Longitude',
    'Dr Kinder,030 1234567,Berlin,Berlin,Deutschland,,',
    'Dr Short,030 12,Berlin,Berlin,Germany,,',
    'Dr Nowhere,030 7654321,Berlin,Berlin,Antarctica,,',
    'Dr Swapped,+49 30 7654322,Berlin,Berlin,DE,13.405,52.52',
  ].join('\n');
  const preview = await call(editor.token, importRequest('preview', csv));
  t.match(preview.json(), { totalRows: 4, validRows: 1, errorRows: 3 });
  t.strictSame(preview.json().rows, [
    { line: 3, status: 'error', errors: [{ field: 'phone', message: 'Phone "030 12" is too short for Germany.' }] },
    {
      line: 4,
      status: 'error',
      errors: [{ field: 'phone', message: 'Phone "030 7654321" has no country code, and the country Antarctica has no numbering plan the directory knows: write it with + and the country code, such as +44 20 7946 0958.' }],
    },
    { line: 5, status: 'error', errors: [{ field: 'location', message: 'The coordinates 13.405, 52.52 lie outside Germany. Check them: latitude first, then longitude.' }] },
  ]);
  const started = await call(editor.token, importRequest('import', csv));
  const done = (await waitForImport(harness, editor.token, started.json().importId)).at(-1)!;
  t.match(done, { status: 'completed', importedRows: 1, skippedRows: 3 });
  const rows = await db.sql<{ name: string; phone: string }[]>`SELECT name, phone FROM medical_contacts WHERE import_id = ${done.id}`;
  t.strictSame(rows.map((row) => ({ ...row })), [{ name: 'Dr Kinder', phone: '+49301234567' }], 'the good row, its phone in E.164');
});
