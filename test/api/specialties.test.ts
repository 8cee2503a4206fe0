import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { importRequest } from '../helpers/imports.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { until } from '../helpers/wait.js';
import type { ContactFilterOptions, MedicalContact } from '../../api/contract/medical-contacts.js';
import type { ContactImport, ImportPreviewResponse } from '../../api/contract/contact-import.js';
import type { Specialty, SpecialtyList } from '../../api/contract/specialties.js';

const harness = await createTestApp(t);
const { db, call } = harness;
const admin = await harness.userWithToken('admin', { username: 'ada.admin' });
const editor = await harness.userWithToken('editor', { username: 'eddie.editor' });
const viewer = await harness.userWithToken('viewer', { username: 'vera.viewer' });

const A_CONTACT = { phone: '+49 30 1234567', city: 'Berlin', region: 'Berlin', country: 'DE' };
let sequence = 0;
const createContact = (specialty: string) => {
  sequence++;
  return call(editor.token, {
    method: 'POST',
    url: '/api/medical-contacts',
    payload: { ...A_CONTACT, name: `Praxis ${sequence}`, phone: `+49 30 1234 ${String(sequence).padStart(3, '0')}`, specialty },
  });
};
/** An answer as its status and body, to match both. */
const answer = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
  const { statusCode, json } = await response;
  return { statusCode, ...(json() as object) };
};
const specialties = async () => (await call(viewer.token, { method: 'GET', url: '/api/specialties' })).json<SpecialtyList>().items;

t.test('every role reads the taxonomy: the known specialties, with their names in the bot\'s languages', async (t) => {
  const items = await specialties();
  t.equal(items.length, 15);
  t.match(items.find((item) => item.name === 'Pediatrics'), {
    id: null,
    builtIn: true,
    contacts: 0,
    names: { en: 'Pediatrics', de: 'Kinderheilkunde', uk: 'Педіатрія', fr: 'Pédiatrie' },
  });
});

t.test('a contact\'s specialty answers to its synonyms in any language, and an unknown one is refused with the nearest', async (t) => {
  const german = await createContact('Kinderarzt');
  t.equal(german.statusCode, 201, german.body);
  t.equal(german.json<MedicalContact>().specialty, 'Pediatrics', 'stored as the specialty, not as typed');
  t.equal((await createContact('педіатр')).json<MedicalContact>().specialty, 'Pediatrics');

  const typo = await createContact('Kinderarzd');
  t.equal(typo.statusCode, 400);
  t.match(typo.json(), { field: 'specialty', message: 'Unknown specialty "Kinderarzd". Did you mean: Pediatrics?', fields: { specialty: 'Unknown specialty "Kinderarzd". Did you mean: Pediatrics?' } });
  t.equal((await createContact('Schlafmedizin')).json<{ message: string }>().message,
    'Unknown specialty "Schlafmedizin". Choose one from the list; an admin can add a specialty in Settings → Specialties.');

  const id = german.json<MedicalContact>().id;
  const patch = (payload: object) => call(editor.token, { method: 'PATCH', url: `/api/medical-contacts/${id}`, payload });
  t.match(await answer(patch({ specialty: 'Oncology' })), { statusCode: 400, field: 'specialty' });
  t.equal((await patch({ specialty: 'zahnarzt' })).json<MedicalContact>().specialty, 'Dentistry');
  t.equal((await patch({ specialty: 'Pediatrics' })).json<MedicalContact>().specialty, 'Pediatrics');

  const bulk = (specialty: string) => call(editor.token, { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { ids: [id], updates: { specialty } } });
  t.match(await answer(bulk('Cardiolgy')), { statusCode: 400, field: 'specialty', message: 'Unknown specialty "Cardiolgy". Did you mean: Cardiology?' });
  t.strictSame((await bulk('Kardiologie')).json(), { recordsAffected: 1 });
  const [row] = await db.sql<{ specialty: string }[]>`SELECT specialty FROM medical_contacts WHERE id = ${id}`;
  t.equal(row!.specialty, 'Cardiology');
});

t.test('admins add, rename and delete specialties, audited; names another specialty has are refused', async (t) => {
  const add = (token: string, names: object) => call(token, { method: 'POST', url: '/api/specialties', payload: { names } });
  t.equal((await add(editor.token, { en: 'Sleep Medicine' })).statusCode, 403, 'editors pick from the taxonomy, admins keep it');

  const taken = await add(admin.token, { en: 'Child Medicine', de: 'Kinderarzt' });
  t.equal(taken.statusCode, 409);
  t.match(taken.json(), { field: 'names.de', message: '"Kinderarzt" already names Pediatrics. Choose another name, or use Pediatrics.' });
  t.match(await answer(add(admin.token, { de: 'Schlafmedizin' })), {
    statusCode: 400,
    message: 'The English name is required: it is the name the directory stores. Enter it.',
    field: 'names.en',
  });

  const created = await add(admin.token, { en: 'Sleep Medicine', de: 'Schlafmedizin', uk: 'Сомнологія', fr: '' });
  t.equal(created.statusCode, 201, created.body);
  const sleep = created.json<Specialty>();
  t.match(sleep, { name: 'Sleep Medicine', names: { en: 'Sleep Medicine', de: 'Schlafmedizin', uk: 'Сомнологія' }, builtIn: false, contacts: 0 });
  t.notOk('fr' in sleep.names, 'an empty name is left out');
  t.match(await answer(add(admin.token, { en: 'sleep medicine' })), { statusCode: 409, field: 'names.en' });

  const contact = await createContact('Schlafmedizin');
  t.equal(contact.json<MedicalContact>().specialty, 'Sleep Medicine', 'a staff-added specialty answers to its names too');
  t.match((await specialties()).at(-1), { id: sleep.id, name: 'Sleep Medicine', contacts: 1 });

  const renamed = await call(admin.token, {
    method: 'PATCH',
    url: `/api/specialties/${sleep.id}`,
    payload: { names: { en: 'Sleep Disorders', de: 'Schlafmedizin' } },
  });
  t.equal(renamed.statusCode, 200, renamed.body);
  t.match(renamed.json(), { name: 'Sleep Disorders', names: { en: 'Sleep Disorders', de: 'Schlafmedizin' }, contacts: 1 });
  const [moved] = await db.sql<{ specialty: string }[]>`SELECT specialty FROM medical_contacts WHERE id = ${contact.json<MedicalContact>().id}`;
  t.equal(moved!.specialty, 'Sleep Disorders', 'its contacts are renamed with it');

  const refused = await call(admin.token, { method: 'DELETE', url: `/api/specialties/${sleep.id}` });
  t.equal(refused.statusCode, 409);
  t.equal(refused.json<{ message: string }>().message,
    'Sleep Disorders is the specialty of 1 contact. Give it another specialty first (Medical Contacts, filtered by Sleep Disorders, then Bulk Edit), then delete it.');
  await call(editor.token, { method: 'PATCH', url: `/api/medical-contacts/${contact.json<MedicalContact>().id}`, payload: { specialty: 'Neurology' } });
  t.strictSame((await call(admin.token, { method: 'DELETE', url: `/api/specialties/${sleep.id}` })).json(), { success: true });
  t.equal((await specialties()).length, 15);
  t.equal((await createContact('Schlafmedizin')).statusCode, 400, 'gone from the taxonomy');

  const audited = await db.sql<{ action: string; actorUsername: string }[]>`
    SELECT action, actor_username FROM audit_log WHERE target_type = 'specialty' ORDER BY id`;
  t.strictSame(audited.map((entry) => [entry.action, entry.actorUsername]), [
    ['specialty.create', 'ada.admin'],
    ['specialty.update', 'ada.admin'],
    ['specialty.delete', 'ada.admin'],
  ]);
});

t.test('contacts whose specialty is outside the taxonomy are listed for staff, with how many have each', async (t) => {
  await aContact(db.sql, { name: 'Old import one', specialty: 'Allergologie' });
  await aContact(db.sql, { name: 'Old import two', specialty: 'Allergologie' });
  await aContact(db.sql, { name: 'Old typo', specialty: 'Dermatolgy' });
  const options = (await call(viewer.token, { method: 'GET', url: '/api/medical-contacts/filter-options' })).json<ContactFilterOptions>();
  t.strictSame(options.unlistedSpecialties, [{ specialty: 'Allergologie', contacts: 2 }, { specialty: 'Dermatolgy', contacts: 1 }]);
});

t.test('the CSV import takes a specialty by any of its names, and refuses an unknown one with its reason in the dry run', async (t) => {
  const csv = [
    'Name,Phone,Specialty,City,Region,Country',
    'Praxis Kinder,+49 30 5550 001,Kinderarzt,Berlin,Berlin,Germany',
    'Praxis Tippfehler,+49 30 5550 002,Kinderarzd,Berlin,Berlin,Germany',
    'Клініка,+49 30 5550 003,педіатр,Berlin,Berlin,Germany',
    'Praxis Ohne,+49 30 5550 004,,Berlin,Berlin,Germany',
  ].join('\n');
  const preview = await call(editor.token, importRequest('preview', csv));
  t.equal(preview.statusCode, 200, preview.body);
  t.match(preview.json<ImportPreviewResponse>(), {
    totalRows: 4,
    validRows: 3,
    errorRows: 1,
    rows: [{ line: 3, status: 'error', errors: [{ field: 'specialty', message: 'Unknown specialty "Kinderarzd". Did you mean: Pediatrics?' }] }],
  });

  const started = await call(editor.token, importRequest('import', csv));
  const { importId } = started.json<{ importId: number }>();
  let done: ContactImport | undefined;
  await until(async () => {
    done = (await call(editor.token, { method: 'GET', url: `/api/medical-contacts/imports/${importId}` })).json<ContactImport>();
    return done.status !== 'running';
  }, 'the import to finish', 30_000);
  t.match(done, { status: 'completed', importedRows: 3, skippedRows: 1 });
  const rows = await db.sql<{ name: string; specialty: string }[]>`
    SELECT name, specialty FROM medical_contacts WHERE name IN ('Praxis Kinder', 'Клініка', 'Praxis Ohne', 'Praxis Tippfehler') ORDER BY phone`;
  t.strictSame(rows.map((row) => [row.name, row.specialty]), [['Praxis Kinder', 'Pediatrics'], ['Клініка', 'Pediatrics'], ['Praxis Ohne', '']]);
});
