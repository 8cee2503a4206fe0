import t from 'tap';
import type { Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import { BOT_LANGUAGES } from '../../api/contract/languages.js';
import { KNOWN_SPECIALTIES } from '../../api/contract/specialty-names.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { startTestServer } from '../helpers/server.js';
import { whitelist } from '../helpers/sandbox.js';

const EDITOR = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const };
const KYIV = { latitude: 50.4501, longitude: 30.5234 };
/** Names as the directory has them, one longer than a row. */
const NAMES = ['Dr. Olena Kovalenko', 'Medical Centre Shevchenko', 'St Bartholomew’s Hospital Minor Injuries Unit', 'Dr. med. Maximilian Schneider', 'Bondarenko Family Clinic'];

/** A row of the keyboard as drawn: each button's label, whether the label is wider than its button, and its width. */
interface DrawnButton {
  text: string;
  cut: boolean;
  width: number;
}

/**
 * Reads the keyboard under the chat's last message as the browser lays it out. A string: the test
 * runner's loader wraps functions in a helper the page lacks.
 */
const DRAWN_ROWS = `(() => {
  const groups = document.querySelectorAll('[role="group"][aria-label="Inline buttons"]');
  return Array.from(groups[groups.length - 1].children).map((row) => Array.from(row.children).map((button) => ({
    text: button.innerText.trim(),
    cut: button.scrollWidth > button.clientWidth,
    width: Math.round(button.getBoundingClientRect().width),
  })));
})()`;

/** Every label whole and the buttons of a row equally wide, as Telegram draws them; the rows' labels. */
async function checkedLabels(t: Test, page: Page, what: string): Promise<string[][]> {
  const rows = await page.evaluate<DrawnButton[][]>(DRAWN_ROWS);
  for (const row of rows) {
    for (const button of row) t.notOk(button.cut, `${what}: "${button.text}" fits its button (${button.width} px)`);
    t.ok(row.every((button) => Math.abs(button.width - row[0]!.width) <= 1), `${what}: the buttons of the row "${row.map((button) => button.text).join(' | ')}" are equally wide`);
  }
  return rows.map((row) => row.map((button) => button.text));
}

/** The bot's last message and its keyboard. */
const lastAnswer = (page: Page) => page.getByRole('listitem', { name: 'Bot reply' }).last();
const keyboardOf = (message: Locator) => message.getByRole('group', { name: 'Inline buttons' });

/** The answer's keyboard, in every language, fits a phone 375 px wide: no label is cut, in the answer or in the choices it opens. */
t.test('the keyboard under an answer fits a 375 px phone in all eight languages', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  // Every specialty the bot names, around the point: the choice offers the longest names there are.
  for (const [index, specialty] of KNOWN_SPECIALTIES.entries()) {
    const name = NAMES[index] ?? `Dr Contact ${index}`;
    await aContact(server.sql, { name, specialty, city: 'Kyiv', country: 'UA', latitude: KYIV.latitude + 0.002 * (index + 1), longitude: KYIV.longitude, availableHours: 'Mo-Fr 09:00-18:00', contactMethod: 'telegram', telegramUsername: `contact_${index}` });
  }
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password);
  const token = await server.tokenOf(EDITOR);
  const post = (route: string, body: object) =>
    fetch(`${server.url}/api/bot-sandbox/${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  for (const [index, { code }] of BOT_LANGUAGES.entries()) {
    await t.test(code, async (t) => {
      const userId = 881_000 + index;
      t.equal((await post('users', { userId, firstName: `User ${code}`, languageCode: code })).status, 201);
      await whitelist(server.sql, userId);
      t.equal((await post('messages', { userId, location: KYIV })).status, 200);
      await page.goto(`${server.url}/bot-sandbox?user=${userId}`);
      const answer = lastAnswer(page);
      const keyboard = keyboardOf(answer);
      await keyboard.waitFor();

      const rows = await checkedLabels(t, page, 'the answer');
      // 🗺 Map first (the sandbox's Mini App), then at most five of the bot's own.
      t.ok(rows.length <= 6, `${rows.length} rows under the answer`);
      t.ok(rows.flat().every((label) => /\p{L}{2}/u.test(label)), 'every button says in words what it does');

      await keyboard.getByRole('button', { name: /▾$/ }).click();
      await keyboard.getByRole('button', { name: /^◀/ }).waitFor();
      t.equal((await checkedLabels(t, page, 'the specialties')).length, 9, 'the 8 specialties with the most contacts near, and ◀ Back');

      await keyboard.getByRole('button', { name: /^◀/ }).click();
      await keyboard.getByRole('button', { name: /^📍/ }).click();
      await keyboard.getByRole('button', { name: /^📍 1 · / }).waitFor();
      t.same((await checkedLabels(t, page, 'the map')).slice(0, 3), [['📍 1 · Dr. Olena Kovalenko'], ['📍 2 · Medical Centre Shevch…'], ['📍 3 · St Bartholomew’s Hosp…']], 'names too long for a row are shortened');
    });
  }
});
