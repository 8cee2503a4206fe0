import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const EDITOR = { username: 'greta', password: 'greta-the-editor-pass', role: 'editor' as const };
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/** The contact's row on a wide screen, its card on a phone. */
function contactEntry(page: Page, name: string) {
  const wide = (page.viewportSize()?.width ?? 0) >= 1440;
  return wide
    ? page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name })
    : page.getByRole('list', { name: 'Contacts' }).getByRole('listitem').filter({ hasText: name });
}

t.test('the form reads the phone as a number of the country as staff type, marks a city-centre place approximate, and asks before saving coordinates abroad', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const viewport of WIDTHS) {
    await t.test(`at ${viewport.width} px`, async (t) => {
      const name = `Dr Kinder ${viewport.width}`;
      const page = await browser.newPage({ viewport });
      t.teardown(() => page.close());
      await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
      await page.getByRole('heading', { name: 'Medical Contacts Database', level: 1 }).waitFor();

      // The header's button: an empty directory offers another one in the list.
      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Medical Contact' });
      await dialog.getByLabel('Name *').fill(name);
      await dialog.getByLabel('City *').fill('Berlin');
      await dialog.getByLabel('Region *').fill('Berlin');
      await dialog.getByLabel('Country *').fill('Germany');
      await page.getByRole('option', { name: /^Germany/ }).click();
      const phone = dialog.getByLabel('Phone *');
      await phone.fill('030 12');
      await dialog.getByText('Phone "030 12" is too short for Germany.', { exact: true }).waitFor();
      t.equal(await phone.getAttribute('aria-invalid'), 'true', 'the field is marked invalid as the editor types');
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await dialog.getByText('Phone "030 12" is too short for Germany.', { exact: true }).waitFor();
      t.equal((await server.sql`SELECT 1 FROM medical_contacts WHERE name = ${name}`).length, 0, 'nothing is saved');

      await phone.fill(`030 123456${viewport.width === 1440 ? 7 : 8}`);
      const e164 = `+49 30 123456${viewport.width === 1440 ? 7 : 8}`;
      await dialog.getByText(`Saved as ${e164}`, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await page.getByText('Medical contact added successfully').waitFor();
      const [stored] = await server.sql<{ phone: string; locationApproximate: boolean }[]>`
        SELECT phone, location_approximate FROM medical_contacts WHERE name = ${name}`;
      t.strictSame({ ...stored }, { phone: e164.replace(/ /g, ''), locationApproximate: true }, "stored in E.164, at Berlin's centre, approximately");

      const entry = contactEntry(page, name);
      await entry.getByText(e164, { exact: true }).waitFor();
      await entry.getByText('City centre only', { exact: true }).waitFor();
      await entry.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Medical Contact' });
      await edit.getByText('Location approximate: add the address or the coordinates', { exact: true }).waitFor();

      // Latitude and longitude swapped: the Gulf of Aden, not Berlin.
      await edit.getByLabel('Latitude').fill('13.405');
      await edit.getByLabel('Longitude').fill('52.52');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      const refusal = edit.getByRole('alert').filter({ hasText: 'The coordinates 13.405, 52.52 lie outside Germany. Check them: latitude first, then longitude.' });
      await refusal.waitFor();
      await refusal.getByLabel('The coordinates are right: save them outside the country').check();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });
      const [confirmed] = await server.sql<{ latitude: number; locationApproximate: boolean }[]>`
        SELECT latitude, location_approximate FROM medical_contacts WHERE name = ${name}`;
      t.strictSame({ ...confirmed }, { latitude: 13.405, locationApproximate: false }, 'confirmed, the coordinates are saved, as exact');
    });
  }
});

t.test('the map draws a contact placed by its city alone as a ring, with a legend', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.sql`
    INSERT INTO medical_contacts (name, phone, city, region, country, latitude, longitude, location_approximate)
    VALUES ('Dr Centre', '+49301234567', 'Berlin', 'Berlin', 'DE', 52.52437, 13.41053, true),
      ('Dr Door', '+49307654321', 'Berlin', 'Berlin', 'DE', 52.5301, 13.4102, false)`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  const map = page.getByRole('img', { name: 'Map of 2 located contacts' });
  await map.waitFor();
  t.equal(await map.locator('[data-testid="map-mark"][data-hollow="true"]').count(), 1, 'one ring');
  t.equal(await map.locator('[data-testid="map-mark"][data-hollow="true"] title').textContent(), 'Dr Centre · Berlin (city centre only)');
  await page.getByText('City centre only (approximate)', { exact: true }).waitFor();
});
