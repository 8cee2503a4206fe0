import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { insertTelegramUsers, type NewTelegramUser } from '../../sql/bot-users.js';

// In the console: a Ukrainian template written and previewed in Ukrainian, the Bot Users
// language column, and the Bot Sandbox chatting as a Ukrainian user.
const EDITOR = { username: 'ella', password: 'ella-the-editor-pass', role: 'editor' as const };
const ADMIN = { username: 'sam', password: 'sam-the-admin-pass', role: 'admin' as const };
const GROUP = { id: -1009990017, title: 'Kyiv Clinics' };

async function anAuthorizedGroup(server: TestServer): Promise<void> {
  await server.sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${GROUP.id}, ${GROUP.title}, 5)`;
  const owner = server.simulator.upsertUser({ id: 881000, first_name: 'Owner' });
  server.simulator.createGroup({ id: GROUP.id, title: GROUP.title, type: 'supergroup' });
  server.simulator.addMember(GROUP.id, owner.id, 'creator');
  server.simulator.addBot(GROUP.id, owner.id, 'administrator');
}

function someUsers(now: Date): NewTelegramUser[] {
  const base = { lastName: null, username: null, isActive: true, isBlocked: false, totalRequests: 4, createdAt: new Date(now.getTime() - 86_400_000) };
  return [
    { ...base, telegramId: 9101, firstName: 'Olena', lastName: 'Kovalenko', username: 'olena_kovalenko', languageCode: 'uk', lastSeen: new Date(now.getTime() - 60_000) },
    { ...base, telegramId: 9102, firstName: 'Piotr', languageCode: 'pl', lastSeen: new Date(now.getTime() - 120_000) },
    { ...base, telegramId: 9103, firstName: 'Hana', languageCode: 'ja', lastSeen: new Date(now.getTime() - 180_000) },
    { ...base, telegramId: 9104, firstName: 'Marta', languageCode: 'en', lastSeen: new Date(now.getTime() - 240_000) },
  ];
}

t.test('the console speaks the bot users’ languages', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.createUser(ADMIN);
  await anAuthorizedGroup(server);
  const now = new Date();
  await insertTelegramUsers(server.sql, someUsers(now));
  await server.sql`UPDATE telegram_users SET chosen_language = 'uk' WHERE telegram_id = 9104`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password);

  await t.test('writes a Ukrainian welcome template and previews it in Ukrainian', async (t) => {
    await page.goto(`${server.url}/messaging/templates`);
    await page.getByRole('heading', { name: 'Message Templates', level: 1 }).waitFor();
    // Only the English welcome of the ones seeded in every language.
    await server.sql`DELETE FROM message_templates WHERE type = 'welcome' AND language <> 'en'`;
    await page.reload();
    const languages = page.getByRole('region', { name: 'Languages' });
    await languages.getByText('Welcome: Missing: Ukrainian, Polish, German, French, Spanish, Italian, Portuguese').waitFor();

    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Name').fill('Вітання');
    await dialog.getByLabel('Type').selectOption('welcome');
    await dialog.getByLabel('Language').selectOption('uk');
    await dialog.getByLabel('Content').fill('<b>Вітаю, {first_name}!</b> Шукаєте лікаря у місті {city}?');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Template created successfully').waitFor();
    await page.getByText('It is the active Welcome template in Ukrainian; any other one was deactivated.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [stored] = await server.sql<{ type: string; language: string; isActive: boolean }[]>`
      SELECT type, language, is_active FROM message_templates WHERE name = 'Вітання'`;
    t.match(stored, { type: 'welcome', language: 'uk', isActive: true });
    await languages.getByText('Welcome: Missing: Polish, German, French, Spanish, Italian, Portuguese').waitFor();
    // The templates of every language make a long list, whose groups start closed; English, the default, leads the Welcome group.
    await page.getByRole('button', { name: 'Welcome 2 templates English, Ukrainian' }).click();
    t.match(await page.getByRole('article', { name: 'Вітання' }).innerText(), /Welcome[\s\S]*Ukrainian[\s\S]*Active/);
    const english = await server.sql`SELECT 1 FROM message_templates WHERE type = 'welcome' AND language = 'en' AND is_active`;
    t.equal(english.length, 1, 'the English welcome stays active');

    await page.getByLabel('Language', { exact: true }).selectOption('uk');
    await page.getByRole('article', { name: 'Вітання' }).waitFor();
    await page.getByRole('article', { name: 'Welcome', exact: true }).waitFor({ state: 'detached' });
    t.match(page.url(), /language=uk/, 'the language filter is in the URL');

    await page.getByRole('button', { name: 'Preview Вітання' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Вітання' });
    t.equal(await preview.getByLabel('Preview language').inputValue(), 'uk', "the template's language first");
    const message = preview.getByTestId('telegram-message');
    await message.getByText('Вітаю, Олена!', { exact: true }).waitFor();
    t.equal(await message.innerText(), 'Вітаю, Олена! Шукаєте лікаря у місті Київ?', 'Ukrainian sample values');
    await preview.getByLabel('Preview language').selectOption('en');
    await message.getByText('Вітаю, John!', { exact: true }).waitFor();
    t.match(await message.innerText(), /у місті London\?$/, "another language's samples");
    await preview.getByRole('button', { name: 'Close', exact: true }).click();
  });

  await t.test('Bot Users shows each language and whether it was chosen, cut at no width', async (t) => {
    await page.goto(`${server.url}/users`);
    const row = (name: string) => page.getByRole('listitem', { name });
    await row('Olena Kovalenko').waitFor();
    const language = async (name: string) => (await row(name).locator('dt:text-is("Language") + dd').innerText()).replace(/\s+/g, ' ');
    t.equal(await language('Olena Kovalenko'), 'Ukrainian Automatic');
    t.equal(await language('Piotr'), 'Polish Automatic');
    t.equal(await language('Hana'), 'English Automatic', 'a language the bot lacks: the default');
    t.equal(await language('Marta'), 'Ukrainian Chosen');

    await page.getByLabel('Language', { exact: true }).selectOption('uk');
    await page.getByRole('heading', { name: 'Users Overview (2)' }).waitFor();
    t.match(page.url(), /language=uk/);

    for (const width of [1440, 1024, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await row('Olena Kovalenko').waitFor();
      t.strictSame(await layoutProblems(page), [], `${width} px: every button inside the viewport, no sideways scroll`);
      const cut = await page.evaluate<string[]>(`Array.from(document.querySelectorAll('[role="listitem"] dd'))
        .filter((value) => value.scrollWidth > value.clientWidth + 1)
        .map((value) => value.textContent)`);
      t.strictSame(cut, [], `${width} px: no figure is cut`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await row('Marta').getByRole('button', { name: 'View Details of Marta' }).click();
    const details = page.getByRole('dialog', { name: 'Marta' });
    await details.getByText('Ukrainian: chosen with /language').waitFor();
    await details.getByRole('button', { name: 'Close dialog' }).click();
  });

  await t.test('the analytics overview charts requests by language, with its window', async (t) => {
    await server.sql`
      INSERT INTO bot_logs (created_at, level, message, user_id, language)
      SELECT ${now} - make_interval(mins => n), 'INFO', 'location', 9101, (ARRAY['uk', 'uk', 'uk', 'pl', 'en'])[n]
      FROM generate_series(1, 5) AS n`;
    await page.goto(`${server.url}/analytics?period=7d`);
    const card = page.getByTestId('requests-by-language');
    await card.getByText('Requests by Language', { exact: true }).waitFor();
    t.match(await card.innerText(), /^Requests by Language\s+Today and the 6 days before, from 00:00 on .+ \(UTC\) to now\. Each request counts/, 'the window sentence');
    const rows = card.getByTestId('language-requests').getByRole('listitem');
    // The figures equal the raw rows' (the earlier steps logged requests too): the three Ukrainian ones inserted lead.
    const raw = await server.sql<{ language: string; requests: number }[]>`
      SELECT language, count(*)::int AS requests FROM bot_logs WHERE language IS NOT NULL AND created_at > now() - interval '6 days' GROUP BY language`;
    const names: Record<string, string> = { uk: 'Ukrainian', pl: 'Polish', en: 'English' };
    const expected = raw.map(({ language, requests }) => `${names[language] ?? language} ${requests} request${requests === 1 ? '' : 's'}`);
    const shown = (await rows.allInnerTexts()).map((row) => row.replace(/\s+/g, ' '));
    t.strictSame([...shown].sort(), expected.sort(), 'one row per language, as counted from the raw rows');
    t.equal(shown[0], 'Ukrainian 3 requests', 'the most requested first');
  });

  await t.test('System Settings: the languages the bot offers and the default, refused with the reason beside the field', async (t) => {
    const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => admin.close());
    await signInAs(admin, server.url, ADMIN.username, ADMIN.password, '/settings?section=system');
    const section = admin.getByRole('region', { name: 'System Settings' });
    const offered = section.getByRole('group', { name: 'Languages the bot offers' });
    t.ok(await offered.getByLabel('Ukrainian').isChecked(), 'every language offered at first');
    await offered.getByLabel('English').uncheck();
    await section.getByRole('button', { name: 'Save Settings' }).click();
    await section.getByText('The default language must be one the bot offers: offer English, or choose another default.').waitFor();
    await section.getByLabel('Default language').selectOption('uk');
    await section.getByRole('button', { name: 'Save Settings' }).click();
    await admin.locator('[data-sonner-toast]').getByText('System Settings Saved', { exact: true }).waitFor();
    const [stored] = await server.sql<{ defaultLanguage: string; botLanguages: string[] }[]>`SELECT default_language, bot_languages FROM system_settings`;
    t.equal(stored!.defaultLanguage, 'uk');
    t.notOk(stored!.botLanguages.includes('en'), 'English no longer offered');
    await server.sql`UPDATE system_settings SET default_language = 'en', bot_languages = '{en,uk,pl,de,fr,es,it,pt}'`;
  });

  await t.test('the Bot Sandbox chats as a Ukrainian user: their language_code reaches the bot', async (t) => {
    await page.goto(`${server.url}/bot-sandbox`);
    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'New simulated user' });
    await form.getByLabel('Telegram ID').fill('881017');
    await form.getByLabel('First name').fill('Taras');
    await form.getByLabel('Telegram language').selectOption('uk');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Simulated User Created').waitFor();
    await form.waitFor({ state: 'hidden' });
    t.equal(await page.getByLabel('Telegram language').inputValue(), 'uk', "the chosen user's language");
    t.equal(server.simulator.listUsers().find((user) => user.id === 881017)?.language_code, 'uk', 'the simulated user reports uk');

    await page.getByRole('button', { name: `Join ${GROUP.title}` }).click();
    await page.getByText('Joined the group').waitFor();
    // The sandbox answers a message once the bot has handled it, the user's row stored among what it did.
    const messageAnswered = () => page.waitForResponse((response) => response.url().endsWith('/api/bot-sandbox/messages') && response.request().method() === 'POST');
    let answered = messageAnswered();
    await page.getByRole('button', { name: '/start', exact: true }).click();
    await answered;
    await page.getByRole('listitem', { name: 'Bot reply' }).first().waitFor();
    const stored = async () => {
      const [user] = await server.sql<{ languageCode: string | null }[]>`SELECT language_code FROM telegram_users WHERE telegram_id = 881017`;
      return user?.languageCode;
    };
    t.equal(await stored(), 'uk', 'the bot stored the language the user’s Telegram reports');

    await page.getByLabel('Telegram language').selectOption('pt-BR');
    await page.getByText('Language changed').waitFor();
    answered = messageAnswered();
    await page.getByRole('button', { name: '/help', exact: true }).click();
    await answered;
    t.equal(await stored(), 'pt-BR', 'a changed language reaches the bot with the next message');
  });
});
