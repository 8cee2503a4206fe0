import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const EDITOR = { username: 'edna', password: 'edna-the-editor-pass', role: 'editor' as const };

/** Types into a picker and chooses the option whose name begins with `option`. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, typed: string, option: string): Promise<void> {
  await scope.getByLabel(label).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
]) {
  t.test(`at ${viewport.width} px, the contact form finds Germany by "Deutschland" and German by "Deutsch", and stores their codes`, async (t) => {
    const server = await startTestServer();
    t.teardown(() => server.close());
    await server.createUser(EDITOR);
    const browser = await launchBrowser();
    t.teardown(() => browser.close());
    const page = await browser.newPage({ viewport });
    await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');

    // The header's button: an empty directory offers another one in the list.
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Medical Contact' });
    await dialog.getByLabel('Name *').fill('Dr Kinder');
    await dialog.getByLabel('Phone *').fill('+49 30 1234567');
    await dialog.getByLabel('City *').fill('Berlin');
    await dialog.getByLabel('Region *').fill('Berlin');
    await dialog.getByLabel('Country *').fill('Deutschland');
    const germany = page.getByRole('option', { name: /^Germany/ });
    t.equal((await germany.innerText()).replace(/\s+/g, ' ').trim(), 'Germany · Deutschland DE', 'the list names it in English, with the name it was found by');
    await germany.click();
    t.equal(await dialog.getByLabel('Country *').inputValue(), 'Germany', 'the field shows the country chosen');
    await pick(page, dialog, 'Languages', 'Deutsch', 'German');
    await pick(page, dialog, 'Languages', 'англійська', 'English');
    const removers = await dialog.getByRole('button', { name: /^Remove / }).all();
    t.strictSame(await Promise.all(removers.map((button) => button.getAttribute('aria-label'))), ['Remove German', 'Remove English'], 'each chosen, by its English name');
    await dialog.getByLabel('Country *').fill('Atlantis');
    await page.getByText('No country is called “Atlantis”.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Country *').fill('Deutschland');
    await page.getByRole('option', { name: /^Germany/ }).click();
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Medical contact added successfully').waitFor();

    const [stored] = await server.sql<{ country: string; languages: string[] }[]>`SELECT country, languages FROM medical_contacts WHERE name = 'Dr Kinder'`;
    t.strictSame({ ...stored }, { country: 'DE', languages: ['de', 'en'] }, 'the codes are stored');
  });
}

t.test('contacts whose country or languages the directory does not recognise are listed, and fixed one by one', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.sql`
    INSERT INTO medical_contacts (name, phone, city, region, country, country_unrecognised, languages, languages_unrecognised)
    VALUES ('Dr Atlantis', '+30 21 0555 0101', 'Athens', 'Attica', '', 'Atlantis', '{en}', '{Klingon}'),
      ('Dr Greece', '+30 21 0555 0102', 'Athens', 'Attica', 'GR', NULL, '{el}', '{}')`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');

  await page.getByText('1 contact has a country the directory does not recognise: “Atlantis” (1).').waitFor();
  await page.getByText('1 contact lists languages the directory does not recognise: “Klingon” (1).').waitFor();
  await page.getByRole('button', { name: 'Show the contacts with a country not recognised' }).click();
  await page.waitForURL(/unrecognised=country/);
  const rows = page.getByRole('table', { name: 'Contacts' }).getByRole('row');
  await rows.filter({ hasText: 'Dr Greece' }).waitFor({ state: 'detached' });
  const atlantis = rows.filter({ hasText: 'Dr Atlantis' });
  t.match(await atlantis.innerText(), 'Atlantis (not recognised)');
  t.match(await atlantis.innerText(), 'English, Klingon (not recognised)');

  await atlantis.getByRole('button', { name: 'Edit Dr Atlantis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Medical Contact' });
  await dialog.getByText('Written as “Atlantis”, which the directory does not recognise. Choose the country it means.').waitFor();
  await dialog.getByText('Also written: “Klingon”. The directory does not recognise these: choose the languages meant, and they go when the languages are saved.').waitFor();
  await pick(page, dialog, 'Country', 'Ελλάδα', 'Greece');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('1 contact has a country the directory does not recognise', { exact: false }).waitFor({ state: 'detached' });
  t.equal(await page.getByText('1 contact lists languages the directory does not recognise: “Klingon” (1).').count(), 1, 'the languages still wait');
  const [fixed] = await server.sql<{ country: string; countryUnrecognised: string | null }[]>`SELECT country, country_unrecognised FROM medical_contacts WHERE name = 'Dr Atlantis'`;
  t.strictSame({ ...fixed }, { country: 'GR', countryUnrecognised: null });
});
