import t, { type Test } from 'tap';
import type { Locator, Page, Request } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'olga', password: 'olga-the-admin-pass', role: 'admin' as const };
/** The watched requests, held until the test has looked at the button that sent them. */
interface HeldRequests {
  seen: Request[];
  release(): void;
}

/** Holds every `method` request to `path` until `release`, and records them. */
async function holdRequests(page: Page, method: string, path: string | RegExp): Promise<HeldRequests> {
  const seen: Request[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request());
      await released;
      return route.fallback();
    },
  );
  return { seen, release };
}

/**
 * Clicks twice within one task (as a fast double click or Enter then a click can land, before the page
 * has re-rendered), then checks the button stays disabled while the request is pending, and lets it go on.
 */
async function doubleClickWhilePending(t: Test, button: Locator, held: HeldRequests): Promise<void> {
  await button.evaluate((element) => {
    const clickable = element as unknown as { click(): void };
    clickable.click();
    clickable.click();
  });
  t.ok(await button.isDisabled(), 'the button is disabled while its request is pending');
  held.release();
}

t.test('a double click on a submit button makes one request and one thing', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  await server.sql`INSERT INTO telegram_users (telegram_id, first_name, last_seen) VALUES (710001, 'Ines', now()), (710002, 'Jon', now())`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, ADMIN.username, ADMIN.password);

  await t.test('Create Template', async (t) => {
    const requests = await holdRequests(page, 'POST', '/api/message-templates');
    await page.goto(`${server.url}/messaging/templates`);
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Name').fill('Twice clicked');
    await dialog.getByLabel('Content').fill('<b>Hi {first_name} unclosed');
    await dialog.getByRole('alert').getByText('The message is not HTML Telegram accepts: Unclosed <b> tag: close it with </b>. Fix the tag, or remove it.').waitFor();
    await dialog.getByLabel('Content').fill('<b>Hi</b> {first_name}');
    await dialog.getByRole('alert').waitFor({ state: 'detached' });

    await doubleClickWhilePending(t, dialog.getByRole('button', { name: /^Create|Creating/ }), requests);
    await page.getByText('Template created successfully').waitFor();
    t.equal(requests.seen.length, 1, 'one request');
    t.match(requests.seen[0]!.headers()['idempotency-key'], /^[0-9a-f]{32}$/, 'carrying an idempotency key');
    const rows = await server.sql`SELECT 1 FROM message_templates WHERE name = 'Twice clicked'`;
    t.equal(rows.length, 1, 'one template');
  });

  await t.test('Send Broadcast', async (t) => {
    const requests = await holdRequests(page, 'POST', '/api/broadcast-send');
    await page.goto(`${server.url}/messaging/broadcasts`);
    await page.getByRole('heading', { name: 'Broadcast Messages', level: 1 }).waitFor();
    const compose = page.getByRole('form', { name: 'Compose Broadcast' });
    await compose.getByLabel('Message Title').fill('Double trouble');
    await compose.getByLabel('Message Content').fill('Hello {first_name}');
    await page.getByText('2 reachable: active, not blocked by staff', { exact: true }).waitFor();

    await compose.getByRole('button', { name: 'Send Broadcast' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send to all 2 bot users?' });
    await doubleClickWhilePending(t, confirm.getByRole('button', { name: /Send to All|Sending/ }), requests);
    await page.locator('[data-sonner-toast]').getByText('Broadcast message sent successfully', { exact: true }).first().waitFor();
    t.equal(requests.seen.length, 1, 'one request');
    t.ok(requests.seen[0]!.headers()['idempotency-key'], 'carrying an idempotency key');
    const rows = await server.sql`SELECT 1 FROM broadcasts WHERE title = 'Double trouble'`;
    t.equal(rows.length, 1, 'one broadcast');
  });

  await t.test('Send Broadcast again after its answer was lost: the same key, one broadcast', async (t) => {
    const keys: string[] = [];
    await page.route('**/api/broadcast-send', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.fallback();
      // The server queues it; the answer never reaches the browser.
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.goto(`${server.url}/messaging/broadcasts`);
    const compose = page.getByRole('form', { name: 'Compose Broadcast' });
    await compose.getByLabel('Message Title').fill('Lost answer');
    await compose.getByLabel('Message Content').fill('Hello again {first_name}');
    await page.getByText('2 reachable: active, not blocked by staff', { exact: true }).waitFor();
    const send = async () => {
      await compose.getByRole('button', { name: 'Send Broadcast' }).click();
      await page.getByRole('alertdialog', { name: 'Send to all 2 bot users?' }).getByRole('button', { name: 'Send to All' }).click();
    };
    await send();
    await page.locator('[data-sonner-toast]').getByText(/^Failed to send broadcast/).first().waitFor();
    t.equal(await compose.getByLabel('Message Title').inputValue(), 'Lost answer', 'the form keeps what was typed');
    await page.getByRole('article', { name: 'Lost answer' }).waitFor();
    t.pass('and the history, read again, shows that the server had queued it');
    await send();
    await page.locator('[data-sonner-toast]').getByText('Broadcast message sent successfully', { exact: true }).first().waitFor();
    t.equal(keys.length, 2, 'sent twice');
    t.equal(keys[1], keys[0], 'with the same idempotency key');
    const rows = await server.sql`SELECT 1 FROM broadcasts WHERE title = 'Lost answer'`;
    t.equal(rows.length, 1, 'one broadcast');

    await compose.getByLabel('Message Title').fill('Lost answer');
    await compose.getByLabel('Message Content').fill('Hello again {first_name}');
    await send();
    await page.locator('[data-sonner-toast]').getByText('Broadcast message sent successfully', { exact: true }).nth(1).waitFor();
    t.not(keys[2], keys[0], 'a new submission of the same text after an answer is a new broadcast');
    t.equal((await server.sql`SELECT 1 FROM broadcasts WHERE title = 'Lost answer'`).length, 2);
    await page.unroute('**/api/broadcast-send');
  });

  await t.test('Add Contact again after its answer was lost, and again when told to try again: one contact, and no warning that it already exists', async (t) => {
    const keys: string[] = [];
    await page.route('**/api/medical-contacts', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        // The server stores it; the answer never reaches the browser.
        await route.fetch();
        return route.abort('connectionreset');
      }
      if (keys.length === 2) {
        // What the server answers a repeat while the first request is still being handled.
        const message = 'A request with this Idempotency-Key is still being handled: try again in a moment';
        return route.fulfill({ status: 409, json: { error: 'Conflict', message, retryAfter: 1 } });
      }
      return route.fallback();
    });
    await page.goto(`${server.url}/medical-contacts`);
    // The header's button; the empty directory's own Add Contact may show beside it once the list is read.
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Medical Contact' });
    await dialog.getByLabel('Name *').fill('Dr Lost Answer');
    await dialog.getByLabel('Phone *').fill('+33 1 23 45 67 01');
    await dialog.getByLabel('City *').fill('Paris');
    await dialog.getByLabel('Region *').fill('Île-de-France');
    await dialog.getByLabel('Country *').fill('France');
    await page.getByRole('option', { name: /^France/ }).click();
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.locator('[data-sonner-toast]').getByText(/^Failed to add medical contact/).first().waitFor();
    t.equal(await dialog.getByLabel('Name *').inputValue(), 'Dr Lost Answer', 'the dialog keeps what was typed');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.locator('[data-sonner-toast]').getByText(/still being handled/).first().waitFor();

    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.locator('[data-sonner-toast]').getByText('Medical contact added successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    t.equal(keys.length, 3, 'sent three times');
    t.strictSame([keys[1], keys[2]], [keys[0], keys[0]], 'with the same idempotency key, kept through the answer asking to try again');
    t.equal(await page.getByText(/already exists/).count(), 0, 'no duplicate warning for its own first attempt');
    t.equal((await server.sql`SELECT 1 FROM medical_contacts WHERE name = 'Dr Lost Answer'`).length, 1, 'one contact');
    await page.unroute('**/api/medical-contacts');
  });

  await t.test('Import and Undo import', async (t) => {
    const imports = await holdRequests(page, 'POST', '/api/medical-contacts/import');
    await page.goto(`${server.url}/medical-contacts`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    await wizard.getByLabel('CSV file').setInputFiles({
      name: 'twice.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,phone,city,region,country\nDr Twice Imported,+33 1 23 45 67 99,Paris,Île-de-France,France\n'),
    });
    await doubleClickWhilePending(t, wizard.getByRole('button', { name: /^Import 1 contact$|Starting/ }), imports);
    await wizard.getByText('Import complete').waitFor();
    t.equal(imports.seen.length, 1, 'one import request');
    t.equal((await server.sql`SELECT 1 FROM medical_contacts WHERE name = 'Dr Twice Imported'`).length, 1, 'one contact imported');

    const undos = await holdRequests(page, 'POST', /^\/api\/medical-contacts\/imports\/\d+\/undo$/);
    await doubleClickWhilePending(t, wizard.getByRole('button', { name: /Undo import|Undoing/ }), undos);
    await wizard.getByText('Import undone').waitFor();
    t.equal(undos.seen.length, 1, 'one undo request');
    t.equal(await page.getByText('Failed to undo the import').count(), 0, 'no second undo refused');
    t.equal((await server.sql`SELECT 1 FROM medical_contacts WHERE name = 'Dr Twice Imported'`).length, 0, 'the contact removed');
  });

  await t.test('Block User', async (t) => {
    const requests = await holdRequests(page, 'PATCH', '/api/telegram-users/710001');
    await page.goto(`${server.url}/users`);
    await page.getByRole('button', { name: 'View Details of Ines' }).click();
    await page.getByRole('dialog', { name: 'Ines' }).getByRole('button', { name: 'Block User' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Block this user?' });
    await doubleClickWhilePending(t, confirm.getByRole('button', { name: /Block User|Blocking/ }), requests);
    await page.locator('[data-sonner-toast]').getByText('User blocked', { exact: true }).waitFor();
    t.equal(requests.seen.length, 1, 'one request');
    const audited = await server.sql`SELECT 1 FROM audit_log WHERE action = 'telegram-user.block'`;
    t.equal(audited.length, 1, 'blocked once in the audit log');
  });
});
