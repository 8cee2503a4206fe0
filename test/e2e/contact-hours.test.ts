import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const EDITOR = { username: 'hana', password: 'hana-the-editor-pass', role: 'editor' as const };

function row(page: Page, name: string) {
  return page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name });
}

t.test('the hours field checks what is typed, previews it, offers shortcuts; the list filters hours not verified', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  // Free text from before the hours were read as a schedule.
  await server.sql`
    INSERT INTO medical_contacts (name, phone, city, region, country, latitude, longitude, available_hours)
    VALUES ('Dr Appointment', '+380 44 555 0101', 'Kyiv', 'Kyiv', 'UA', 50.45, 30.52, 'By appointment'),
      ('Dr Weekdays', '+380 44 555 0102', 'Kyiv', 'Kyiv', 'UA', 50.45, 30.52, 'Mon–Fri 09:00–18:00')`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  await row(page, 'Dr Weekdays').waitFor();

  await page.getByLabel('Hours', { exact: true }).selectOption('unverified');
  await page.waitForURL(/hours=unverified/);
  await row(page, 'Dr Weekdays').waitFor({ state: 'detached' });
  t.equal(await page.getByRole('table', { name: 'Contacts' }).getByRole('row').count(), 2, 'a header row and the one contact whose hours are not a schedule');
  await row(page, 'Dr Appointment').waitFor();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();

  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medical Contact' });
  const hours = dialog.getByLabel('Available Hours');
  await hours.fill('Mo-Fr 25:00-26:00');
  await dialog.getByText('Available hours could not be read (Time range starts outside of the current day).', { exact: false }).waitFor();
  await hours.fill('Mon–Fri 9:00–17:00');
  await dialog.getByText(/Now, in your time zone: (open|closed).*Saved as "Mo-Fr 09:00-17:00"\./).waitFor();
  await dialog.getByRole('group', { name: 'Common hours' }).getByRole('button', { name: '24/7' }).click();
  t.equal(await hours.inputValue(), '24/7', 'the shortcut fills the field');
  await dialog.getByText('Open 24/7.').waitFor();
  await hours.fill('Mon–Fri 9:00–17:00');

  await dialog.getByLabel('Name *').fill('Dr Typed Hours');
  await dialog.getByLabel('Phone *').fill('+380 44 555 0199');
  await dialog.getByLabel('City *').fill('Kyiv');
  await dialog.getByLabel('Region *').fill('Kyiv');
  await dialog.getByLabel('Country *').fill('Ukraine');
  await page.getByRole('option', { name: /^Ukraine/ }).click();
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await page.getByText('Medical contact added successfully').waitFor();
  const [stored] = await server.sql<{ availableHours: string }[]>`SELECT available_hours FROM medical_contacts WHERE name = 'Dr Typed Hours'`;
  t.equal(stored?.availableHours, 'Mo-Fr 09:00-17:00', 'saved in canonical syntax');
});
