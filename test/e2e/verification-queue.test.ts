import t from 'tap';
import type { Locator } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
import { startTestServer } from '../helpers/server.js';
import { insertContactReport } from '../../sql/contact-reports.js';

const EDITOR = { username: 'vera.queue', password: 'vera-works-the-queue', role: 'editor' as const };
const COLLEAGUE = { username: 'colin.colleague', password: 'colin-holds-a-claim', role: 'editor' as const };

/** The rows' names, in order (the tests compile without the DOM library). */
const labelsOf = (rows: Locator) =>
  rows.evaluateAll((elements) => elements.map((element) => (element as unknown as { getAttribute(name: string): string | null }).getAttribute('aria-label')));

t.test('an editor works through the verification queue from the keyboard, at 1440 and 375 px', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const colleague = await server.createUser(COLLEAGUE);
  const rows = await server.sql<{ id: number; name: string }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude)
    VALUES ('Dora Reported', '+30 21 0555 0101', 'Cardiology', 'Athens', 'Attica', 'GR', 37.98, 23.73),
      ('Elio Often Shown', '+30 21 0555 0102', 'Pediatrics', 'Patras', 'Western Greece', 'GR', 38.25, 21.73),
      ('Fotis Quiet', '+30 21 0555 0103', 'Neurology', 'Athens', 'Attica', 'GR', 37.98, 23.73),
      ('Gaia Claimed', '+30 21 0555 0104', 'Dermatology', 'Athens', 'Attica', 'GR', 37.98, 23.73)
    RETURNING id, name`;
  const id = (name: string) => rows.find((row) => row.name === name)!.id;
  const now = new Date();
  await insertContactReport(server.sql, { contactId: id('Dora Reported'), telegramId: 777001, problem: 'wrong_number', reportedOn: now.toISOString().slice(0, 10), createdAt: now });
  await server.sql`UPDATE medical_contacts SET verified = true, verified_at = ${now}, last_verified_at = ${now},
    last_verification_outcome = 'confirmed', last_verification_method = 'phone_call' WHERE id = ${id('Dora Reported')}`;
  await server.sql`INSERT INTO contact_daily_requests (contact_id, day, requests) VALUES (${id('Elio Often Shown')}, ${now.toISOString().slice(0, 10)}, 12)`;
  await server.sql`INSERT INTO contact_daily_requests (contact_id, day, requests) VALUES (${id('Gaia Claimed')}, ${now.toISOString().slice(0, 10)}, 1)`;
  await server.sql`INSERT INTO verification_claims (contact_id, claimed_by, claimed_at, expires_at)
    VALUES (${id('Gaia Claimed')}, ${colleague.id}, ${now}, ${new Date(now.getTime() + 10 * 60_000)})`;

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/verification');
  await page.getByRole('heading', { name: 'Verification Queue', level: 1 }).waitFor();
  const list = page.getByRole('list', { name: 'Contacts due' });
  const items = list.getByRole('listitem');
  await items.first().waitFor();
  t.strictSame(
    await labelsOf(items),
    ['Dora Reported', 'Elio Often Shown', 'Gaia Claimed', 'Fotis Quiet'],
    'reported first, then the most shown',
  );
  t.match(await items.nth(0).innerText(), /Reported since/);
  t.match(await items.nth(1).innerText(), /Never verified[\s\S]*shown 12 times in 30 days/);
  t.match(await items.nth(2).innerText(), /colin\.colleague is verifying it/, 'a row a colleague holds says who');
  const navLink = page.getByRole('link', { name: /^Verification/ }).first();
  t.match(await navLink.innerText(), /4/, 'the sidebar counts what is due');
  t.strictSame(await layoutProblems(page), [], 'the queue fits at 1440 px');

  const current = () => list.locator('[aria-current="true"]').getAttribute('aria-label');
  t.equal(await current(), 'Dora Reported', 'the first is selected');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  t.equal(await current(), 'Gaia Claimed', 'J moves down');
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  t.equal(await current(), 'Dora Reported', 'K moves up');

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Verify Dora Reported' });
  await dialog.waitFor();
  t.equal(await dialog.locator('a[href^="tel:"]').getAttribute('href'), 'tel:+302105550101', 'the phone is a tel: link');
  await dialog.getByRole('heading', { name: 'Reports (1 open)' }).waitFor();
  await dialog.getByText('Saving marks its 1 open report “Not a problem”.').waitFor();
  const outcome = dialog.getByLabel('Outcome');
  await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName === 'SELECT');
  t.equal(await outcome.inputValue(), 'confirmed');
  await dialog.getByRole('button', { name: 'Save and next' }).and(page.locator(':enabled')).waitFor();
  await page.keyboard.press('Enter');

  const next = page.getByRole('dialog', { name: 'Verify Elio Often Shown' });
  await next.waitFor();
  const [report] = await server.sql<{ status: string }[]>`SELECT status FROM contact_reports WHERE contact_id = ${id('Dora Reported')}`;
  t.equal(report!.status, 'not_a_problem', 'saving resolved its report and opened the next contact');

  await next.getByText('Correct the details', { exact: false }).click();
  const phone = next.getByLabel('Phone *');
  await phone.fill('+30 21 0555 0199');
  t.equal(await next.getByLabel('Outcome').inputValue(), 'corrected', 'a correction makes the outcome corrected');
  await next.getByRole('button', { name: 'Save and next' }).and(page.locator(':enabled')).waitFor();
  await phone.press('Enter');

  const held = page.getByRole('dialog', { name: 'Verify Gaia Claimed' });
  await held.waitFor();
  await held.getByText('colin.colleague is verifying this contact').waitFor();
  t.ok(await held.getByRole('button', { name: 'Save and next' }).isDisabled(), 'a contact a colleague holds cannot be saved');
  const [corrected] = await server.sql<{ phone: string; lastVerificationOutcome: string }[]>`
    SELECT phone, last_verification_outcome FROM medical_contacts WHERE id = ${id('Elio Often Shown')}`;
  t.strictSame({ ...corrected }, { phone: '+302105550199', lastVerificationOutcome: 'corrected' }, 'the correction was saved');
  await page.keyboard.press('Escape');
  await held.waitFor({ state: 'detached' });

  await items.filter({ hasText: 'Dora Reported' }).waitFor({ state: 'detached' });
  t.strictSame(await labelsOf(items), ['Gaia Claimed', 'Fotis Quiet'], 'the two verified left the queue');

  // The saves' toasts sit over the panel's Close button on a phone: gone before the panel is measured there.
  await page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll('[data-sonner-toast]').length === 0);
  await page.setViewportSize({ width: 375, height: 800 });
  await items.first().waitFor();
  t.strictSame(await layoutProblems(page), [], 'the queue fits at 375 px');
  await page.keyboard.press('j');
  t.equal(await current(), 'Fotis Quiet');
  await page.keyboard.press('Enter');
  const phoneDialog = page.getByRole('dialog', { name: 'Verify Fotis Quiet' });
  await phoneDialog.waitFor();
  t.strictSame(await layoutProblems(page), [], 'and so does the panel');
  // Save is enabled once the claim has answered.
  await phoneDialog.getByRole('button', { name: 'Save and next' }).and(page.locator(':enabled')).waitFor();
  const [claim] = await server.sql<{ claimedBy: number }[]>`SELECT claimed_by FROM verification_claims WHERE contact_id = ${id('Fotis Quiet')}`;
  t.ok(claim, 'opening it claimed it');
  await page.keyboard.press('Escape');
  await phoneDialog.waitFor({ state: 'detached' });
});
