import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { aContactAt } from '../helpers/sandbox.js';
import { layoutProblems } from '../helpers/layout.js';

const EDITOR = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const, firstName: 'Eddie' };
const VIEWER = { username: 'vera', password: 'vera-the-viewer', role: 'viewer' as const };
const GROUP = { id: -1009990001, title: 'Lyon Clinics' };
const LYON = { latitude: 45.7485, longitude: 4.8467 };

/** An authorized group in the database and in the simulator, with the bot as its administrator. */
async function anAuthorizedGroup(server: TestServer): Promise<void> {
  await server.sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${GROUP.id}, ${GROUP.title}, 5)`;
  const owner = server.simulator.upsertUser({ id: 880000, first_name: 'Owner' });
  server.simulator.createGroup({ id: GROUP.id, title: GROUP.title, type: 'supergroup' });
  server.simulator.addMember(GROUP.id, owner.id, 'creator');
  server.simulator.addBot(GROUP.id, owner.id, 'administrator');
}

t.test('an editor chats with the bot in the Bot Sandbox', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await anAuthorizedGroup(server);
  const lucie = await aContactAt(server.sql, { name: 'Dr Lucie Moreau', city: 'Lyon', country: 'FR', ...LYON });
  // Links (her Telegram, her WhatsApp, the route) in the answer's card, as most answers have.
  await server.sql`UPDATE medical_contacts SET telegram_username = 'dr_lucie_moreau_lyon', contact_method = 'whatsapp' WHERE id = ${lucie}`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  await signInAs(page, server.url, EDITOR.username, EDITOR.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Bot Sandbox' }).click();
  await page.waitForURL(/\/bot-sandbox$/);
  await page.getByRole('heading', { name: 'Bot Sandbox', level: 1 }).waitFor();
  await page.getByText('Pick a user, or create one, to start chatting with the bot.').waitFor();

  await t.test('creates a simulated user, who becomes the chosen one', async (t) => {
    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'New simulated user' });
    await form.getByRole('button', { name: 'Create user' }).click();
    await form.getByText('Telegram ID is required').waitFor();
    await form.getByLabel('Telegram ID').fill('880001');
    await form.getByLabel('First name').fill('Camille');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Simulated User Created').waitFor();
    await form.waitFor({ state: 'hidden' });
    await t.resolves(page.getByRole('list', { name: 'Simulated users' }).getByRole('button', { name: /Camille/, pressed: true }).waitFor(), 'selected');
    t.match(page.url(), /\?user=880001$/, 'the choice is in the address');
    await page.getByText('No messages yet. Press /start to greet the bot as Camille.').waitFor();
  });

  await t.test('joins a group and sees the welcome after /start', async (t) => {
    await page.getByRole('button', { name: `Join ${GROUP.title}` }).click();
    await page.getByText('Joined the group').waitFor();
    await page.getByRole('button', { name: `Leave ${GROUP.title}` }).waitFor();
    t.ok(await page.getByRole('option', { name: `Group: ${GROUP.title}` }).count(), 'the group is offered as a chat');

    await page.getByRole('button', { name: '/start', exact: true }).click();
    const welcome = page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Hello, Camille!' });
    await welcome.waitFor();
    t.match(await welcome.innerText(), /5 of 5 searches left today/, 'the group’s limit is in the welcome');
    await page.getByRole('listitem', { name: 'Sent by Camille' }).filter({ hasText: '/start' }).waitFor();
  });

  await t.test('sends the location of a city picked from the gazetteer and sees contacts', async (t) => {
    const form = page.getByRole('form', { name: 'Send location' });
    await form.getByLabel('Find a city').fill('Lyon');
    await form.getByRole('list', { name: 'Matching cities' }).getByRole('button', { name: /^Lyon/ }).first().click();
    t.match(await form.getByLabel('Latitude').inputValue(), /^45\.7/, 'the latitude is filled');
    t.match(await form.getByLabel('Longitude').inputValue(), /^4\.8/, 'the longitude is filled');
    await form.getByRole('button', { name: 'Send location' }).click();
    const answer = page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Dr Lucie Moreau' });
    await answer.waitFor();
    t.match(await answer.locator('strong').first().innerText(), /Medical contacts near Lyon/, 'bold text is rendered as bold');
    await page.getByRole('listitem', { name: 'Sent by Camille' }).filter({ hasText: /Location\s+45\.7/ }).waitFor();
  });

  await t.test('types a city name and presses the place button the bot offers', async (t) => {
    await page.getByLabel('Message').fill('Lyon');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const question = page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Did you mean' });
    await question.waitFor();
    await question.getByRole('group', { name: 'Inline buttons' }).getByRole('button', { name: /Lyon/ }).click();
    await t.resolves(
      page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Dr Lucie Moreau' }).nth(1).waitFor(),
      'a second answer with the contact',
    );
    t.equal(await page.getByLabel('Message').inputValue(), '', 'the text box is cleared');
  });

  await t.test("reports a contact and answers the bot's question as a reply, as a Telegram app would", async (t) => {
    const botReply = (text: string | RegExp) => page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: text }).last();
    const press = async (message: string | RegExp, button: string | RegExp) => {
      await botReply(message).getByRole('group', { name: 'Inline buttons' }).getByRole('button', { name: button }).click();
    };
    await press('Dr Lucie Moreau', /Report a problem/);
    await press('Which contact', /Dr Lucie Moreau/);
    await press('What is wrong with', 'Something else');
    await botReply('reply to this message and tell us what is wrong').waitFor();

    const replying = page.getByRole('status').filter({ hasText: 'Replying to' });
    await replying.waitFor();
    t.match(await replying.innerText(), /^Replying to Simulated Bot: Thank you! We will check this contact\./, 'the text box answers the question');
    t.equal(await page.getByLabel('Message').getAttribute('placeholder'), 'What is wrong?', "with the bot's hint");
    await page.getByLabel('Message').fill('Closed on Mondays');
    await page.getByLabel('Message').press('Enter');
    await botReply('we have added your note to the report').waitFor();
    const sent = page.getByRole('listitem', { name: 'Sent by Camille' }).filter({ hasText: 'Closed on Mondays' });
    t.match(await sent.getByLabel('In reply to').innerText(), /Thank you! We will check this contact/, 'the reply quotes the question');
    t.equal(await replying.count(), 0, 'the next message is no reply');
    const [report] = await server.sql<{ comment: string }[]>`SELECT comment FROM contact_reports WHERE contact_id = ${lucie}`;
    t.equal(report?.comment, 'Closed on Mondays', 'the report holds the comment');
  });

  await t.test('📍 Show on map offers the contacts in place of the buttons; one chosen comes as a venue with its name and address', async (t) => {
    const answer = page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Medical contacts near Lyon' }).last();
    const keyboard = answer.getByRole('group', { name: 'Inline buttons' });
    await keyboard.getByRole('button', { name: '📍 Show on map' }).click();
    await keyboard.getByRole('button', { name: '◀ Back' }).waitFor();
    t.equal(await answer.getByText('edited ·').count(), 1, 'the answer\'s keyboard was edited');
    await keyboard.getByRole('button', { name: '📍 1 · Dr Lucie Moreau' }).click();
    const venue = page.getByRole('listitem', { name: 'Bot reply' }).last().getByLabel('Venue');
    await venue.waitFor();
    t.match(await venue.innerText(), /^Dr Lucie Moreau\nLyon, France\n45\.7485, 4\.8467$/, 'the venue: name, address, point');
    await keyboard.getByRole('button', { name: '◀ Back' }).click();
    await keyboard.getByRole('button', { name: '⚠️ Report a problem' }).waitFor();
  });

  await t.test('replies to any message of the chat, and cancels a reply', async (t) => {
    await page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'we have added your note' }).getByRole('button', { name: /^Reply to / }).click();
    const replying = page.getByRole('status').filter({ hasText: 'Replying to' });
    t.match(await replying.innerText(), /Thank you, we have added your note to the report\./);
    await page.getByRole('button', { name: 'Cancel the reply' }).click();
    t.equal(await replying.count(), 0, 'cancelled');
    t.equal(await page.getByLabel('Message').getAttribute('placeholder'), 'Message');
  });

  await t.test("in the group, a message names the bot to be answered; the group's other talk is left alone", async (t) => {
    const chat = page.getByRole('combobox', { name: 'Chat' });
    await chat.selectOption({ label: `Group: ${GROUP.title}` });
    await page.getByText("In a group the bot answers its commands, locations, replies to it and messages that name @").waitFor();
    const sent = (text: string) => page.getByRole('listitem', { name: 'Sent by Camille' }).filter({ hasText: text });
    const botReplies = page.getByRole('listitem', { name: 'Bot reply' });
    await page.getByText(`No messages in ${GROUP.title} yet.`).waitFor();

    await page.getByLabel('Message').fill('see you all tomorrow');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await sent('see you all tomorrow').waitFor();
    await page.getByLabel('Message').fill('Lyon');
    await page.getByRole('button', { name: /^@/ }).click();
    t.match(await page.getByLabel('Message').inputValue(), /^@\w+ Lyon$/, 'the button puts the bot\'s name first');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Did you mean' }).waitFor();
    t.equal(await botReplies.count(), 1, 'one answer, to the message that named it, and none to the talk');
    await chat.selectOption({ label: 'Private chat with Camille' });
  });

  await t.test('the chat, its answers and their buttons fit a 375 px screen', async (t) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Dr Lucie Moreau' }).first().waitFor();
    // The toasts of the steps before ("Joined the group") go by themselves; the layout is measured without them.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    t.same(await layoutProblems(page), [], 'nothing scrolls sideways or is cut');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await t.test('leaves the group', async () => {
    await page.getByRole('button', { name: `Leave ${GROUP.title}` }).click();
    await page.getByText('Left the group').waitFor();
    await page.getByRole('button', { name: `Join ${GROUP.title}` }).waitFor();
  });
});

t.test('a viewer has no Bot Sandbox entry and is told so on the route', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(VIEWER);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  await signInAs(page, server.url, VIEWER.username, VIEWER.password);
  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Bot Logs' }).waitFor();
  t.equal(await nav.getByRole('link', { name: 'Bot Sandbox' }).count(), 0, 'no entry in the sidebar');

  await page.goto(`${server.url}/bot-sandbox`);
  await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
  await page.getByText('Only Editor, Admin and Super Admin users can use the Bot Sandbox.').waitFor();
  t.equal(await page.getByLabel('Message').count(), 0, 'no chat');
});
