import t from 'tap';
import type { Page } from 'playwright-core';
import { CONTACT_FILTER_VALUE_MAX_LENGTH, CONTACT_SEARCH_MAX_LENGTH, type CreateContact } from '../../api/contract/medical-contacts.js';
import { DATABASE_UNAVAILABLE } from '../../api/plugins/database-deadline.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { isCut, layoutProblems, lineCount } from '../helpers/layout.js';
import { apiAs, fieldProblem, refusalOf, requestsTo } from '../helpers/refused-filter.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const EDITOR = { username: 'edna', password: 'edna-the-editor-pass', role: 'editor' as const };
const VIEWER = { username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' as const };

type ContactInput = Partial<CreateContact> & Pick<CreateContact, 'name' | 'phone' | 'city' | 'region' | 'country'>;

const AMAL: ContactInput = { name: 'Amal Haddad', phone: '+962 6 555 0101', specialty: 'Cardiology', city: 'Amman', region: 'Amman Governorate', country: 'JO', latitude: 31.95, longitude: 35.93 };
const BRUNO: ContactInput = { name: 'Bruno Costa', phone: '+351 21 555 0102', specialty: 'Pediatrics', city: 'Lisbon', region: 'Lisbon District', country: 'PT', latitude: 38.72, longitude: -9.14 };
const CHEN: ContactInput = { name: 'Chen Wei', phone: '+86 21 5555 0103', specialty: 'Dermatology', city: 'Shanghai', region: 'Shanghai', country: 'CN', latitude: 31.23, longitude: 121.47 };

/** Adds contacts through the API as the given staff member, as the screen would. */
async function seedContacts(server: TestServer, user: { username: string; password: string }, contacts: ContactInput[]): Promise<void> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: user.username, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  for (const contact of contacts) {
    const response = await fetch(`${server.url}/api/medical-contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(contact),
    });
    if (response.status !== 201) throw new Error(`seeding ${contact.name} answered ${response.status}: ${await response.text()}`);
  }
}

interface ContactRow {
  name: string;
  specialty: string;
  contactMethod: string;
  telegramUsername: string | null;
  languages: string[];
  rating: string;
  comments: string | null;
  verified: boolean;
  isActive: boolean;
}

async function contactRow(server: TestServer, name: string): Promise<ContactRow | undefined> {
  const [row] = await server.sql<ContactRow[]>`
    select name, specialty, contact_method, telegram_username, languages, rating::text, comments, verified, is_active
    from medical_contacts where name = ${name}`;
  return row;
}

function row(page: Page, name: string) {
  return page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name });
}

t.test('an editor keeps the directory from the Medical Contacts screen', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await seedContacts(server, EDITOR, [AMAL, BRUNO, CHEN]);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  await page.getByRole('heading', { name: 'Medical Contacts Database', level: 1 }).waitFor();
  await row(page, AMAL.name).waitFor();

  await t.test('shows the stats cards and the count line', async (t) => {
    const total = page.locator('dt', { hasText: 'Total Contacts' }).locator('xpath=following-sibling::dd[1]');
    t.equal((await total.innerText()).trim(), '3', 'Total Contacts counts the directory');
    await page.getByText(/Showing 3 of 3 · 3 countries · 3 regions · 3 specialties/).waitFor();
  });

  await t.test('adds a contact with what was typed, then finds it by search', async (t) => {
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medical Contact' });
    await dialog.getByLabel('Name *').fill('Zainab Okafor');
    await dialog.getByLabel('Phone *').fill('ask at reception');
    await dialog.getByLabel('Specialty').fill('Neurology');
    await dialog.getByLabel('Contact Method').selectOption('telegram');
    await dialog.getByLabel('Telegram Username *').fill('dr_zainab');
    await dialog.getByLabel('City *').fill('Lagos');
    await dialog.getByLabel('Region *').fill('Lagos State');
    await dialog.getByLabel('Country *').fill('Nigeria');
    await page.getByRole('option', { name: /^Nigeria/ }).click();
    await dialog.getByLabel('Latitude').fill('6.45');
    await dialog.getByLabel('Longitude').fill('3.39');
    await dialog.getByLabel('Available Hours').fill('Mon-Fri 9-17');
    for (const language of ['English', 'Yoruba']) {
      await dialog.getByLabel('Languages').fill(language);
      await page.getByRole('option', { name: new RegExp(`^${language}`) }).click();
    }
    await dialog.getByLabel('Rating').fill('4.5');
    await dialog.getByLabel('Master of Medicine').check();
    await dialog.getByLabel('Comments').fill('Prefers messages in the morning');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Phone "ask at reception" is not a phone number: write its digits, with + and the country code, such as +44 20 7946 0958.').waitFor();
    t.equal(await contactRow(server, 'Zainab Okafor'), undefined, 'a phone without digits is refused, and nothing stored');
    await dialog.getByLabel('Phone *').fill('0803 555 0199');
    await dialog.getByText('Saved as +234 803 555 0199').waitFor();
    await dialog.getByRole('button', { name: 'Add Contact' }).click();

    await page.getByText('Medical contact added successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await contactRow(server, 'Zainab Okafor');
    t.match(
      stored,
      { specialty: 'Neurology', contactMethod: 'telegram', telegramUsername: 'dr_zainab', languages: ['en', 'yo'], rating: '4.5', comments: 'Prefers messages in the morning' },
      'the server stored what the editor typed, not the old defaults',
    );

    await page.getByLabel('Search contacts').fill('zainab');
    await page.waitForURL(/search=zainab/);
    await row(page, 'Zainab Okafor').waitFor();
    await row(page, AMAL.name).waitFor({ state: 'detached' });
    t.equal(await page.getByRole('table', { name: 'Contacts' }).getByRole('row').count(), 2, 'a header row and the one match');
    await page.getByText(/Showing 1 of 4/).waitFor();

    // The filtered view is in the address: opening it afresh shows the same result.
    await page.goto(page.url());
    await row(page, 'Zainab Okafor').waitFor();
    t.equal(await page.getByLabel('Search contacts').inputValue(), 'zainab', 'the search box reads the address');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await row(page, AMAL.name).waitFor();
  });

  await t.test('bulk-edits two contacts', async (t) => {
    await page.getByRole('button', { name: 'Bulk Edit' }).click();
    await page.getByText('Please select contacts to update').waitFor();

    await page.getByLabel(`Select ${AMAL.name}`).check();
    await page.getByLabel(`Select ${BRUNO.name}`).check();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Bulk Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Edit Contacts' });
    await dialog.getByText('Changes apply to 2 selected contacts.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Update Contacts' }).click();
    await page.getByText('Please select at least one field to update').waitFor();
    await dialog.getByLabel('Specialty').fill('Hausarzt');
    await dialog.getByLabel('Verified').selectOption('yes');
    await dialog.getByRole('button', { name: 'Update Contacts' }).click();

    await page.getByText('Bulk updated 2 contacts successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, AMAL.name).filter({ hasText: 'General Practice' }).waitFor();
    await row(page, BRUNO.name).filter({ hasText: 'General Practice' }).waitFor();
    t.match(await row(page, CHEN.name).innerText(), /Dermatology/, 'the contact not ticked keeps its specialty');
    t.match(await contactRow(server, AMAL.name), { specialty: 'General Practice', verified: true, isActive: true }, 'Amal changed in the database, the synonym stored as its specialty');
    t.match(await contactRow(server, BRUNO.name), { specialty: 'General Practice', verified: true, isActive: true }, 'Bruno changed in the database');
    t.match(await contactRow(server, CHEN.name), { specialty: 'Dermatology', verified: false }, 'Chen did not');
    await page.getByText('0 selected').waitFor();
  });

  await t.test('bulk-deletes after the confirmation of spec §5', async (t) => {
    await page.getByRole('button', { name: 'Bulk Delete' }).click();
    await page.getByText('Please select contacts to delete').waitFor();
    t.equal(await page.getByRole('alertdialog').count(), 0, 'nothing to confirm without a selection');

    await page.getByLabel(`Select ${AMAL.name}`).check();
    await page.getByLabel(`Select ${BRUNO.name}`).check();
    await page.getByRole('button', { name: 'Bulk Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete 2 contacts? This action cannot be undone.', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete 2 contacts' }).click();

    await page.getByText('Bulk deleted 2 contacts successfully').waitFor();
    await row(page, AMAL.name).waitFor({ state: 'detached' });
    await row(page, BRUNO.name).waitFor({ state: 'detached' });
    t.equal(await contactRow(server, AMAL.name), undefined, 'Amal is gone');
    t.equal(await contactRow(server, BRUNO.name), undefined, 'Bruno is gone');
    t.ok(await contactRow(server, CHEN.name), 'Chen stays');
  });

  await t.test('sorts on the server from a column header', async (t) => {
    const header = page.getByRole('columnheader', { name: 'Name' });
    t.equal(await header.getAttribute('aria-sort'), 'ascending', 'sorted by name by default');
    await header.getByRole('button').click();
    await page.waitForURL(/sort=name&order=desc|order=desc/);
    await page.getByRole('columnheader', { name: 'Name', exact: false }).and(page.locator('[aria-sort="descending"]')).waitFor();
    // The header changes at once; the rows when the server's answer arrives.
    const firstRow = page.getByRole('table', { name: 'Contacts' }).getByRole('row').nth(1);
    await firstRow.filter({ hasText: 'Zainab Okafor' }).waitFor();
    t.match(await firstRow.innerText(), /Zainab Okafor/, 'Zainab first in descending order');
  });

  await t.test('shows cards at 375 px', async (t) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page.getByRole('list', { name: 'Contacts' }).getByRole('listitem').filter({ hasText: 'Zainab Okafor' });
    await card.waitFor();
    t.equal(await page.getByRole('table', { name: 'Contacts' }).isVisible(), false, 'the table is hidden');
    t.ok(await card.getByText('Lagos, Lagos State, Nigeria').isVisible(), 'the card shows the location');
    t.ok(await card.getByRole('button', { name: 'Edit Zainab Okafor' }).isVisible(), 'the card carries the edit control');
    t.ok(await card.getByLabel('Select Zainab Okafor').isVisible(), 'and the selection box');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    t.ok(overflow <= 0, 'nothing scrolls sideways');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

t.test('a viewer sees the directory read-only', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.createUser(VIEWER);
  await seedContacts(server, EDITOR, [AMAL, CHEN]);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  await signInAs(page, server.url, VIEWER.username, VIEWER.password, '/medical-contacts');
  await row(page, AMAL.name).waitFor();
  await row(page, CHEN.name).waitFor();

  for (const name of ['Add Contact', 'Import CSV', 'Bulk Edit', 'Bulk Delete', `Edit ${AMAL.name}`, `Delete ${AMAL.name}`]) {
    t.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button`);
  }
  t.equal(await page.getByRole('checkbox').count(), 0, 'no selection boxes');
  t.equal(await page.getByRole('columnheader', { name: 'Actions' }).count(), 0, 'no actions column');
  t.ok(await page.getByRole('button', { name: 'Export CSV' }).isVisible(), 'reading includes exporting');
  await page.getByLabel('Search contacts').waitFor();

  await page.setViewportSize({ width: 375, height: 812 });
  const card = page.getByRole('list', { name: 'Contacts' }).getByRole('listitem').filter({ hasText: AMAL.name });
  await card.waitFor();
  t.equal(await card.getByRole('button').count(), 0, 'cards carry no write controls either');
});

t.test('an editor edits and deletes one contact, and bulk-edits every contact matching a filter', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const lisbon = Array.from({ length: 12 }, (_, index) => ({ ...BRUNO, name: `Lisbon Doctor ${String(index).padStart(2, '0')}`, phone: `+351 21 555 02${String(index).padStart(2, '0')}` }));
  await seedContacts(server, EDITOR, [AMAL, ...lisbon]);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Medical Contact' });
  await edit.getByRole('heading', { name: 'History' }).waitFor();
  await edit.getByLabel('Specialty').fill('Neurologe');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Medical contact updated successfully').waitFor();
  await row(page, AMAL.name).filter({ hasText: 'Neurology' }).waitFor();

  // A colleague saves the same contact while this form is open: the second save is refused, not a silent undo.
  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  await edit.getByRole('heading', { name: 'History' }).waitFor();
  await edit.getByLabel('Comments').fill('Editor: closed on Mondays');
  const colleague = await server.createUser({ username: 'colin', password: 'colin-the-colleague', role: 'editor' });
  const [stored] = await server.sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE name = ${AMAL.name}`;
  const signedIn = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'colin', password: 'colin-the-colleague' }) });
  const { token } = (await signedIn.json()) as { token: string };
  const theirs = await fetch(`${server.url}/api/medical-contacts/${stored!.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ comments: 'Colin: number changed, call before 9' }),
  });
  t.equal(theirs.status, 200, `the colleague (${colleague.id}) saves first`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('This contact was changed by colin since you opened it. Close the form and open it again to see that change, then make yours.').waitFor();
  t.equal((await contactRow(server, AMAL.name))?.comments, 'Colin: number changed, call before 9', "the colleague's change stands");
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  t.equal(await edit.getByLabel('Comments').inputValue(), 'Colin: number changed, call before 9', 'opened again, the form shows it');
  await edit.getByLabel('Comments').fill('Colin: number changed, call before 9. Editor: closed on Mondays');
  // Waits for the save's own answer: the first save's toast may still be showing, so it proves nothing.
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/medical-contacts/${stored!.id}`));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  t.equal((await saved).status(), 200, 'the second save is taken');
  await edit.waitFor({ state: 'hidden' });
  t.equal((await contactRow(server, AMAL.name))?.comments, 'Colin: number changed, call before 9. Editor: closed on Mondays', 'then both are kept');

  // A save the server cannot take: the dialog stays open all the while, and what was typed is still there to save again.
  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  await edit.getByRole('heading', { name: 'History' }).waitFor();
  await edit.getByLabel('Comments').fill('Editor: also on Saturdays');
  let answerFailure!: () => void;
  const failureHeld = new Promise<void>((resolve) => (answerFailure = resolve));
  await page.route(`**/api/medical-contacts/${stored!.id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    await failureHeld;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(DATABASE_UNAVAILABLE) });
  });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.getByRole('button', { name: 'Saving...' }).waitFor();
  t.ok(await edit.isVisible(), 'while the save is in flight, the dialog is open');
  answerFailure();
  await page.getByText('Failed to update medical contact').waitFor();
  t.ok(await edit.isVisible(), 'the failed save leaves the dialog open');
  t.equal(await edit.getByLabel('Comments').inputValue(), 'Editor: also on Saturdays', 'with the text as typed');
  await page.unroute(`**/api/medical-contacts/${stored!.id}`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.waitFor({ state: 'hidden' });
  t.equal((await contactRow(server, AMAL.name))?.comments, 'Editor: also on Saturdays', 'saved again, it is kept');

  await page.getByRole('button', { name: `Delete ${AMAL.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Are you sure you want to delete this contact?', { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Medical contact deleted successfully').waitFor();
  t.equal(await contactRow(server, AMAL.name), undefined, 'the contact is gone');

  // The filters' choices held back, as on a slow link: the list is already filtered by the address.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/medical-contacts/filter-options', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}/medical-contacts?country=Portugal&pageSize=10`);
  await row(page, 'Lisbon Doctor 00').waitFor();
  t.equal(await page.getByLabel('Country').inputValue(), 'Portugal', 'the filter comes from the address');
  // From here on, the route lets every request through.
  release();
  await page.getByLabel('Select all on this page').check();
  await page.getByRole('button', { name: 'Select all 12 matching' }).click();
  await page.getByText('All 12 matching contacts selected').waitFor();
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Edit Contacts' });
  await bulk.getByLabel('Response Time').fill('Within a day');
  await bulk.getByRole('button', { name: 'Update Contacts' }).click();
  await page.getByText('Bulk updated 12 contacts successfully').waitFor();
  const [changed] = await server.sql<{ count: number }[]>`select count(*)::int from medical_contacts where response_time = 'Within a day'`;
  t.equal(changed?.count, 12, 'every contact matching the filter changed, not only the page shown');
});

t.test('an editor verifies a contact from its edit dialog, and is told before a verification deactivates it', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await seedContacts(server, EDITOR, [AMAL]);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  const edit = page.getByRole('dialog', { name: 'Edit Medical Contact' });
  const history = async () =>
    (await server.sql<{ method: string; outcome: string }[]>`
      SELECT v.method, v.outcome FROM contact_verifications v JOIN medical_contacts c ON c.id = v.contact_id WHERE c.name = ${AMAL.name} ORDER BY v.id`).map((row) => ({ ...row }));

  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  await edit.getByText('Never verified — due for re-verification', { exact: true }).waitFor();
  t.equal(await edit.getByLabel('Verification method').count(), 0, 'no method asked before Verified is ticked');
  await edit.getByLabel('Verified', { exact: true }).check();
  t.equal(await edit.getByLabel('Verification method').inputValue(), 'phone_call', 'a phone call unless chosen');
  await edit.getByLabel('Verification method').selectOption({ label: 'In person' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.waitFor({ state: 'hidden' });
  t.same(await history(), [{ method: 'in_person', outcome: 'confirmed' }], 'the tick recorded a verification');

  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  await edit.getByText(/^Last verified .+ by edna · In person · Confirmed$/).waitFor();
  const record = edit.getByRole('region', { name: 'Record a verification' });
  await record.getByLabel('Outcome').selectOption({ label: 'Closed' });
  await record.getByText('Saving this deactivates the contact: the bot stops offering it.', { exact: true }).waitFor();
  await record.getByLabel('Outcome').selectOption({ label: 'Unreachable' });
  t.equal(await record.getByRole('alert').count(), 0, 'unreachable once deactivates nothing');
  await edit.getByLabel('Comments').fill('Typed, not saved');
  await record.getByText('Save or cancel your changes first.', { exact: true }).waitFor();
  t.ok(await record.getByRole('button', { name: 'Record verification' }).isDisabled(), 'not recorded over unsaved changes');
  await edit.getByLabel('Comments').fill('');
  await record.getByLabel('Note').fill('No answer at 10:00');
  await record.getByRole('button', { name: 'Record verification' }).click();
  await edit.waitFor({ state: 'hidden' });
  t.same(await history(), [{ method: 'in_person', outcome: 'confirmed' }, { method: 'phone_call', outcome: 'unreachable' }]);

  await page.getByRole('button', { name: `Edit ${AMAL.name}` }).click();
  await edit.getByText(/^Last verified .+ by edna · Phone call · Unreachable — due for re-verification$/).waitFor();
  await record.getByLabel('Outcome').selectOption({ label: 'Unreachable' });
  await record.getByText('Unreachable a second time in a row: saving this deactivates the contact, and the bot stops offering it.', { exact: true }).waitFor();
  await record.getByRole('button', { name: 'Record verification' }).click();
  await edit.waitFor({ state: 'hidden' });
  t.match(await contactRow(server, AMAL.name), { verified: false, isActive: false }, 'deactivated, as the form said');
});

t.test('names read on one or two lines and nothing is cut, at 1440, 1024 and 375 px', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  // The demo's longest values: a four-word name, a Telegram handle, a hyphenated region, badges that stack.
  const long: ContactInput[] = [
    { name: 'Brown Family Health Centre', phone: '+44 20 7946 0171', specialty: 'Emergency Medicine', city: 'Manchester', region: 'England', country: 'GB', contactMethod: 'telegram', telegramUsername: 'brown_family_clinic', languages: ['en', 'pl', 'ro'], isMasterOfMedicine: true },
    { name: 'Centre de santé Bernard', phone: '+33 4 72 50 05 88', specialty: 'Physiotherapy', city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' },
  ];
  await seedContacts(server, EDITOR, long);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  // An editor's table has the most columns: the selection boxes and the actions.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');

  for (const contact of long) {
    const cell = row(page, contact.name).getByRole('cell').nth(1);
    await cell.waitFor();
    t.ok((await lineCount(cell.getByText(contact.name, { exact: true }))) <= 2, `at 1440 px "${contact.name}" reads on one or two lines`);
    t.equal(await lineCount(cell.getByText(contact.phone, { exact: true })), 1, 'and its phone on one');
  }
  t.strictSame(await layoutProblems(page), [], 'the table fits its card at 1440 px: every Edit and Delete in sight');

  for (const size of [{ width: 1024, height: 900 }, { width: 375, height: 800 }]) {
    await page.setViewportSize(size);
    const cards = page.getByRole('list', { name: 'Contacts' });
    await cards.waitFor();
    // A card gives the name its whole width: one line beside the sidebar at 1024 px, at most two on a phone.
    const most = size.width >= 1024 ? 1 : 2;
    for (const contact of long) {
      t.ok((await lineCount(cards.getByText(contact.name, { exact: true }))) <= most, `at ${size.width} px the card shows "${contact.name}" on at most ${most} line(s)`);
    }
    if (size.width < 1024) {
      // The phone's header showed "Medical Contacts Datab…".
      t.notOk(await isCut(page.getByRole('banner').getByText('Medical Contacts Database', { exact: true })), 'the header shows the whole title');
    }
    // The Region select says "Pick a country" until a country is chosen: it was cut at 375 px.
    t.strictSame(await layoutProblems(page), [], `nothing is cut at ${size.width} px, the filters' texts included`);
  }
});

t.test("a filter too long for the API, in the address: its field says so in the API's words, nothing asked", async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await seedContacts(server, EDITOR, [AMAL, BRUNO]);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password);
  const get = await apiAs(server.url, EDITOR.username, EDITOR.password);
  const asked = requestsTo(page, '/api/medical-contacts');

  const long = (letter: string) => letter.repeat(CONTACT_FILTER_VALUE_MAX_LENGTH + 1);
  const cases = [
    { query: `search=${'a'.repeat(CONTACT_SEARCH_MAX_LENGTH + 1)}`, key: 'search', label: 'Search contacts', message: 'Search can be at most 200 characters. Shorten it.' },
    { query: `specialty=${long('b')}`, key: 'specialty', label: 'Specialty', message: 'Specialty can be at most 100 characters. Shorten it.' },
    { query: `country=${long('c')}`, key: 'country', label: 'Country', message: 'Country can be at most 100 characters. Shorten it.' },
    { query: `country=Jordan&region=${long('d')}`, key: 'region', label: 'Region', message: 'Region can be at most 100 characters. Shorten it.' },
    { query: `city=${long('e')}`, key: 'city', label: undefined, message: 'City can be at most 100 characters. Shorten it.' },
  ];
  for (const { query, key, label, message } of cases) {
    t.equal(await refusalOf(await get(`/api/medical-contacts?${query}`), key), message, `the API refuses that ${key} in these words`);

    asked.length = 0;
    await page.goto(`${server.url}/medical-contacts?${query}`);
    await page.getByText(message, { exact: true }).or(page.getByRole('alert')).or(page.getByText('No contacts match these filters')).first().waitFor();
    t.equal(await page.getByRole('alert').count(), 0, `${key}: no "Could not load" banner`);
    t.same(asked, [], `${key}: no request the API would refuse, for the list or the map`);
    if (label) t.same(await fieldProblem(page, label, { exact: true }), { invalid: 'true', message }, `${label} is marked wrong and says why in the API's words`);
    else t.equal(await page.getByText(message, { exact: true }).count(), 1, "the city, which has no field, says why beside it in the API's words");
    t.equal(await page.getByText('Change the filters to see the contacts that match them.', { exact: true }).count(), 1, `${key}: the list says what it waits for`);
    t.ok(await page.getByRole('button', { name: 'Export CSV' }).isDisabled(), `${key}: no export of a filter that cannot be read`);
  }

  // Clearing the filters ends it.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await row(page, AMAL.name).waitFor();
  t.equal(await page.getByText(cases[4]!.message, { exact: true }).count(), 0, 'the message goes with the long city');
});
