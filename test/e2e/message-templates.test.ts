import t from 'tap';
import { launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { upsertTelegramUser } from '../../sql/bot-users.js';

const EDITOR = { username: 'ella', password: 'ella-the-editor-pass', role: 'editor' as const };
const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };

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
  await upsertTelegramUser(server.sql, { telegramId: 424242, firstName: 'Zoë <b>', lastName: null, username: 'zoe', languageCode: 'en' }, new Date());
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const stored = async (name: string) =>
    (await server.sql<TemplateRow[]>`SELECT name, type, content, variables, is_active FROM message_templates WHERE name = ${name}`)[0];
  const card = (name: string) => page.getByRole('article', { name });

  await signIn(page, server.url, EDITOR.username, EDITOR.password);
  await page.goto(`${server.url}/messaging/templates`);
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
    await dialog.getByRole('button', { name: 'Close' }).click();
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

  await t.test('Send opens the broadcast composer with the template chosen', async (t) => {
    const template = (await server.sql<{ id: number }[]>`SELECT id FROM message_templates WHERE name = 'Autumn checkup'`)[0]!;
    await page.getByRole('button', { name: 'Send Autumn checkup' }).click();
    await page.waitForURL(new RegExp(`/messaging/broadcasts\\?templateId=${template.id}$`));
    await page.goBack();
    await card('Autumn checkup').waitFor();
    t.pass();
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
    await signIn(viewerPage, server.url, VIEWER.username, VIEWER.password);
    await viewerPage.goto(`${server.url}/templates`);
    await viewerPage.getByText('Only Editor, Admin and Super Admin users can manage message templates.').waitFor();
    t.equal(await viewerPage.getByRole('button', { name: 'Create Template' }).count(), 0);
    await context.close();
  });
});
