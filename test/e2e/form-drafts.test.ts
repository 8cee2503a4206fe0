import t, { type Test } from 'tap';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, loginScreenReloaded, signIn } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// One product and one browser for the file; each case uses its own users and browser context.
const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

const ROOT = { username: 'root', password: 'root-password-for-tests' };
const COMPOSE_NOTE = 'Restored the text you had not sent.';
const TEMPLATE_NOTE = 'Restored your unsaved changes.';
const DRAFT_PREFIX = 'medcontacts-draft:';
const DAY_MS = 24 * 60 * 60 * 1000;

// The broadcast goes to someone: one bot user, in the database and in the simulated Telegram.
await server.sql`INSERT INTO telegram_users (telegram_id, first_name, last_seen) VALUES (710001, 'Dina', now())`;
server.simulator.upsertUser({ id: 710001, first_name: 'Dina' });

async function newContext(t: Test): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => context.close());
  return { context, page: await context.newPage() };
}

const rootToken = () => server.tokenOf(ROOT);

/** As an administrator does with User Management's End Sessions, through the API. */
async function endSessionsOf(t: Test, userId: number): Promise<void> {
  const response = await fetch(`${server.url}/api/admin/users/${userId}/end-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await rootToken()}` },
  });
  t.equal(response.status, 200, 'the administrator ended the sessions');
}

async function changeRole(t: Test, userId: number, role: string): Promise<void> {
  const response = await fetch(`${server.url}/api/admin/users/${userId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await rootToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ role }),
  });
  t.equal(response.status, 200, 'the role was changed');
}

/**
 * The console finds the session ended at its next request (the notifications poll every 5 s) and lands on
 * /login?clear=1, which clears the browser's state and reloads itself once without clear=1: signing in
 * before that reload would be aborted by it.
 */
async function forcedToLogin(page: Page, reason: string, sentence: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('reason') === reason, { waitUntil: 'commit', timeout: 15_000 });
  await page.getByRole('status').getByText(sentence).waitFor();
  await loginScreenReloaded(page);
}

/** The drafts this browser keeps, by key (read through the context: the tests compile without DOM types). */
async function storedDrafts(context: BrowserContext): Promise<Map<string, string>> {
  const { origins } = await context.storageState();
  const items = origins.find(({ origin }) => origin === server.url)?.localStorage ?? [];
  return new Map(items.filter(({ name }) => name.startsWith(DRAFT_PREFIX)).map(({ name, value }) => [name, value]));
}

async function openBroadcasts(page: Page): Promise<Locator> {
  await page.goto(`${server.url}/messaging/broadcasts`);
  await page.getByRole('heading', { name: 'Broadcast Messages', level: 1 }).waitFor();
  const compose = page.getByRole('form', { name: 'Compose Broadcast' });
  // A draft fills the form as it first shows.
  await compose.getByLabel('Message Title').waitFor();
  return compose;
}

/** The English templates only: each type's card has one name in every language. */
async function openTemplates(page: Page): Promise<void> {
  await page.goto(`${server.url}/messaging/templates?language=en`);
  await page.getByRole('heading', { name: 'Message Templates', level: 1 }).waitFor();
}

async function write(compose: Locator, title: string, content: string): Promise<void> {
  await compose.getByLabel('Message Title').fill(title);
  await compose.getByLabel('Message Content').fill(content);
}

async function composeValues(compose: Locator): Promise<{ title: string; content: string }> {
  return { title: await compose.getByLabel('Message Title').inputValue(), content: await compose.getByLabel('Message Content').inputValue() };
}

t.test('compose: the text typed when an administrator ended the session is back after signing in again, until it is sent', async (t) => {
  const admin = { username: 'bea', password: 'bea-the-admin-pass', role: 'admin' as const };
  const { id } = await server.createUser(admin);
  const { context, page } = await newContext(t);
  await signIn(page, server.url, admin.username, admin.password);
  let compose = await openBroadcasts(page);
  await compose.getByLabel('Selected Users').check();
  await compose.getByRole('checkbox', { name: /Dina/ }).check();
  await write(compose, 'Clinic closed on Friday', 'Dear {first_name}, the clinic is closed on Friday.\nSee you on Monday.');

  await endSessionsOf(t, id);
  await forcedToLogin(page, 'ended_by_admin', 'An administrator ended your session. Sign in again.');
  t.equal((await storedDrafts(context)).size, 1, 'the draft outlived the clearing of the browser state');

  await signIn(page, server.url, admin.username, admin.password);
  compose = await openBroadcasts(page);
  const note = compose.getByRole('status').filter({ hasText: COMPOSE_NOTE });
  await note.waitFor();
  t.equal((await note.innerText()).replace(/\s+/g, ' ').trim(), `${COMPOSE_NOTE} Discard`, 'the note says so, with Discard');
  t.strictSame(await composeValues(compose), { title: 'Clinic closed on Friday', content: 'Dear {first_name}, the clinic is closed on Friday.\nSee you on Monday.' }, 'the title and message as typed');
  t.ok(await compose.getByLabel('Selected Users').isChecked(), 'the target choice is back');
  t.ok(await compose.getByRole('checkbox', { name: /Dina/ }).isChecked(), 'and the ticked user');
  await compose.getByText('Sends to 1 selected user.').waitFor();

  await compose.getByRole('button', { name: 'Send Broadcast' }).click();
  await page.locator('[data-sonner-toast]').getByText('Broadcast message sent successfully', { exact: true }).first().waitFor();
  await note.waitFor({ state: 'detached' });
  t.strictSame(await composeValues(compose), { title: '', content: '' }, 'the form is empty after the send');
  t.same([...(await storedDrafts(context)).keys()], [], 'the draft is gone');
  const [sent] = await server.sql<{ title: string; content: string }[]>`SELECT title, content FROM broadcasts ORDER BY id DESC LIMIT 1`;
  t.strictSame({ ...sent }, { title: 'Clinic closed on Friday', content: 'Dear {first_name}, the clinic is closed on Friday.\nSee you on Monday.' }, 'what was sent is the restored text');

  compose = await openBroadcasts(page);
  t.strictSame(await composeValues(compose), { title: '', content: '' }, 'a reload shows an empty form');
  t.equal(await compose.getByText(COMPOSE_NOTE).count(), 0, 'and no note');
});

t.test('template editor: unsaved changes to a template survive a role change, and saving them ends the draft', async (t) => {
  const editor = { username: 'ed', password: 'ed-the-editor-pass', role: 'editor' as const };
  const { id } = await server.createUser(editor);
  const { context, page } = await newContext(t);
  await signIn(page, server.url, editor.username, editor.password);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Edit Welcome', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Template' });
  const before = await dialog.getByLabel('Content').inputValue();
  const changed = `${before}\n\nOpening hours: 9 to 17.`;
  await dialog.getByLabel('Content').fill(changed);
  await dialog.getByLabel('Name').fill('Welcome (summer)');

  await changeRole(t, id, 'admin');
  await forcedToLogin(page, 'role_changed', 'Your role was changed to Admin. Sign in again to continue.');
  await signIn(page, server.url, editor.username, editor.password);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Edit Welcome', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Template' });
  const note = dialog.getByRole('status').filter({ hasText: TEMPLATE_NOTE });
  await note.waitFor();
  t.equal((await note.innerText()).replace(/\s+/g, ' ').trim(), `${TEMPLATE_NOTE} Discard`, 'the note says so, with Discard');
  t.equal(await dialog.getByLabel('Name').inputValue(), 'Welcome (summer)', 'the name as typed');
  t.equal(await dialog.getByLabel('Content').inputValue(), changed, 'the content as typed');

  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Template updated successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const [saved] = await server.sql<{ content: string }[]>`SELECT content FROM message_templates WHERE name = 'Welcome (summer)'`;
  t.equal(saved?.content, changed, 'the restored changes are saved');
  t.same([...(await storedDrafts(context)).keys()], [], 'the draft is gone');

  await page.reload();
  await page.getByRole('button', { name: 'Edit Welcome (summer)' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Template' });
  t.equal(await dialog.getByLabel('Content').inputValue(), changed, 'the edit form opens on the saved template');
  t.equal(await dialog.getByText(TEMPLATE_NOTE).count(), 0, 'with no note');
});

t.test("a restored edit made before a colleague's save is refused as stale, not saved over it", async (t) => {
  const editor = { username: 'stella', password: 'stella-the-editor', role: 'editor' as const };
  const { id } = await server.createUser(editor);
  const { page } = await newContext(t);
  await signIn(page, server.url, editor.username, editor.password);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Edit Help', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await dialog.getByLabel('Content').fill('Help, as Stella wrote it.');

  await endSessionsOf(t, id);
  await forcedToLogin(page, 'ended_by_admin', 'An administrator ended your session. Sign in again.');
  // A colleague saves the template meanwhile.
  await server.sql`UPDATE message_templates SET content = 'Help, as a colleague wrote it.', updated_at = now() WHERE name = 'Help' AND language = 'en'`;

  await signIn(page, server.url, editor.username, editor.password);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Edit Help', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await dialog.getByRole('status').filter({ hasText: TEMPLATE_NOTE }).waitFor();
  t.equal(await dialog.getByLabel('Content').inputValue(), 'Help, as Stella wrote it.', 'her text is back');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Failed to update template').waitFor();
  await page.getByText('This template was changed since you opened it. Close the form and open it again to see that change, then make yours.').waitFor();
  const [help] = await server.sql<{ content: string }[]>`SELECT content FROM message_templates WHERE name = 'Help' AND language = 'en'`;
  t.equal(help?.content, 'Help, as a colleague wrote it.', "the colleague's save stands");
  t.equal(await dialog.getByLabel('Content').inputValue(), 'Help, as Stella wrote it.', 'the text stays in the form');
});

t.test("another staff member signing in on the same browser does not see the first one's draft", async (t) => {
  const first = { username: 'fran', password: 'fran-the-admin-pass', role: 'admin' as const };
  const second = { username: 'gil', password: 'gil-the-admin-pass', role: 'admin' as const };
  const { id } = await server.createUser(first);
  await server.createUser(second);
  const { context, page } = await newContext(t);
  await signIn(page, server.url, first.username, first.password);
  let compose = await openBroadcasts(page);
  await write(compose, 'Fran’s private note', 'Only Fran should see this.');
  await endSessionsOf(t, id);
  await forcedToLogin(page, 'ended_by_admin', 'An administrator ended your session. Sign in again.');

  await signIn(page, server.url, second.username, second.password);
  compose = await openBroadcasts(page);
  t.strictSame(await composeValues(compose), { title: '', content: '' }, 'the second person sees an empty form');
  t.equal(await compose.getByText(COMPOSE_NOTE).count(), 0, 'and no note');
  t.equal((await storedDrafts(context)).size, 1, "the first person's draft is still kept, under their id");

  // The second person signs out (their own choice): only their own drafts go.
  await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await signIn(page, server.url, first.username, first.password);
  compose = await openBroadcasts(page);
  await compose.getByRole('status').filter({ hasText: COMPOSE_NOTE }).waitFor();
  t.strictSame(await composeValues(compose), { title: 'Fran’s private note', content: 'Only Fran should see this.' }, 'the first person gets it back');
});

t.test('signing out oneself clears the draft', async (t) => {
  const admin = { username: 'hal', password: 'hal-the-admin-pass', role: 'admin' as const };
  await server.createUser(admin);
  const { context, page } = await newContext(t);
  await signIn(page, server.url, admin.username, admin.password);
  let compose = await openBroadcasts(page);
  await write(compose, 'Half a thought', 'Not for the next person at this computer.');
  t.equal((await storedDrafts(context)).size, 1, 'kept while typing');

  await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.same([...(await storedDrafts(context)).keys()], [], 'signing out removed it');

  await signIn(page, server.url, admin.username, admin.password);
  compose = await openBroadcasts(page);
  t.strictSame(await composeValues(compose), { title: '', content: '' }, 'the form is empty after signing in again');
  t.equal(await compose.getByText(COMPOSE_NOTE).count(), 0, 'and no note');
});

t.test('Discard clears a restored draft; Cancel forgets an unsaved new template', async (t) => {
  const editor = { username: 'ida', password: 'ida-the-editor-pass', role: 'editor' as const };
  const { id } = await server.createUser(editor);
  const { context, page } = await newContext(t);
  await signIn(page, server.url, editor.username, editor.password);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Create Template' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByLabel('Name').fill('Flu season');
  await dialog.getByLabel('Content').fill('Hello {first_name}, flu shots are available.');

  await endSessionsOf(t, id);
  await forcedToLogin(page, 'ended_by_admin', 'An administrator ended your session. Sign in again.');
  await signIn(page, server.url, editor.username, editor.password);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Create Template' }).click();
  dialog = page.getByRole('dialog', { name: 'Create Template' });
  const note = dialog.getByRole('status').filter({ hasText: TEMPLATE_NOTE });
  await note.waitFor();
  t.equal(await dialog.getByLabel('Name').inputValue(), 'Flu season', 'the new template is back');
  t.equal(await dialog.getByLabel('Content').inputValue(), 'Hello {first_name}, flu shots are available.', 'with its content');

  await note.getByRole('button', { name: 'Discard' }).click();
  await note.waitFor({ state: 'detached' });
  t.equal(await dialog.getByLabel('Name').inputValue(), '', 'Discard empties the form');
  t.equal(await dialog.getByLabel('Content').inputValue(), '', 'content too');
  t.same([...(await storedDrafts(context)).keys()], [], 'and removes the draft');

  await dialog.getByLabel('Name').fill('Second thoughts');
  t.equal((await storedDrafts(context)).size, 1, 'typing keeps a draft again');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.same([...(await storedDrafts(context)).keys()], [], 'Cancel forgets it');
  await page.getByRole('button', { name: 'Create Template' }).click();
  t.equal(await dialog.getByLabel('Name').inputValue(), '', 'the dialog opens empty');
  t.equal(await dialog.getByText(TEMPLATE_NOTE).count(), 0, 'with no note');
});

t.test('a draft older than 7 days, or one that is not a draft, is dropped and the form works', async (t) => {
  const admin = { username: 'jo', password: 'jo-the-admin-pass', role: 'admin' as const };
  const { id } = await server.createUser(admin);
  const { context, page } = await newContext(t);
  await signIn(page, server.url, admin.username, admin.password);
  const key = `${DRAFT_PREFIX}${id}:broadcast-compose`;
  const old = { savedAt: Date.now() - 8 * DAY_MS, values: { type: 'all', title: 'Old', content: 'Stale text', translations: {}, templateId: null, selectedUsers: [] } };
  const stored = [JSON.stringify(old), 'not json {', JSON.stringify({ savedAt: Date.now(), values: { title: 42 } })];
  for (const text of stored) {
    await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(text)})`);
    const compose = await openBroadcasts(page);
    t.strictSame(await composeValues(compose), { title: '', content: '' }, `not restored: ${text.slice(0, 30)}`);
    t.equal(await compose.getByText(COMPOSE_NOTE).count(), 0, 'no note');
    t.same([...(await storedDrafts(context)).keys()], [], 'and removed');
  }
  const compose = await openBroadcasts(page);
  await write(compose, 'Fresh', 'Works as ever.');
  t.equal((await storedDrafts(context)).size, 1, 'a new draft is kept');
});
