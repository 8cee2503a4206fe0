import path from 'node:path';
import t from 'tap';
import type { FrameLocator, Page, Route } from 'playwright-core';
import { attributesOf, launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { aSession, nearestAnswer } from '../helpers/mini-app-fixtures.js';

/**
 * The Mini App in the Bot Sandbox's phone frame, the simulator playing Telegram: the launch data, the theme,
 * the back button, haptics and links. The page's API is answered here from the contract's fixtures
 * (test/helpers/mini-app-fixtures.ts), so what is tested is the page and the frame; test/e2e/mini-app.test.ts
 * drives the same page over the server's own answers.
 */

const EDITOR = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const };
const CAMILLE = { id: 880001, first_name: 'Camille', language_code: 'en' };
const ELOISE = { id: 880002, first_name: 'Éloïse', language_code: 'fr' };
const BLOCKED = { id: 880003, first_name: 'Bruno', language_code: 'en' };
/** Screenshots for the closing note, when asked for (MINI_APP_SHOTS=/work/shots). */
const SHOTS = process.env.MINI_APP_SHOTS;

/** The Telegram user the launch data names, as the server reads it after checking the signature. */
function launchUser(route: Route): { id: number; language_code?: string } {
  const initData = (route.request().headers().authorization ?? '').replace(/^tma /, '');
  return JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { id: number; language_code?: string };
}

const server = await startTestServer();
t.teardown(() => server.close());
await server.createUser(EDITOR);
for (const user of [CAMILLE, ELOISE, BLOCKED]) server.simulator.upsertUser(user);
const browser = await launchBrowser();
t.teardown(() => browser.close());

const reports: unknown[] = [];
async function openSandbox(user: { id: number }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  // No tile server in tests: the pins stand on the offline outlines.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.route('**/api/mini-app/**', async (route) => {
    const user = launchUser(route);
    const language = user.language_code === 'fr' ? 'fr' : 'en';
    const url = new URL(route.request().url());
    if (user.id === BLOCKED.id) return route.fulfill({ status: 403, json: { refusal: 'blocked', message: 'You cannot use this bot.' } });
    if (url.pathname === '/api/mini-app/session') return route.fulfill({ json: aSession(user.id, language) });
    if (url.pathname === '/api/mini-app/nearest') return route.fulfill({ json: nearestAnswer(url.searchParams, language) });
    if (url.pathname === '/api/mini-app/reports') {
      reports.push(route.request().postDataJSON());
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({ status: 404, json: {} });
  });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, `/bot-sandbox?user=${user.id}`);
  await page.getByRole('button', { name: '🗺 Open Map' }).click();
  return page;
}

const frameOf = (page: Page, name: string): FrameLocator => page.frameLocator(`iframe[title="Mini App of ${name}"]`);

async function pinsAndCards(frame: FrameLocator): Promise<{ pins: string[]; cards: string[] }> {
  await frame.locator('ol.cards[aria-busy="false"]').waitFor();
  const pins = await attributesOf(frame.locator('.leaflet-marker-icon'), 'title');
  const cards = await attributesOf(frame.locator('ol.cards > li'), 'aria-label');
  return { pins: pins.sort(), cards };
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.locator('iframe').screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

t.test('Camille opens the Mini App from the sandbox and uses it', async (t) => {
  const page = await openSandbox(CAMILLE);
  t.teardown(() => page.close());
  const frame = frameOf(page, 'Camille');

  await t.test('pins and list agree, in the bot’s order, Master of Medicine marked', async (t) => {
    const shown = await pinsAndCards(frame);
    t.same(shown.cards, ['Dr Lucie Moreau', 'Dr Paul Girard', 'Dr Anne Petit']);
    t.same(shown.pins, [...shown.cards].sort());
    t.equal(await frame.locator('.leaflet-marker-icon.pin-mom').getAttribute('title'), 'Dr Lucie Moreau');
    t.equal(await frame.locator('ol.cards > li').first().locator('.badge').innerText(), '⭐ Master of Medicine');
    t.equal(await frame.locator('ol.cards > li').first().locator('.freshness').innerText(), '✔ Checked 12 days ago');
    t.ok(await frame.locator('path.outline').count(), 'the countries’ outlines are drawn under the failed tiles');
    await shoot(page, 'mini-app-en-light-375x667');
  });

  await t.test('a pin shows its card, the card’s pin shows the pin, Telegram’s back button lets go', async (t) => {
    await frame.locator('.leaflet-marker-icon[title="Dr Anne Petit"]').click();
    await frame.locator('ol.cards > li[aria-current="true"]').filter({ hasText: 'Dr Anne Petit' }).waitFor();
    await frame.locator('.leaflet-marker-icon.pin-selected[title="Dr Anne Petit"]').waitFor();
    await page.getByText(/Haptic feedback \(\d+\): selection_change/).waitFor();
    await frame.getByRole('button', { name: '📍 Dr Paul Girard' }).click();
    await frame.locator('.leaflet-marker-icon.pin-selected[title="Dr Paul Girard"]').waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    await frame.locator('ol.cards > li[aria-current="true"]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '✕ Close' }).waitFor();
    t.pass('the back button hides again');
  });

  await t.test('filters narrow both pins and list', async (t) => {
    await frame.getByRole('combobox', { name: 'All specialties' }).selectOption('dentist');
    await frame.locator('ol.cards > li').nth(1).filter({ hasText: 'Dr Anne Petit' }).waitFor();
    t.same(await pinsAndCards(frame), { pins: ['Dr Anne Petit', 'Dr Lucie Moreau'], cards: ['Dr Lucie Moreau', 'Dr Anne Petit'] });
    t.same(await frame.getByRole('combobox', { name: 'All specialties' }).locator('option').allInnerTexts(), ['All specialties', 'Dentist (2)', 'General practitioner (1)']);
    await frame.getByLabel('Open now').check();
    await frame.locator('ol.cards > li').nth(1).waitFor({ state: 'detached' });
    t.same(await pinsAndCards(frame), { pins: ['Dr Lucie Moreau'], cards: ['Dr Lucie Moreau'] });
    await frame.getByLabel('Open now').uncheck();
    await frame.getByRole('combobox', { name: 'All specialties' }).selectOption('');
    await frame.locator('ol.cards > li').nth(2).waitFor();
  });

  await t.test('call, message and route go where they say', async (t) => {
    const lucie = frame.locator('ol.cards > li').filter({ hasText: 'Dr Lucie Moreau' });
    t.equal(await lucie.getByRole('link', { name: '📞 Call' }).getAttribute('href'), 'tel:+33478000001');
    await lucie.getByRole('link', { name: '💬 Message' }).click();
    await page.getByRole('link', { name: 'https://t.me/dr_lucie_moreau' }).waitFor();
    await lucie.getByRole('button', { name: '🧭 Route' }).click();
    await page.getByRole('link', { name: 'https://www.google.com/maps/dir/?api=1&destination=45.7585,4.8587' }).waitFor();
    await page.getByText(/Haptic feedback \(\d+\): impact light/).waitFor();
    const paul = frame.locator('ol.cards > li').filter({ hasText: 'Dr Paul Girard' });
    await paul.getByRole('link', { name: '💬 Message' }).click();
    await page.getByRole('link', { name: 'https://wa.me/33478000002' }).waitFor();
    t.equal(await frame.locator('ol.cards > li').filter({ hasText: 'Dr Anne Petit' }).getByRole('link', { name: '💬 Message' }).count(), 0, 'no message link without one');
  });

  await t.test('a report: the sheet closes with the back button, then posts the chosen problem and thanks', async (t) => {
    const paul = frame.locator('ol.cards > li').filter({ hasText: 'Dr Paul Girard' });
    await paul.getByRole('button', { name: '⚠️ Report a problem' }).click();
    const sheet = frame.getByRole('dialog', { name: 'Report a problem: Dr Paul Girard' });
    await sheet.getByText('What is wrong?').waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    await sheet.waitFor({ state: 'detached' });
    await paul.getByRole('button', { name: '⚠️ Report a problem' }).click();
    await sheet.getByRole('button', { name: 'Wrong number' }).click();
    await sheet.getByRole('status').filter({ hasText: 'Thank you! We will check it.' }).waitFor();
    t.same(reports, [{ contactId: 2, problem: 'wrong_number' }]);
    await page.getByText(/Haptic feedback \(\d+\): notification success/).waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
  });

  await t.test('Telegram’s dark theme reaches the page without reloading it', async (t) => {
    const background = () => frame.locator('body').evaluate((body) => (globalThis as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }).getComputedStyle(body).backgroundColor);
    t.equal(await background(), 'rgb(244, 244, 245)');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await frame.locator('html[style*="--tg-theme-bg-color: #212121"]').waitFor();
    t.equal(await background(), 'rgb(24, 24, 24)');
    t.equal(await frame.locator('ol.cards > li').count(), 3, 'the answer is still there');
    await shoot(page, 'mini-app-en-dark-375x667');
    await page.getByRole('button', { name: 'Light theme' }).click();
  });

  await t.test('the taller phone', async (t) => {
    await page.getByLabel('Phone').selectOption('390 × 844');
    t.equal(await page.locator('iframe').getAttribute('width'), '390');
    t.equal(await page.locator('iframe').getAttribute('height'), '844');
    await frame.locator('ol.cards > li').nth(2).waitFor();
    await shoot(page, 'mini-app-en-light-390x844');
  });
});

t.test('Éloïse, whose Telegram speaks French, sees the page in French, light and dark', async (t) => {
  const page = await openSandbox(ELOISE);
  t.teardown(() => page.close());
  const frame = frameOf(page, 'Éloïse');
  await frame.locator('ol.cards > li').nth(2).waitFor();
  t.equal(await frame.locator('html').getAttribute('lang'), 'fr');
  const lucie = frame.locator('ol.cards > li').first();
  t.equal(await lucie.locator('.badge').innerText(), '⭐ Maître de médecine');
  t.ok(await lucie.getByRole('link', { name: '📞 Appeler' }).count());
  t.match(await lucie.locator('.hint').first().innerText(), /Dentiste · Lyon · 1,5 km/);
  t.same(await frame.getByRole('combobox', { name: 'Toutes les spécialités' }).locator('option').allInnerTexts(), ['Toutes les spécialités', 'Dentiste (2)', 'Médecin généraliste (1)']);
  await shoot(page, 'mini-app-fr-light-375x667');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await frame.locator('html[style*="--tg-theme-bg-color: #212121"]').waitFor();
  await shoot(page, 'mini-app-fr-dark-375x667');
  await page.getByLabel('Phone').selectOption('390 × 844');
  await frame.locator('ol.cards > li').nth(2).waitFor();
  await shoot(page, 'mini-app-fr-dark-390x844');
});

t.test('a refused user sees the bot’s words full-screen and can close the Mini App', async (t) => {
  const page = await openSandbox(BLOCKED);
  t.teardown(() => page.close());
  const frame = frameOf(page, 'Bruno');
  t.equal(await frame.getByRole('alert').innerText(), 'You cannot use this bot.');
  await frame.getByRole('button', { name: '✕' }).click();
  await page.locator('iframe').waitFor({ state: 'detached' });
  t.pass('closed');
});
