import t from 'tap';
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

const ADMIN = { username: 'adele', password: 'adele-the-admin-pass', role: 'admin' as const };
const EDITOR = { username: 'edgar', password: 'edgar-the-editor-pass', role: 'editor' as const };
await server.createUser(ADMIN);
await server.createUser(EDITOR);

/** Screenshots for a person to look at, under the test output (.tap is not committed). */
const SHOTS = '.tap/screenshots/specialties';
await mkdir(SHOTS, { recursive: true });

const WIDTHS = [
  { viewport: { width: 1440, height: 900 }, added: { en: 'Sleep Medicine', de: 'Schlafmedizin', uk: 'Сомнологія' }, typed: 'schlaf' },
  { viewport: { width: 375, height: 800 }, added: { en: 'Allergology', de: 'Allergologie', uk: 'Алергологія' }, typed: 'allergologie' },
];

for (const [index, { viewport, added, typed }] of WIDTHS.entries()) {
  t.test(`${viewport.width} px: an admin adds a specialty with its names, and an editor picks it in the contact form`, async (t) => {
    const adminContext = await browser.newContext({ viewport });
    t.teardown(() => adminContext.close());
    const admin = await adminContext.newPage();
    await signInAs(admin, server.url, ADMIN.username, ADMIN.password, '/settings?section=specialties');
    const section = admin.getByRole('region', { name: 'Specialties' });
    await section.getByText('Built-in specialties (15)').waitFor();

    await section.getByRole('button', { name: 'Add Specialty' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Specialty' });
    await dialog.getByLabel('English name *').fill(added.en);
    await dialog.getByLabel('German name').fill('Kinderarzt');
    await dialog.getByText('"Kinderarzt" already names Pediatrics. Choose another name, or use Pediatrics.').waitFor();
    t.ok(await dialog.getByRole('button', { name: 'Add Specialty' }).isDisabled(), 'a name another specialty has is refused as typed');
    await dialog.getByLabel('German name').fill(added.de);
    await dialog.getByLabel('Ukrainian name').fill(added.uk);
    await dialog.getByRole('button', { name: 'Add Specialty' }).click();
    await admin.getByText(`Specialty "${added.en}" added`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText(`${added.uk} (Ukrainian) · ${added.de} (German)`).waitFor();
    await section.screenshot({ path: `${SHOTS}/settings-${viewport.width}.png` });
    const [stored] = await server.sql<{ names: Record<string, string> }[]>`SELECT names FROM specialties WHERE name = ${added.en}`;
    t.strictSame(stored?.names, { de: added.de, uk: added.uk }, 'stored with its names');

    const editorContext = await browser.newContext({ viewport });
    t.teardown(() => editorContext.close());
    const page = await editorContext.newPage();
    await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Medical Contact' });
    const specialty = form.getByRole('combobox', { name: 'Specialty' });

    await specialty.fill('Kinderarzd');
    await form.getByLabel('Name *').click();
    await form.getByText('Unknown specialty "Kinderarzd". Did you mean: Pediatrics?').waitFor();
    await page.screenshot({ path: `${SHOTS}/unknown-${viewport.width}.png` });
    await form.getByRole('group', { name: 'Nearest specialties' }).getByRole('button', { name: 'Pediatrics' }).click();
    t.equal(await specialty.inputValue(), 'Pediatrics', 'the suggestion taken with one click');

    await specialty.fill('Kinderarzt');
    await form.getByText('Saved as Pediatrics.').waitFor();

    await specialty.fill(typed);
    const option = page.getByRole('option', { name: new RegExp(`^${added.en}`) });
    await option.waitFor();
    await page.screenshot({ path: `${SHOTS}/picker-${viewport.width}.png` });
    t.match(await option.innerText(), `Found by "${added.de}"`, 'found by its German name');
    await option.click();
    t.equal(await specialty.inputValue(), added.en, 'the specialty staff added, offered in the form');

    await form.getByLabel('Name *').fill(`Praxis ${index}`);
    await form.getByLabel('Phone *').fill(`+49 30 1234 56${index}`);
    await form.getByLabel('City *').fill('Berlin');
    await form.getByLabel('Region *').fill('Berlin');
    await form.getByLabel('Country *').fill('Germany');
    await page.getByRole('option', { name: /^Germany/ }).click();
    await form.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Medical contact added successfully').waitFor();
    const [contact] = await server.sql<{ specialty: string }[]>`SELECT specialty FROM medical_contacts WHERE name = ${`Praxis ${index}`}`;
    t.equal(contact?.specialty, added.en);

    // Now a contact has it: it cannot be deleted, and the screen says why and what to do.
    await admin.reload();
    await section.getByText('1 contact').first().waitFor();
    await section.getByRole('button', { name: `Delete ${added.en}` }).click();
    const refusal = admin.getByRole('alertdialog', { name: `${added.en} cannot be deleted yet` });
    await refusal.getByText(
      `${added.en} is the specialty of 1 contact. Give it another specialty first (Medical Contacts, filtered by ${added.en}, then Bulk Edit), then delete it.`,
    ).waitFor();
    t.equal(await refusal.getByRole('button', { name: 'Delete' }).count(), 0, 'no Delete button');
    await refusal.getByRole('button', { name: 'Close', exact: true }).click();
    await refusal.waitFor({ state: 'hidden' });
  });
}

t.test('Medical Contacts lists the contacts whose specialty is outside the list, each a filter', async (t) => {
  await server.sql`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country)
    VALUES ('Old One', '+49 30 555 0001', 'Homöopathie', 'Berlin', 'Berlin', 'DE'),
      ('Old Two', '+49 30 555 0002', 'Homöopathie', 'Berlin', 'Berlin', 'DE')`;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  const note = page.getByRole('status', { name: 'Specialties outside the list' });
  await note.getByText('2 contacts have a specialty outside the list').waitFor();
  await page.screenshot({ path: `${SHOTS}/outside-the-list.png` });
  await note.getByRole('button', { name: 'Homöopathie' }).click();
  await page.waitForURL(/specialty=Hom/);
  t.equal(new URL(page.url()).searchParams.get('specialty'), 'Homöopathie', 'the list filtered by it');
  await page.getByText(/Showing 2 of 4/).waitFor();
});
