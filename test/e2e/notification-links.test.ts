import t from 'tap';
import { reportNotification } from '../../bot/features/reports.js';
import { insertContactReport } from '../../sql/contact-reports.js';
import { createNotification } from '../../sql/notifications.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const EDITOR = { username: 'rita', password: 'rita-the-editor-pass', role: 'editor' as const };
const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };
const REPORTER = 777001;

t.test('a contact report\'s notification opens the reported contact, and the reporting user beside it', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.createUser(VIEWER);
  const [contact] = await server.sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude)
    VALUES ('Dr. Tetiana Kravchenko', '+380 44 555 0101', 'Cardiology', 'Kyiv', 'Kyiv', 'UA', 50.45, 30.52)
    RETURNING id`;
  await insertContactReport(server.sql, { contactId: contact!.id, telegramId: REPORTER, problem: 'wrong_number', reportedOn: '2026-11-20', createdAt: new Date() });
  await createNotification(server.sql, reportNotification({ id: contact!.id, name: 'Dr. Tetiana Kravchenko', city: 'Kyiv' }, 'wrong_number', REPORTER), new Date());

  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const [account, width, dialogTitle] of [
    [EDITOR, 1440, 'Edit Medical Contact'],
    [VIEWER, 375, 'Contact Reports'],
    [EDITOR, 375, 'Edit Medical Contact'],
    [VIEWER, 1440, 'Contact Reports'],
  ] as const) {
    await t.test(`${account.role} at ${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      t.teardown(() => page.close());
      await signInAs(page, server.url, account.username, account.password, '/notifications');
      const item = page.getByRole('list', { name: 'Notifications' }).getByRole('article', { name: 'Contact reported: Dr. Tetiana Kravchenko' });
      await item.waitFor();
      t.strictSame(await item.getByRole('link').allInnerTexts(), ['View contact', 'View reporting user']);
      t.equal(await item.getByRole('link', { name: 'View reporting user' }).getAttribute('href'), `/users?user=${REPORTER}`);
      await item.getByRole('link', { name: 'View contact', exact: true }).click();
      await page.waitForURL(`**/medical-contacts?contact=${contact!.id}`);
      const dialog = page.getByRole('dialog', { name: dialogTitle });
      await dialog.getByText('Dr. Tetiana Kravchenko', { exact: true }).first().waitFor();
      await dialog.getByRole('heading', { name: 'Reports (1 open)' }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.search.includes('contact='));
      t.pass('closing the dialog takes the contact out of the address');
    });
  }
});
