import t, { type Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ADMIN = { username: 'ada', password: 'ada-the-admin-pass', role: 'admin' as const };
const EDITOR = { username: 'edna', password: 'edna-the-editor-pass', role: 'editor' as const };
const VIEWER = { username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' as const };

const BOT_USERS = [
  { telegramId: 700_001, firstName: 'Amira', username: 'amira_k' },
  { telegramId: 700_002, firstName: 'Bashir', username: 'bashir' },
  { telegramId: 700_003, firstName: 'Carmen', username: null },
];

/** Bot users as the bot would have recorded them, and the same people in the simulated Telegram. */
async function seedBotUsers(server: TestServer): Promise<void> {
  for (const user of BOT_USERS) {
    await server.sql`
      INSERT INTO telegram_users (telegram_id, first_name, username, last_seen)
      VALUES (${user.telegramId}, ${user.firstName}, ${user.username}, now())`;
    server.simulator.upsertUser({ id: user.telegramId, first_name: user.firstName, ...(user.username && { username: user.username }) });
  }
}

function botTexts(server: TestServer, telegramId: number): string[] {
  return server.simulator
    .messages(telegramId)
    .filter((message) => message.from.id !== telegramId)
    .map((message) => message.text ?? '');
}

/** Waits (up to 5 s) for an input with a placeholder to be emptied, its placeholder shown, and returns its value. */
async function emptiedValue(locator: Locator): Promise<string> {
  await locator
    .and(locator.page().locator(':placeholder-shown'))
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  return locator.inputValue();
}

/** Waits for a toast with exactly this text. */
async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first().waitFor();
}

/** Send Broadcast to everyone, through its confirmation naming how many it reaches. */
async function sendToEveryone(page: Page, compose: Locator): Promise<void> {
  await compose.getByRole('button', { name: 'Send Broadcast' }).click();
  await page.getByRole('alertdialog', { name: 'Send to all 3 bot users?' }).getByRole('button', { name: 'Send to All' }).click();
}

/** A server with the admin and the bot users. */
async function serverWithBotUsers(t: Test): Promise<TestServer> {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  await seedBotUsers(server);
  return server;
}

/** The admin on the Broadcasts screen in a browser window of this size, and its compose form. */
async function composerAs(t: Test, server: TestServer, viewport: { width: number; height: number }): Promise<{ page: Page; compose: Locator }> {
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport });
  await signInAs(page, server.url, ADMIN.username, ADMIN.password);
  await openScreen(page, server);
  return { page, compose: page.getByRole('form', { name: 'Compose Broadcast' }) };
}

async function openScreen(page: Page, server: TestServer): Promise<void> {
  await page.goto(`${server.url}/messaging/broadcasts`);
  await page.getByRole('heading', { name: 'Broadcast Messages', level: 1 }).waitFor();
}

t.test('an admin composes a broadcast to every user and watches it finish', async (t) => {
  const server = await serverWithBotUsers(t);
  const { page, compose } = await composerAs(t, server, { width: 1440, height: 900 });

  await t.test('the stats cards count the real users and broadcasts', async (t) => {
    const figure = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await page.getByText('3 reachable: active, not blocked by staff', { exact: true }).waitFor();
    t.equal((await figure('Total Users').innerText()).trim(), '3', 'Total Users counts the bot users');
    await page.getByText('No broadcasts yet. The ones you send appear here.').waitFor();
    t.equal((await figure('Broadcasts').innerText()).trim(), '0', 'no broadcast yet');
    t.equal((await figure('Total Delivered').innerText()).trim(), '0', 'nothing delivered yet');
  });

  await t.test('each §5 rule stops the send with its toast', async (t) => {
    const send = compose.getByRole('button', { name: 'Send Broadcast' });
    await send.click();
    await toast(page, 'Please enter a message title');

    await compose.getByLabel('Message Title').fill('Clinic hours');
    await compose.getByLabel('Use Template').check();
    await send.click();
    await toast(page, 'Please select a template');

    await compose.getByLabel('Selected Users').check();
    await compose.getByText('Amira', { exact: true }).waitFor();
    await send.click();
    await toast(page, 'Please select at least one user');

    await compose.getByLabel('All Users').check();
    await send.click();
    await toast(page, 'Please enter message content or select a template');
    t.equal((await server.sql`SELECT count(*)::int AS n FROM broadcasts`)[0]!.n, 0, 'nothing was queued');
  });

  await t.test('the recipient checklist searches, selects all matching and clears', async (t) => {
    await compose.getByLabel('Selected Users').check();
    const recipients = compose.getByRole('group', { name: 'Recipients' });
    await recipients.getByLabel('Search users').fill('bash');
    await recipients.getByText('Amira', { exact: true }).waitFor({ state: 'detached' });
    await recipients.getByRole('button', { name: 'Select All' }).click();
    await recipients.getByText('1 selected').waitFor();
    await compose.getByText('Sends to 1 selected user.').waitFor();
    await recipients.getByLabel('Search users').fill('');
    await recipients.getByRole('checkbox', { name: /Amira/ }).waitFor();
    t.equal(await recipients.getByRole('checkbox').count(), 3, 'every user is listed again');
    t.ok(await recipients.getByRole('checkbox', { name: /Bashir/ }).isChecked(), 'the match stays ticked');
    await recipients.getByRole('button', { name: 'Clear All' }).click();
    await recipients.getByText('0 selected').waitFor();
    await compose.getByLabel('All Users').check();
  });

  await t.test('a test message goes to one user', async (t) => {
    const box = page.getByRole('form', { name: 'Send Test Message' });
    await box.getByRole('button', { name: 'Send Test' }).click();
    await toast(page, 'Please enter a test user ID');
    await box.getByLabel('Test User ID').fill(String(BOT_USERS[0]!.telegramId));
    await box.getByRole('button', { name: 'Send Test' }).click();
    await toast(page, 'Please enter message content');

    await compose.getByLabel('Message Content').fill('Hello {first_name}, the clinic opens at 9 tomorrow.');
    await box.getByRole('button', { name: 'Send Test' }).click();
    await toast(page, 'Test message sent successfully');
    t.same(botTexts(server, BOT_USERS[0]!.telegramId), ['Hello Amira, the clinic opens at 9 tomorrow.'], 'the test user got it, with their name');
    t.same(botTexts(server, BOT_USERS[1]!.telegramId), [], 'nobody else did');
  });

  await t.test('sending to all users asks first, naming how many; Cancel sends nothing', async (t) => {
    await compose.getByRole('button', { name: 'Send Broadcast' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send to all 3 bot users?' });
    await confirm.getByText('The bot starts sending it at once to every active bot user who has not blocked it.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    t.equal((await server.sql`SELECT count(*)::int AS n FROM broadcasts`)[0]!.n, 0, 'nothing was queued');
    t.equal(await compose.getByLabel('Message Title').inputValue(), 'Clinic hours', 'the form keeps what was typed');
  });

  await t.test('sending queues it, resets the form and shows the progress to the end', async (t) => {
    await sendToEveryone(page, compose);
    await toast(page, 'Broadcast message sent successfully');
    t.equal(await emptiedValue(compose.getByLabel('Message Title')), '', 'the title is empty');
    t.ok(await compose.getByLabel('All Users').isChecked(), 'the form is back on All Users');
    t.equal(await compose.getByLabel('Message Content').inputValue(), '', 'the content is empty');

    const live = page.getByRole('region', { name: 'Live Progress' });
    await live.getByText('Finished: sent').waitFor({ timeout: 15_000 });
    t.equal((await live.locator('dt', { hasText: 'Sent' }).locator('xpath=following-sibling::dd[1]').innerText()).trim(), '3', 'three sent');
    t.equal((await live.locator('dt', { hasText: 'Failed' }).locator('xpath=following-sibling::dd[1]').innerText()).trim(), '0', 'none failed');
    t.equal(await live.getByRole('button', { name: 'Retry failed' }).count(), 0, 'nothing to retry');

    const item = page.getByRole('article', { name: 'Clinic hours' });
    await item.getByText('sent', { exact: true }).waitFor();
    await item.getByText(/3 delivered · 0 failed · 3 recipients/).waitFor();
    for (const [index, user] of BOT_USERS.entries()) {
      const expected = `Hello ${user.firstName}, the clinic opens at 9 tomorrow.`;
      // The first user also got the same text earlier, as the test message.
      const copies = botTexts(server, user.telegramId).filter((text) => text === expected).length;
      t.equal(copies, index === 0 ? 2 : 1, `${user.firstName} got the broadcast once, with their name`);
    }
  });

  await t.test("a template's Send button opens the form on that template", async (t) => {
    // One template per type and language is active: this one takes over from the built-in English broadcast template.
    await server.sql`UPDATE message_templates SET is_active = false WHERE type = 'broadcast' AND language = 'en'`;
    const [template] = await server.sql<{ id: number }[]>`
      INSERT INTO message_templates (name, type, content, variables)
      VALUES ('Holiday hours', 'broadcast', 'Dear {first_name}, we are closed on Monday.', '{first_name}')
      RETURNING id`;
    await page.goto(`${server.url}/messaging/broadcasts?templateId=${template!.id}`);
    t.ok(await compose.getByLabel('Use Template').isChecked(), 'Use Template is chosen');
    await compose.getByText('Dear {first_name}, we are closed on Monday.').waitFor();
    t.equal(await compose.getByLabel('Template', { exact: true }).inputValue(), String(template!.id), 'the template is picked');
    t.equal(await compose.getByLabel('Message Title').inputValue(), 'Holiday hours', "the title starts as the template's name");
    await compose.getByText('Sends the template "Holiday hours" to all 3 reachable bot users.').waitFor();
    await compose.getByText(
      'Each reader gets this type’s active template in their language: English, Українська, Polski, Deutsch, Français, Español, Italiano, Português. Everyone else gets the English one.',
    ).waitFor();

    // The test goes in the language chosen: the German template of the type, not the English one picked.
    const [german] = await server.sql<{ content: string }[]>`SELECT content FROM message_templates WHERE type = 'broadcast' AND language = 'de' AND is_active`;
    const box = page.getByRole('form', { name: 'Send Test Message' });
    await box.getByLabel('Test User ID').fill(String(BOT_USERS[2]!.telegramId));
    await box.getByLabel('Test Language').selectOption({ label: 'Deutsch' });
    await box.getByRole('button', { name: 'Send Test' }).click();
    await toast(page, 'Test message sent successfully');
    t.equal(botTexts(server, BOT_USERS[2]!.telegramId).at(-1), german!.content.replaceAll('{first_name}', 'Carmen'), 'the German template, filled in');

    await sendToEveryone(page, compose);
    await toast(page, 'Broadcast message sent successfully');
    await page.getByRole('article', { name: 'Holiday hours' }).getByText(/3 delivered/).waitFor({ timeout: 15_000 });
    t.ok(await compose.getByLabel('All Users').isChecked(), 'the form is back on All Users');
    t.notOk(page.url().includes('templateId'), 'the address no longer asks for the template');
    for (const user of BOT_USERS) {
      t.ok(botTexts(server, user.telegramId).includes(`Dear ${user.firstName}, we are closed on Monday.`), `${user.firstName} got the template, filled in`);
    }
  });

  await t.test("a failed recipient is listed with Telegram's reason, and can be retried", async (t) => {
    // Telegram refuses the next message, as it does for a chat it cannot find: a failure worth a retry.
    server.simulator.failNext('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' });
    const long = `Long notice ${'x'.repeat(300)}`;
    await compose.getByLabel('Message Title').fill('Long notice');
    await compose.getByLabel('Message Content').fill(long);
    await sendToEveryone(page, compose);
    await toast(page, 'Broadcast message sent successfully');
    const item = page.getByRole('article', { name: 'Long notice' });
    await item.getByText(/2 delivered · 1 failed/).waitFor({ timeout: 15_000 });
    const shown = (await item.locator('p').first().innerText()).trim();
    t.equal(shown, `${long.slice(0, 150)}…`, 'history shows 150 characters and an "…" where it cut');

    await item.getByRole('button', { name: 'Details of Long notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Long notice' });
    await dialog.getByText(long).waitFor();
    await dialog.getByText('Failed recipients (1)').waitFor();
    const failed = dialog.getByRole('region', { name: 'Failed recipients (1)' }).getByRole('listitem');
    t.match(await failed.innerText(), /chat not found/, "Telegram's reason is shown");
    const failedId = Number(/ID (\d+)/.exec(await failed.innerText())![1]);

    await dialog.getByRole('button', { name: 'Retry failed' }).click();
    await toast(page, 'Retrying the failed recipients');
    await dialog.getByText('Failed recipients (0)').waitFor({ timeout: 15_000 });
    for (const user of BOT_USERS) {
      const copies = botTexts(server, user.telegramId).filter((text) => text === long).length;
      t.equal(copies, 1, user.telegramId === failedId ? 'the retry reached the failed recipient' : `${user.firstName} was not sent it again`);
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  });

  await t.test('a broadcast a crash left in doubt shows its unknown count, and Send to unknown asks first', async (t) => {
    // As a kill -9 leaves it once the restart has settled it: one delivered, two in flight at the kill (unknown).
    const notice = 'The pharmacy is closed today.';
    const [row] = await server.sql<{ id: number }[]>`
      INSERT INTO broadcasts (title, content, target_type, status, success_count, unknown_count, total_recipients, started_at, finished_at)
      VALUES ('Pharmacy notice', ${notice}, 'all', 'sent', 1, 2, 3, now(), now())
      RETURNING id`;
    const [known, ...unknown] = BOT_USERS;
    await server.sql`
      INSERT INTO broadcast_recipients (broadcast_id, telegram_id, status, attempts, sent_at)
      VALUES (${row!.id}, ${known!.telegramId}, 'delivered', 1, now()),
        (${row!.id}, ${unknown[0]!.telegramId}, 'unknown', 1, NULL), (${row!.id}, ${unknown[1]!.telegramId}, 'unknown', 1, NULL)`;
    await page.reload();
    const item = page.getByRole('article', { name: 'Pharmacy notice' });
    await item.getByText(/1 delivered · 0 failed · 2 unknown · 3 recipients/).waitFor();

    await item.getByRole('button', { name: 'Details of Pharmacy notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pharmacy notice' });
    const figure = (label: string) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    t.equal((await figure('Unknown').innerText()).trim(), '2', 'the progress shows the unknown count');
    t.equal(await dialog.getByRole('button', { name: 'Retry failed' }).count(), 0, 'no failure to retry');
    const listed = dialog.getByRole('region', { name: 'Unknown recipients (2)' }).getByRole('listitem');
    t.same(
      (await listed.allInnerTexts()).map((text) => Number(/ID (\d+)/.exec(text)![1])),
      unknown.map((user) => user.telegramId),
      'the unknown recipients are listed',
    );
    await dialog.getByRole('button', { name: 'Send to unknown' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send to unknown recipients?' });
    await confirm.getByText(/2 messages were in flight when the sender stopped.*may give some of these recipients the message twice/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    t.same(unknown.map((user) => botTexts(server, user.telegramId).filter((text) => text === notice).length), [0, 0], 'cancelled: nothing sent');

    await dialog.getByRole('button', { name: 'Send to unknown' }).click();
    await confirm.getByRole('button', { name: 'Send to unknown' }).click();
    await toast(page, 'Sending to the unknown recipients');
    await dialog.getByText('Finished: sent').waitFor({ timeout: 15_000 });
    await dialog.locator('dt', { hasText: 'Unknown' }).locator('xpath=following-sibling::dd[1]', { hasText: /^0$/ }).waitFor({ timeout: 15_000 });
    for (const user of BOT_USERS) {
      const copies = botTexts(server, user.telegramId).filter((text) => text === notice).length;
      t.equal(copies, user === known ? 0 : 1, user === known ? `${user.firstName}, already delivered, was not sent it` : `${user.firstName}, unknown, was sent it once`);
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  });

  await t.test('at 375 px the screen fits the width', async (t) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await compose.getByRole('button', { name: 'Send Broadcast' }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    t.ok(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
  });
});

t.test('an admin sends a broadcast in two languages: the composer counts each language, and each user gets theirs', async (t) => {
  const server = await serverWithBotUsers(t);
  // Amira's Telegram is in Ukrainian; Bashir chose Ukrainian with /language; Carmen's German has no text of its own.
  const [amira, bashir, carmen] = BOT_USERS.map((user) => user.telegramId) as [number, number, number];
  await server.sql`UPDATE telegram_users SET language_code = 'uk' WHERE telegram_id = ${amira}`;
  await server.sql`UPDATE telegram_users SET language_code = 'en', chosen_language = 'uk' WHERE telegram_id = ${bashir}`;
  await server.sql`UPDATE telegram_users SET language_code = 'de' WHERE telegram_id = ${carmen}`;
  const { page, compose } = await composerAs(t, server, { width: 375, height: 800 });
  const byLanguage = compose.getByRole('region', { name: 'Recipients by language' }).getByRole('listitem');

  await compose.getByText('Message Content is the English text, the default: users whose language has no text of its own get it.').waitFor();
  await byLanguage.first().waitFor();
  t.same(await byLanguage.allInnerTexts(), ['Українська · 2 recipients\nfalls back to Message Content', 'Deutsch · 1 recipient\nfalls back to Message Content']);

  await compose.getByLabel('Message Title').fill('Flu shots');
  await compose.getByLabel('Message Content').fill('Hello {first_name}, flu shots start on Monday.');
  await compose.getByLabel('Add a language').selectOption({ label: 'Українська' });
  await compose.getByLabel('Українська text').fill('Привіт, {first_name}! Щеплення від грипу з понеділка.');
  await byLanguage.first().getByText('gets their own text').waitFor();
  t.same(await byLanguage.allInnerTexts(), ['Українська · 2 recipients\ngets their own text', 'Deutsch · 1 recipient\nfalls back to Message Content']);
  t.strictSame(await layoutProblems(page), [], 'at 375 px the composer with a second language fits');

  const box = page.getByRole('form', { name: 'Send Test Message' });
  await box.getByLabel('Test User ID').fill(String(carmen));
  t.equal(await box.getByLabel('Test Language').inputValue(), 'en', 'the test goes in the default language unless told');
  t.same(await box.getByLabel('Test Language').locator('option').allInnerTexts(), ['English', 'Українська'], 'the languages this broadcast has a text in');
  await box.getByLabel('Test Language').selectOption({ label: 'Українська' });
  await box.getByRole('button', { name: 'Send Test' }).click();
  await toast(page, 'Test message sent successfully');
  t.same(botTexts(server, carmen), ['Привіт, Carmen! Щеплення від грипу з понеділка.'], 'the Ukrainian text, to whoever tests it');

  await sendToEveryone(page, compose);
  await toast(page, 'Broadcast message sent successfully');
  t.equal(await compose.getByLabel('Українська text').count(), 0, 'the form is reset, its languages too');
  const live = page.getByRole('region', { name: 'Live Progress' });
  await live.getByText('Finished: sent').waitFor({ timeout: 15_000 });
  t.same(botTexts(server, amira), ['Привіт, Amira! Щеплення від грипу з понеділка.']);
  t.same(botTexts(server, bashir), ['Привіт, Bashir! Щеплення від грипу з понеділка.']);
  t.same(botTexts(server, carmen).at(-1), 'Hello Carmen, flu shots start on Monday.', 'German has no text: Carmen gets the content');

  await live.getByRole('button', { name: 'View failed recipients and details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flu shots' });
  const delivered = dialog.getByRole('region', { name: 'By language' }).getByRole('listitem');
  await delivered.first().waitFor();
  t.same(await delivered.allInnerTexts(), ['Українська · 2 of 2 recipients delivered\nown text', 'Deutsch · 1 of 1 recipient delivered\nmain content']);
  await dialog.getByText('Привіт, {first_name}! Щеплення від грипу з понеділка.').waitFor();
  // The send's toast lies over the dialog's corner until it goes: the layout is judged without it.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  t.strictSame(await layoutProblems(page), [], 'at 375 px the details fit');
});

for (const staff of [VIEWER, EDITOR]) {
  t.test(`a ${staff.role} is refused the broadcast screen`, async (t) => {
    const server = await startTestServer();
    t.teardown(() => server.close());
    await server.createUser(staff);
    const browser = await launchBrowser();
    t.teardown(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, server.url, staff.username, staff.password);
    await openScreen(page, server);
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    await page.getByText('Only Admin and Super Admin users can send broadcast messages.').waitFor();
    t.equal(await page.getByRole('button', { name: 'Send Broadcast' }).count(), 0, 'no send button');
    t.equal(await page.getByLabel('Message Title').count(), 0, 'no compose form');
  });
}

t.test('the composer refuses a placeholder no recipient has, naming it; the known ones are filled for each user', async (t) => {
  const server = await serverWithBotUsers(t);
  const [amira, bashir, carmen] = BOT_USERS.map((user) => user.telegramId) as [number, number, number];
  await server.sql`UPDATE telegram_users SET language_code = 'uk' WHERE telegram_id = ${amira}`;
  // Searches used today (the default daily limit is 3), none at the limit: the wait until the next is not told.
  await server.sql`
    INSERT INTO daily_usage (telegram_id, usage_date, used)
    SELECT id, (now() AT TIME ZONE 'UTC')::date, used FROM unnest(${[amira, bashir]}::bigint[], ${[1, 2]}::int[]) AS u(id, used)`;
  const { page, compose } = await composerAs(t, server, { width: 375, height: 800 });
  const known = 'Known: {first_name}, {last_name}, {username}, {daily_limit}, {remaining}, {reset_time}, {searches_left}.';

  await compose.getByLabel('Message Title').fill('Searches');
  await compose.getByLabel('Message Content').fill('You have {remainig} searches left.');
  await compose.getByRole('alert').getByText(`Unknown placeholder {remainig}. ${known}`, { exact: true }).waitFor();
  await compose.getByRole('button', { name: 'Send Broadcast' }).click();
  await toast(page, `Unknown placeholder {remainig}. ${known}`);

  await compose.getByLabel('Message Content').fill('Hello {first_name}: {searches_left}.');
  await compose.getByRole('alert').waitFor({ state: 'detached' });
  await compose.getByLabel('Add a language').selectOption({ label: 'Українська' });
  await compose.getByLabel('Українська text').fill('Привіт, {name}: {searches_left}.');
  await compose.getByRole('button', { name: 'Send Broadcast' }).click();
  await toast(page, `Unknown placeholder {name}. ${known}`);
  t.equal((await server.sql`SELECT count(*)::int AS n FROM broadcasts`)[0]!.n, 0, 'nothing was queued');

  await compose.getByLabel('Українська text').fill('Привіт, {first_name}: {searches_left}.');
  await sendToEveryone(page, compose);
  await toast(page, 'Broadcast message sent successfully');
  await page.getByRole('region', { name: 'Live Progress' }).getByText('Finished: sent').waitFor({ timeout: 15_000 });
  t.same(botTexts(server, amira), ['Привіт, Amira: У вас 2 пошуки з 3 на сьогодні.']);
  t.same(botTexts(server, bashir), ['Hello Bashir: 1 of 3 searches left today.']);
  t.same(botTexts(server, carmen), ['Hello Carmen: 3 of 3 searches left today.']);
});
