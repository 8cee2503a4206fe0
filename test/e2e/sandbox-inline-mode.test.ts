import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { whitelist } from '../helpers/sandbox.js';
import { layoutProblems } from '../helpers/layout.js';

const EDITOR = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const };
const LYON = { latitude: 45.764, longitude: 4.8357 };

t.test('in the sandbox @bot dentist lists the bot\'s inline results, and choosing one posts its card via the bot, at 1440 and 375 px', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await aContact(server.sql, { name: 'Dentist Lumière', specialty: 'Dentistry', phone: '+33 4 78 00 00 01', availableHours: '24/7', city: 'Lyon', country: 'FR', latitude: 45.774, longitude: 4.8357 });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const [width, userId] of [[1440, 882001], [375, 882002]] as const) {
    await t.test(`${width} px`, async (t) => {
      const name = `Width${width}`;
      server.simulator.upsertUser({ id: userId, first_name: name });
      await whitelist(server.sql, userId);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      t.teardown(() => context.close());
      const page = await context.newPage();
      await signInAs(page, server.url, EDITOR.username, EDITOR.password);
      await page.goto(`${server.url}/bot-sandbox?user=${userId}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      const results = page.getByRole('region', { name: 'Inline results from @simulated_bot' });

      await box.fill('@simulated_bot dentist');
      await results.getByText('No results: @simulated_bot does not know where ' + name + ' is yet. Send a location (Send location below) or search a city in the private chat first.').waitFor();
      t.equal(await results.getByRole('button', { name: 'Share your location with the bot first' }).count(), 1, "the bot's button to its private chat");

      const form = page.getByRole('form', { name: 'Send location' });
      await form.getByLabel('Latitude').fill(String(LYON.latitude));
      await form.getByLabel('Longitude').fill(String(LYON.longitude));
      await form.getByRole('button', { name: 'Send location' }).click();
      await page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Dentist Lumière' }).waitFor();

      await box.fill('@simulated_bot orthodontics');
      await results.getByText('@simulated_bot has no results for “orthodontics” near this location. Try another word, such as a specialty (dentist) or part of a name.').waitFor();
      await box.fill('@simulated_bot dentist');
      const list = results.getByRole('list', { name: 'Results' });
      await list.waitFor();
      t.equal(await results.getByText(`For “dentist”. Sent with ${name}'s last shared location, 45.7640, 4.8357.`).count(), 1);
      t.same(await list.getByRole('button').allInnerTexts(), ['Dentist Lumière\nDentistry · 1.1 km']);
      if (width === 375) t.same(await layoutProblems(page), [], 'nothing scrolls sideways or is cut');

      await list.getByRole('button', { name: /Dentist Lumière/ }).click();
      const posted = page.getByRole('listitem', { name: `Sent by ${name}` }).filter({ hasText: 'via @simulated_bot' });
      await posted.waitFor();
      t.equal(
        (await posted.innerText()).split('\n').filter((line) => line !== '').slice(0, 6).join('\n'),
        ['via @simulated_bot', 'Dentist Lumière · Dentistry', '🟢 Open 24/7', '📞 +33 4 78 00 00 01 · 🧭 Route', '📍 in Lyon · 🗣 ✅ English', '⚠ Not checked yet'].join('\n'),
      );
      t.equal(await box.inputValue(), '', 'the text box is emptied, as Telegram does once a result is sent');
      t.equal(await results.count(), 0, 'and the results go');

      await page.getByRole('button', { name: '@simulated_bot', exact: true }).click();
      t.equal(await box.inputValue(), '@simulated_bot ', 'the quick button starts an inline query');
      await results.getByText(`Nothing typed after @simulated_bot: the nearest contacts. Type a specialty or a name to narrow them. Sent with ${name}'s last shared location, 45.7640, 4.8357.`).waitFor();
      t.same(await list.getByRole('button').allInnerTexts(), ['Dentist Lumière\nDentistry · 1.1 km']);
    });
  }
});
