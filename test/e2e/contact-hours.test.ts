import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
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
  await dialog.getByText('Open Monday to Friday, 9:00 to 17:00 (the contact\'s local time). Saved as "Mo-Fr 09:00-17:00".', { exact: true }).waitFor();
  await dialog.getByRole('group', { name: 'Common hours' }).getByRole('button', { name: '24/7' }).click();
  t.equal(await hours.inputValue(), '24/7', 'the shortcut fills the field');
  await dialog.getByText('Open around the clock, every day.', { exact: true }).waitFor();
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

const NINE_TO_FIVE = 'Available hours "Mon-Fri 9-5" would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00"?';

t.test('"Mon-Fri 9-5" is refused as typed, and its suggestion taken in one click and saved, on a desktop and a phone', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 812 }]) {
    await t.test(`at ${viewport.width} px`, async (t) => {
      const page = await browser.newPage({ viewport });
      t.teardown(() => page.close());
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/medical-contacts') posted.push(request.url());
      });
      await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Medical Contact' });
      const name = `Dr Nine To Five ${viewport.width}`;
      await dialog.getByLabel('Name *').fill(name);
      await dialog.getByLabel('Phone *').fill(`+49 30 1234 ${viewport.width}`);
      await dialog.getByLabel('City *').fill('Berlin');
      await dialog.getByLabel('Region *').fill('Berlin');
      await dialog.getByLabel('Country *').fill('Germany');
      await page.getByRole('option', { name: /^Germany/ }).click();
      await dialog.getByLabel('Latitude').fill('52.52');
      await dialog.getByLabel('Longitude').fill('13.405');

      const hours = dialog.getByLabel('Available Hours');
      await hours.fill('Mon-Fri 9-5');
      await dialog.getByText(NINE_TO_FIVE, { exact: true }).waitFor();
      const take = dialog.getByRole('button', { name: 'Use "Mo-Fr 09:00-17:00"' });
      await take.waitFor();
      t.strictSame(await layoutProblems(page), [], 'the refusal and its button fit the screen');

      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await page.locator('[data-sonner-toast]').filter({ hasText: NINE_TO_FIVE }).waitFor();
      t.strictSame(posted, [], 'the form does not send hours the API would refuse');

      await take.click();
      t.equal(await hours.inputValue(), 'Mo-Fr 09:00-17:00', 'one click takes the suggestion');
      await dialog.getByText('Open Monday to Friday, 9:00 to 17:00 (Europe/Berlin time).', { exact: true }).waitFor();
      t.equal(await take.count(), 0, 'nothing left to take');

      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await page.getByText('Medical contact added successfully').waitFor();
      const [stored] = await server.sql<{ availableHours: string }[]>`SELECT available_hours FROM medical_contacts WHERE name = ${name}`;
      t.equal(stored?.availableHours, 'Mo-Fr 09:00-17:00', 'the suggestion is what is saved');
    });
  }
});
