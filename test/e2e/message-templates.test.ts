import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { upsertTelegramUser } from '../../sql/bot-users.js';
import { layoutProblems } from '../helpers/layout.js';
import { apiAs, fieldProblem, refusalOf, requestsTo } from '../helpers/refused-filter.js';
import { TEMPLATE_SEARCH_MAX_LENGTH } from '../../api/contract/message-templates.js';

const EDITOR = { username: 'ella', password: 'ella-the-editor-pass', role: 'editor' as const };
const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };
const ADMIN = { username: 'adam', password: 'adam-the-admin-pass', role: 'admin' as const };

interface TemplateRow {
  name: string;
  type: string;
  content: string;
  variables: string[];
  isActive: boolean;
}

t.test('an editor writes, previews, edits and deletes a template on the Message Templates screen', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.createUser(VIEWER);
  // The English templates only, of those seeded in every language: the screen's cards are named by type.
  await server.sql`DELETE FROM message_templates WHERE language <> 'en'`;
  await upsertTelegramUser(server.sql, { telegramId: 424242, firstName: 'Zoë <b>', lastName: null, username: 'zoe', languageCode: 'en' }, new Date());
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const stored = async (name: string) =>
    (await server.sql<TemplateRow[]>`SELECT name, type, content, variables, is_active FROM message_templates WHERE name = ${name}`)[0];
  const card = (name: string) => page.getByRole('article', { name });

  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/messaging/templates');
  await page.getByRole('heading', { name: 'Message Templates', level: 1 }).waitFor();
  await card('Welcome').waitFor();

  await t.test('search and the type filter narrow the cards, and the empty state says so', async (t) => {
    await page.getByLabel('Type').selectOption('help');
    await card('Help').waitFor();
    await card('Welcome').waitFor({ state: 'detached' });
    t.match(page.url(), /type=help/, 'the filter is in the URL');
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Search templates').fill('no template says this');
    await page.getByRole('heading', { name: 'No templates match' }).waitFor();
    await page.getByLabel('Search templates').fill('');
    await card('Welcome').waitFor();
    t.pass();
  });

  await t.test('two filters changed before the screen renders again are both kept', async (t) => {
    // Both changes in one task of the page: the second is made before React Router renders the first.
    await page.evaluate(`(() => {
      for (const [label, value] of [['Type', 'help'], ['Language', 'en']]) {
        const select = [...document.querySelectorAll('label')].find((element) => element.textContent.trim() === label).control;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    })()`);
    await card('Welcome').waitFor({ state: 'detached' });
    const query = new URL(page.url()).searchParams;
    t.same([query.get('type'), query.get('language')], ['help', 'en'], 'the address has both');
    t.equal(await page.getByLabel('Type').inputValue(), 'help', 'the Type filter shows the first change');
    await page.goto(`${server.url}/messaging/templates`);
    await card('Welcome').waitFor();
  });

  await t.test("a search too long for the API, in the address: the box says so in the API's words, nothing asked", async (t) => {
    const search = 'q'.repeat(TEMPLATE_SEARCH_MAX_LENGTH + 1);
    const message = 'Search can be at most 200 characters. Shorten it.';
    const get = await apiAs(server.url, EDITOR.username, EDITOR.password);
    t.equal(await refusalOf(await get(`/api/message-templates?search=${search}`), 'search'), message, 'the API refuses it in these words');

    const longPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => longPage.close());
    await signInAs(longPage, server.url, EDITOR.username, EDITOR.password);
    const asked = requestsTo(longPage, '/api/message-templates');
    await longPage.goto(`${server.url}/messaging/templates?search=${search}`);
    await longPage.getByText(message, { exact: true }).or(longPage.getByRole('alert')).or(longPage.getByRole('heading', { name: 'No templates match' })).first().waitFor();
    t.equal(await longPage.getByRole('alert').count(), 0, 'no "Failed to load templates" banner');
    t.same(asked, [], 'no request the API would refuse');
    t.same(await fieldProblem(longPage, 'Search templates'), { invalid: 'true', message }, "Search templates is marked wrong and says why in the API's words");
    t.equal(await longPage.getByText('Change the search to see the templates that match it.', { exact: true }).count(), 1, 'the list says what it waits for');
    await longPage.getByLabel('Search templates').fill('');
    await longPage.getByRole('article', { name: 'Welcome' }).waitFor();
    t.equal(await longPage.getByText(message, { exact: true }).count(), 0, 'a search the API takes ends it');
  });

  await t.test('creates a template: Create is disabled until name and content are filled, variables show as typed', async (t) => {
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    t.ok(await create.isDisabled(), 'disabled when empty');
    await dialog.getByLabel('Name').fill('Spring checkup');
    t.ok(await create.isDisabled(), 'disabled with a name only');
    await dialog.getByLabel('Type').selectOption('broadcast');
    await dialog.getByLabel('Content').fill('<b>Hi {first_name}</b>! {first_name}, you have {remaining} of {daily_limit} searches. {promo_code}');
    const variables = dialog.getByRole('region', { name: 'Detected variables' }).getByRole('listitem');
    t.strictSame(await variables.allInnerTexts(), ['first_name', 'remaining', 'daily_limit', 'promo_code'], 'de-duplicated, in order');
    await dialog.getByText('The bot does not know {promo_code}').waitFor();
    await dialog.getByLabel('Content').fill('x'.repeat(4100));
    await dialog.getByText(/Too long for Telegram: 4,100 characters once rendered/).waitFor();
    await dialog.getByLabel('Content').fill('<b>Hi {first_name}</b>! {first_name}, you have {remaining} of {daily_limit} searches & more.');
    await dialog.getByText(/Too long for Telegram/).waitFor({ state: 'detached' });
    t.ok(await create.isEnabled(), 'enabled with name and content');
    await create.click();
    await page.getByText('Template created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card('Spring checkup').waitFor();
    t.match(await stored('Spring checkup'), { type: 'broadcast', variables: ['first_name', 'remaining', 'daily_limit'], isActive: true });
    t.strictSame(await card('Spring checkup').getByRole('list', { name: 'Variables' }).getByRole('listitem').allInnerTexts(), ['first_name', 'remaining', 'daily_limit']);
    t.match(await card('Spring checkup').innerText(), /Broadcast[\s\S]*Active/);
  });

  await t.test('previews it as the bot sends it: sample values, then a real user escaped', async (t) => {
    await page.getByRole('button', { name: 'Preview Spring checkup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: Spring checkup' });
    const message = dialog.getByTestId('telegram-message');
    await message.getByText('Hi John', { exact: true }).waitFor();
    t.equal(await message.locator('strong').innerText(), 'Hi John', '<b> renders as bold');
    t.equal(await message.innerText(), 'Hi John! John, you have 2 of 3 searches & more.');
    await dialog.getByLabel('Find a bot user').fill('zo');
    await dialog.getByLabel('Fill placeholders with').locator('option', { hasText: '424242' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Fill placeholders with').selectOption('424242');
    await message.getByText('Hi Zoë <b>', { exact: true }).waitFor();
    t.equal(await message.locator('strong').count(), 1, "the user's markup is text, not a tag");
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  await t.test('edits it', async (t) => {
    await page.getByRole('button', { name: 'Edit Spring checkup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    t.equal(await dialog.getByLabel('Name').inputValue(), 'Spring checkup');
    await dialog.getByLabel('Name').fill('Autumn checkup');
    await dialog.getByLabel('Content').fill('See you, {username}!');
    await dialog.getByLabel('Active').uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Template updated successfully').waitFor();
    await card('Autumn checkup').waitFor();
    t.match(await stored('Autumn checkup'), { content: 'See you, {username}!', variables: ['username'], isActive: false });
    t.match(await card('Autumn checkup').innerText(), /Inactive/);
  });

  await t.test('refuses to deactivate the last active welcome template, with the server’s reason', async (t) => {
    await page.getByRole('button', { name: 'Edit Welcome' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await dialog.getByLabel('Active').uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Failed to update template').waitFor();
    await page.getByText('The bot needs an active welcome template: activate another one first').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    t.equal((await stored('Welcome'))?.isActive, true);
  });

  await t.test('an editor, who may not broadcast, is offered no Send (it led to "Access Restricted")', async (t) => {
    await card('Autumn checkup').waitFor();
    t.equal(await page.getByRole('button', { name: /^Send / }).count(), 0, 'no Send on any card');
  });

  await t.test('deletes it after the confirmation', async (t) => {
    await page.getByRole('button', { name: 'Delete Autumn checkup' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Autumn checkup?' });
    await dialog.getByText('Are you sure you want to delete this template?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Template deleted successfully').waitFor();
    await card('Autumn checkup').waitFor({ state: 'detached' });
    t.equal(await stored('Autumn checkup'), undefined);
  });

  await t.test('a viewer gets the access message instead of the screen', async (t) => {
    const context = await browser.newContext();
    const viewerPage = await context.newPage();
    await signInAs(viewerPage, server.url, VIEWER.username, VIEWER.password, '/templates');
    await viewerPage.getByText('Only Editor, Admin and Super Admin users can manage message templates.').waitFor();
    t.equal(await viewerPage.getByRole('button', { name: 'Create Template' }).count(), 0);
    await context.close();
  });
});

t.test('an admin sends an active template; an inactive one says why it cannot be sent', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  // One active template per type and language: the seeded broadcast one steps aside.
  await server.sql`UPDATE message_templates SET is_active = false WHERE type = 'broadcast' AND language = 'en'`;
  const [active] = await server.sql<{ id: number }[]>`
    INSERT INTO message_templates (name, type, content, variables, is_active)
    VALUES ('Open hours', 'broadcast', 'We are open, {first_name}.', '{first_name}', true) RETURNING id`;
  await server.sql`
    INSERT INTO message_templates (name, type, content, variables, is_active)
    VALUES ('Old notice', 'broadcast', 'This notice is retired.', '{}', false)`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/messaging/templates');
  // The templates of every language make a long list, whose groups start closed.
  await page.getByRole('button', { name: /^Broadcast / }).click();

  const inactiveSend = page.getByRole('article', { name: 'Old notice' }).getByRole('button', { name: 'Send Old notice' });
  await inactiveSend.waitFor();
  t.ok(await inactiveSend.isDisabled(), 'Send is disabled on an inactive template');
  const reasonId = await inactiveSend.getAttribute('aria-describedby');
  t.equal(await page.locator(`[id="${reasonId}"]`).innerText(), 'Inactive: check Active in Edit to send it.', 'and says why, visibly and as its description');

  await page.getByRole('button', { name: 'Send Open hours' }).click();
  await page.waitForURL(new RegExp(`/messaging/broadcasts\\?templateId=${active!.id}$`));
  await page.getByRole('heading', { name: 'Broadcast Messages', level: 1 }).waitFor();
  t.equal(await page.getByText('Access Restricted').count(), 0, 'the broadcast form, not a refusal');
});

t.test('at 375 px the screen fits, and a toast leaves the Create dialog\'s buttons free', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  // Inactive, so its card carries the reason beside a disabled Send (an admin sees Send).
  await server.sql`
    INSERT INTO message_templates (name, type, content, variables, is_active)
    VALUES ('A template whose name is long enough to wrap on a phone', 'broadcast', 'Hello {first_name}.', '{first_name}', false)`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/messaging/templates');
  await page.getByRole('button', { name: /^Broadcast / }).click();
  await page.getByRole('article', { name: 'A template whose name is long enough to wrap on a phone' }).waitFor();
  t.strictSame(await layoutProblems(page), [], 'no sideways scroll, every button inside the 375 px viewport');
  await page.getByRole('article', { name: 'A template whose name is long enough to wrap on a phone' }).screenshot({ path: '.tap/screenshots/templates-inactive-card-375.png' });

  // The server refuses, so the dialog stays open under the failure toast.
  await page.route('**/api/message-templates', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Conflict', message: 'A template with this name exists' }) })
      : route.continue());
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByLabel('Name').fill('Clash');
  await dialog.getByLabel('Content').fill('Hello {first_name}.');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await page.locator('[data-sonner-toast][data-mounted="true"]').getByText('Failed to create template').waitFor();
  // Sonner slides a toast in: judge where it comes to rest, once its transitions have finished.
  await page.locator('[data-sonner-toaster]').evaluate((toaster) =>
    Promise.all((toaster as { getAnimations(options: { subtree: boolean }): { finished: Promise<unknown> }[] }).getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  t.ok(await dialog.getByRole('button', { name: 'Cancel' }).isVisible(), 'the dialog is still open');
  t.strictSame(await layoutProblems(page), [], 'no button of the dialog lies under the toast, none leaves the viewport');
  await page.screenshot({ path: '.tap/screenshots/templates-create-toast-375.png' });
});
