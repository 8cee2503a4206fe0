import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { insertContactReport } from '../../sql/contact-reports.js';

const EDITOR = { username: 'rita', password: 'rita-the-editor-pass', role: 'editor' as const };

t.test('an editor sees a contact reported by bot users, finds it by the Reported filter and resolves the report', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const [reported] = await server.sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude)
    VALUES ('Dora Reported', '+30 21 0555 0101', 'Cardiology', 'Athens', 'Attica', 'GR', 37.98, 23.73),
      ('Elio Quiet', '+30 21 0555 0102', 'Pediatrics', 'Patras', 'Western Greece', 'GR', 38.25, 21.73)
    RETURNING id`;
  await insertContactReport(server.sql, { contactId: reported!.id, telegramId: 777001, problem: 'wrong_number', reportedOn: '2026-11-20', createdAt: new Date() });
  await server.sql`UPDATE contact_reports SET comment = 'A bakery answers' WHERE contact_id = ${reported!.id}`;

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  const table = page.getByRole('table', { name: 'Contacts' });
  await table.getByRole('row').filter({ hasText: 'Elio Quiet' }).waitFor();

  await page.getByLabel('Reports', { exact: true }).selectOption('yes');
  await page.waitForURL(/reported=yes/);
  await table.getByRole('row').filter({ hasText: 'Elio Quiet' }).waitFor({ state: 'detached' });
  t.equal(await table.getByRole('row').count(), 2, 'a header row and the reported contact');

  await page.getByRole('button', { name: 'Edit Dora Reported' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Medical Contact' });
  await dialog.getByRole('heading', { name: 'Reports (1 open)' }).waitFor();
  const reports = dialog.getByRole('region', { name: /^Reports/ });
  const item = reports.getByRole('listitem', { name: 'Wrong number: Open' });
  await item.waitFor();
  t.match(await item.innerText(), /by user 777001[\s\S]*“A bakery answers”/);

  await item.getByRole('button', { name: 'Fixed' }).click();
  await page.getByText('Report resolved').waitFor();
  await reports.getByRole('listitem', { name: 'Wrong number: Fixed' }).getByText(`Fixed by ${EDITOR.username}`).waitFor();
  await dialog.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
  const [row] = await server.sql<{ status: string }[]>`SELECT status FROM contact_reports WHERE contact_id = ${reported!.id}`;
  t.equal(row!.status, 'fixed');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await table.getByRole('row').filter({ hasText: 'Dora Reported' }).waitFor({ state: 'detached' });
  t.pass('resolving its last open report takes the contact off the Reported list');
});

t.test('a viewer opens a reported contact\'s reports from its badge and reads them, with nothing to resolve', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const viewer = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };
  await server.createUser(viewer);
  const [reported] = await server.sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude)
    VALUES ('Dora Reported', '+30 21 0555 0101', 'Cardiology', 'Athens', 'Attica', 'GR', 37.98, 23.73),
      ('Elio Quiet', '+30 21 0555 0102', 'Pediatrics', 'Patras', 'Western Greece', 'GR', 38.25, 21.73)
    RETURNING id`;
  for (const [telegramId, problem] of [[777001, 'wrong_number'], [777002, 'no_answer']] as const) {
    await insertContactReport(server.sql, { contactId: reported!.id, telegramId, problem, reportedOn: '2026-11-20', createdAt: new Date() });
  }

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, viewer.username, viewer.password, '/medical-contacts');
  const table = page.getByRole('table', { name: 'Contacts' });
  await table.getByRole('row').filter({ hasText: 'Elio Quiet' }).waitFor();
  t.equal(await page.getByRole('button', { name: 'Reports about Elio Quiet' }).count(), 0, 'a contact nobody reported has no badge');

  const badge = page.getByRole('button', { name: 'Reports about Dora Reported' });
  t.equal(await badge.innerText(), '2 open reports');
  await badge.click();
  const dialog = page.getByRole('dialog', { name: 'Contact Reports' });
  await dialog.getByRole('heading', { name: 'Reports (2 open)' }).waitFor();
  await dialog.getByRole('listitem', { name: 'Wrong number: Open' }).waitFor();
  await dialog.getByRole('listitem', { name: 'Does not answer: Open' }).waitFor();
  t.equal(await dialog.getByRole('button', { name: 'Fixed' }).count(), 0, 'a viewer resolves nothing');
  t.equal(await dialog.getByRole('button', { name: 'Not a problem' }).count(), 0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await dialog.waitFor({ state: 'detached' });
});
