import t from 'tap';
import type { Page, Response } from 'playwright-core';
import type { MiniAppNearest } from '../../api/contract/mini-app.js';
import { attributesOf, launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { aContactAt, whitelist } from '../helpers/sandbox.js';

/**
 * The Mini App over the server's own answers (/api/mini-app/*), opened in the Bot Sandbox's phone frame:
 * the contacts of the database as pins and cards, and a search charged once with moves within 30 minutes free.
 */

const EDITOR = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const };
const CAMILLE = { id: 880101, first_name: 'Camille', language_code: 'en' };
const LYON = { latitude: 45.7485, longitude: 4.8467 };

const server = await startTestServer();
t.teardown(() => server.close());
await server.createUser(EDITOR);
server.simulator.upsertUser(CAMILLE);
// On the admin whitelist: the bot's rules, which the Mini App applies too, let her search without a group.
await whitelist(server.sql, CAMILLE.id);
await aContactAt(server.sql, { name: 'Dr Lucie Moreau', city: 'Lyon', country: 'FR', latitude: LYON.latitude + 0.01, longitude: LYON.longitude + 0.01 });
await aContactAt(server.sql, { name: 'Dr Paul Girard', city: 'Lyon', country: 'FR', latitude: LYON.latitude - 0.005, longitude: LYON.longitude });
const browser = await launchBrowser();
t.teardown(() => browser.close());

const nearestAnswers = (page: Page) => {
  const answers: MiniAppNearest[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === '/api/mini-app/nearest') void response.json().then((body: MiniAppNearest) => answers.push(body));
  });
  return answers;
};

for (const phone of ['375 × 667', '390 × 844'] as const) {
  t.test(`at ${phone}: the database’s contacts on the map and in the list; one charged search, then free moves`, async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    t.teardown(() => page.close());
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const answers = nearestAnswers(page);
    await signInAs(page, server.url, EDITOR.username, EDITOR.password, `/bot-sandbox?user=${CAMILLE.id}`);
    await page.getByRole('button', { name: '🗺 Open Map' }).click();
    await page.getByLabel('Phone').selectOption(phone);
    const frame = page.frameLocator('iframe[title="Mini App of Camille"]');
    if (phone === '375 × 667') {
      // No point yet (no search, no location sent to the bot): the page asks for a place, resolved as the bot resolves one.
      await frame.getByRole('searchbox').fill('Lyon');
      await frame.getByRole('searchbox').press('Enter');
      await frame.locator('ul.places button').first().click();
    }
    await frame.locator('ol.cards > li').nth(1).waitFor();
    const cards = await attributesOf(frame.locator('ol.cards > li'), 'aria-label');
    const pins = await attributesOf(frame.locator('.leaflet-marker-icon'), 'title');
    t.same(cards, answers[0]?.contacts.map((contact) => contact.name), 'the cards in the order of the server’s answer');
    // The first run searches Lyon itself; the second opens on the last point searched, the area the first run moved to.
    if (phone === '375 × 667') t.same(cards, ['Dr Paul Girard', 'Dr Lucie Moreau'], 'nearest first');
    t.same([...pins].sort(), [...cards].sort(), 'a pin for each card');

    // Dragging the map offers the area; searching it within 30 minutes of the charged search is free.
    const map = frame.locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 60, { steps: 5 });
    await page.mouse.up();
    await frame.locator('button.search-area').click();
    await frame.locator('button.search-area').waitFor({ state: 'detached' });
    await frame.locator('ol.cards[aria-busy="false"]').waitFor();
    t.ok(answers.length >= 2, 'searched again');
    t.equal(answers.filter((answer) => answer.charged).length, phone === '375 × 667' ? 1 : 0, 'the first search of the day charged once; the second run opens on the last point within its 30 minutes');
  });
}
