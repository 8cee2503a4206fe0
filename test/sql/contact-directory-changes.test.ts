import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { waitForImport, importRequest } from '../helpers/imports.js';
import { until } from '../helpers/wait.js';
import { contactDirectoryVersion } from '../../sql/medical-contacts.js';
import { deleteDirectoryChangesBefore, directoryChangesSince, forEachFindableContactPage, loadFindableContacts } from '../../sql/contact-directory.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';

const app = await createTestApp(t);
const { call, db } = app;
const { sql } = db;
const editor = await app.userWithToken('editor');

let phones = 0;
async function aContact(changes: Record<string, unknown> = {}): Promise<MedicalContact> {
  phones += 1;
  const payload = { name: `Dr Change ${phones}`, phone: `+33 4 72 00 ${String(phones).padStart(2, '0')} 00`, city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', latitude: 45.764, longitude: 4.8357, ...changes };
  const response = await call(editor.token, { method: 'POST', url: '/api/medical-contacts', payload });
  if (response.statusCode !== 201) throw new Error(`POST /api/medical-contacts: ${response.statusCode} ${response.body}`);
  return response.json() as MedicalContact;
}

/** What the directory's change log says `action` changed, and how many versions it took. */
async function changesOf(action: () => Promise<unknown>) {
  const since = await contactDirectoryVersion(sql);
  await action();
  const changes = await directoryChangesSince(sql, since);
  return { ...changes, versions: changes.version - since };
}

const byId = (a: number, b: number) => a - b;

t.test('a contact created and edited through the API is a change of that contact alone', async (t) => {
  const other = await aContact();
  let created: MedicalContact | undefined;
  const creation = await changesOf(async () => (created = await aContact({ name: 'Dr New' })));
  t.strictSame({ changedIds: creation.changedIds, full: creation.full, versions: creation.versions }, { changedIds: [created!.id], full: false, versions: 1 });

  const edit = await changesOf(() => call(editor.token, { method: 'PATCH', url: `/api/medical-contacts/${created!.id}`, payload: { name: 'Dr Renamed' } }));
  t.strictSame(edit.changedIds, [created!.id], 'only the edited contact');
  t.notOk(edit.full);
  const [reloaded] = await loadFindableContacts(sql, edit.changedIds);
  t.equal(reloaded?.name, 'Dr Renamed', 'read by id with the edit');
  t.notOk(edit.changedIds.includes(other.id));
});

t.test('an import is a change of exactly the contacts it added', async (t) => {
  const csv = [
    'Name,Phone,Specialty,City,Region,Country,Latitude,Longitude,Contact method,Available hours,Languages,Verified,Active',
    'Dr Imported 1,+49 30 1111111,Cardiology,Berlin,Berlin,Germany,52.52,13.405,phone,9-17,English,yes,yes',
    'Dr Imported 2,+49 30 2222222,Cardiology,Berlin,Berlin,Germany,52.53,13.405,phone,9-17,English,no,yes',
    'Dr Imported 3,+49 30 3333333,Cardiology,Berlin,Berlin,Germany,52.54,13.405,phone,9-17,English,no,no',
  ].join('\n');
  let importId = 0;
  const changes = await changesOf(async () => {
    const response = await call(editor.token, importRequest('import', csv, { fileName: 'changes.csv' }));
    t.equal(response.statusCode, 202, response.body);
    importId = response.json().importId;
    await waitForImport(app, editor.token, importId);
  });
  const imported = await sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE import_id = ${importId} ORDER BY id`;
  t.equal(imported.length, 3);
  t.strictSame(changes.changedIds, imported.map(({ id }) => id), 'each imported contact once');
  t.notOk(changes.full);
  const findable = await loadFindableContacts(sql, changes.changedIds);
  t.strictSame(findable.map(({ name }) => name).sort(), ['Dr Imported 1', 'Dr Imported 2'], 'the inactive one is not findable: the lookup removes it');
});

t.test('a bulk edit is one version naming every contact it edited', async (t) => {
  const [a, b, untouched] = [await aContact(), await aContact(), await aContact()];
  const changes = await changesOf(async () => {
    const response = await call(editor.token, { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { ids: [a.id, b.id], updates: { rating: 5 } } });
    t.equal(response.statusCode, 200, response.body);
  });
  t.strictSame(changes.changedIds, [a.id, b.id].sort(byId));
  t.notOk(changes.changedIds.includes(untouched!.id));
  t.notOk(changes.full);
});

t.test('SQL by hand: an UPDATE and a DELETE name their rows, one version per statement', async (t) => {
  const contacts = [await aContact({ city: 'Grenoble' }), await aContact({ city: 'Grenoble' }), await aContact({ city: 'Grenoble' })];
  const ids = contacts.map(({ id }) => id).sort(byId);
  const update = await changesOf(() => sql`UPDATE medical_contacts SET special_instructions = 'Ring twice' WHERE city = 'Grenoble'`);
  t.strictSame({ changedIds: update.changedIds, full: update.full, versions: update.versions }, { changedIds: ids, full: false, versions: 1 });

  const removed = await changesOf(() => sql`DELETE FROM medical_contacts WHERE id = ${ids[0]!}`);
  t.strictSame(removed.changedIds, [ids[0]], 'the deleted contact (and its verifications, deleted with it)');
  t.equal((await loadFindableContacts(sql, removed.changedIds)).length, 0, 'no longer findable');

  const nothing = await changesOf(() => sql`UPDATE medical_contacts SET rating = 1 WHERE false`);
  t.strictSame({ changedIds: nothing.changedIds, full: nothing.full }, { changedIds: [], full: false }, 'a statement writing no row changes no contact');
});

t.test('deactivating a contact or taking its coordinates is a change the lookup reads as a removal', async (t) => {
  const [active, placed] = [await aContact(), await aContact()];
  const deactivation = await changesOf(() => call(editor.token, { method: 'PATCH', url: `/api/medical-contacts/${active.id}`, payload: { isActive: false } }));
  t.strictSame(deactivation.changedIds, [active.id]);
  t.equal((await loadFindableContacts(sql, deactivation.changedIds)).length, 0);

  const unplaced = await changesOf(() => sql`UPDATE medical_contacts SET latitude = NULL, longitude = NULL WHERE id = ${placed.id}`);
  t.strictSame(unplaced.changedIds, [placed.id]);
  t.equal((await loadFindableContacts(sql, unplaced.changedIds)).length, 0);
});

t.test('a verification is a change of its contact, through the API or by hand', async (t) => {
  const contact = await aContact();
  const verified = await changesOf(async () => {
    const response = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/${contact.id}/verifications`, payload: { outcome: 'confirmed', method: 'website' } });
    t.equal(response.statusCode, 201, response.body);
  });
  t.strictSame(verified.changedIds, [contact.id], 'once, though the verification and the contact are both written');
  const [checked] = await loadFindableContacts(sql, verified.changedIds);
  t.equal(checked?.checkedBy, 1, 'read with who checked it: staff');

  // A later verification that did not confirm it: who confirmed it is now read from the history.
  app.clock.advance(60_000);
  t.equal((await call(editor.token, { method: 'POST', url: `/api/medical-contacts/${contact.id}/verifications`, payload: { outcome: 'unreachable', method: 'phone_call' } })).statusCode, 201);
  const byHand = await changesOf(() => sql`UPDATE contact_verifications SET method = 'self_confirmed' WHERE contact_id = ${contact.id} AND outcome = 'confirmed'`);
  t.strictSame(byHand.changedIds, [contact.id], 'who checked it is read from its verifications (checkedBySql)');
  const [selfChecked] = await loadFindableContacts(sql, byHand.changedIds);
  t.equal(selfChecked?.checkedBy, 2, 'now the contact itself');
});

t.test('a taxonomy change reads everything again', async (t) => {
  const changes = await changesOf(() => sql`INSERT INTO specialties (name) VALUES ('Sleep Medicine')`);
  t.strictSame({ changedIds: changes.changedIds, full: changes.full }, { changedIds: [], full: true });
});

t.test('versions behind the trimmed log, or never reached, read everything again', async (t) => {
  const contact = await aContact();
  const since = await contactDirectoryVersion(sql);
  await sql`UPDATE medical_contacts SET rating = 2 WHERE id = ${contact.id}`;
  const version = await contactDirectoryVersion(sql);
  t.strictSame(await directoryChangesSince(sql, since), { version, changedIds: [contact.id], full: false });

  const [newest] = await sql<{ at: Date }[]>`SELECT max(changed_at) AS at FROM contact_directory_changes`;
  t.ok((await deleteDirectoryChangesBefore(sql, new Date(newest!.at.getTime() + 1))) > 0, 'trimmed');
  t.strictSame(await directoryChangesSince(sql, since), { version, changedIds: [], full: true }, 'an instance behind the log reloads');
  t.strictSame(await directoryChangesSince(sql, version), { version, changedIds: [], full: false }, 'an instance up to date has nothing to read');
  t.strictSame(await directoryChangesSince(sql, version + 5), { version, changedIds: [], full: true }, 'a version the database never reached');
});

t.test('more changed contacts than the reader would read one by one read everything again', async (t) => {
  const [x, y] = [await aContact(), await aContact()];
  const since = await contactDirectoryVersion(sql);
  await sql`UPDATE medical_contacts SET rating = 1 WHERE id IN ${sql([x.id, y.id])}`;
  await sql`UPDATE medical_contacts SET rating = 2 WHERE id = ${x.id}`;
  const version = await contactDirectoryVersion(sql);
  t.strictSame(await directoryChangesSince(sql, since, 2), { version, changedIds: [x.id, y.id].sort(byId), full: false }, 'two contacts, each once');
  t.strictSame(await directoryChangesSince(sql, since, 1), { version, changedIds: [], full: true }, 'more than one');
});

t.test('version order is commit order: a second writer waits at the counter until the first commits', { skip: db.url ? false : 'PGlite: one session, so writers never overlap' }, async (t) => {
  const [x, y] = [await aContact(), await aContact()];
  const since = await contactDirectoryVersion(sql);
  let updated!: () => void;
  let release!: () => void;
  const firstUpdated = new Promise<void>((resolve) => (updated = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  const first = sql.begin(async (tx) => {
    await tx`UPDATE medical_contacts SET rating = 3 WHERE id = ${x.id}`;
    updated();
    await held;
  });
  await firstUpdated;
  const second = sql`UPDATE medical_contacts SET rating = 4 WHERE id = ${y.id}`.execute();
  await until(async () => (await sql`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%rating = 4%'`).length > 0, 'the second writer to wait for a lock');
  t.strictSame(await directoryChangesSince(sql, since), { version: since, changedIds: [], full: false }, 'nothing is seen before the first commits');
  release();
  await first;
  await second;
  const logged = await sql<{ version: number; contactIds: number[] }[]>`SELECT version, contact_ids FROM contact_directory_changes WHERE version > ${since} ORDER BY version`;
  t.strictSame(logged.map((row) => ({ ...row })), [{ version: since + 1, contactIds: [x.id] }, { version: since + 2, contactIds: [y.id] }], 'the first to commit has the lower version');
});

t.test('TRUNCATE reads everything again', async (t) => {
  const changes = await changesOf(() => sql`TRUNCATE medical_contacts CASCADE`);
  t.strictSame({ changedIds: changes.changedIds, full: changes.full }, { changedIds: [], full: true });
});

t.test('the whole directory is read a page at a time, in the order of the ids, each findable contact once', async (t) => {
  for (let count = 0; count < 5; count += 1) await aContact();
  await aContact({ isActive: false });
  const findable = await sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE is_active AND latitude IS NOT NULL ORDER BY id`;
  const pages: number[][] = [];
  await forEachFindableContactPage(sql, (page) => pages.push(page.map((contact) => contact.id)), 2);
  t.strictSame(pages.flat(), findable.map((row) => row.id), 'every findable contact once, by id');
  t.strictSame(pages.map((page) => page.length), [...Array(Math.floor(findable.length / 2)).fill(2), ...(findable.length % 2 ? [1] : [])], 'pages of two');
});
