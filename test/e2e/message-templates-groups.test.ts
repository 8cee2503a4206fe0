import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { layoutProblems } from '../helpers/layout.js';

const EDITOR = { username: 'ella', password: 'ella-the-editor-pass', role: 'editor' as const };

/** German is the default language here, so it leads each type's languages; the others follow in the bot's order. */
const LANGUAGES = 'German, English, Ukrainian, Polish, French, Spanish, Italian, Portuguese';

/** The group buttons' names: the type, its count and its languages (the arrow is hidden from them). */
const GROUPS = [
  'Welcome',
  'Location result',
  'Master of Medicine',
  'Location confirmation',
  'Error',
  'Help',
  'Rate limit',
  'Broadcast',
  'Custom',
].map((label) => `${label} 8 templates ${LANGUAGES}`);

const groupButtons = (page: Page) => page.getByRole('heading', { level: 2 }).getByRole('button');

t.test('the seeded templates of every language, grouped by type with the default language first', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await server.sql`UPDATE system_settings SET default_language = 'de'`;
  await server.sql`UPDATE message_templates SET usage_count = 1918 WHERE type = 'welcome' AND language = 'de'`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const width of [1440, 375]) {
    await t.test(`at ${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      t.teardown(() => page.close());
      await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/messaging/templates');
      await page.getByText('72 templates', { exact: true }).waitFor();
      t.strictSame(await groupButtons(page).allInnerTexts().then((texts) => texts.map((text) => text.replace(/^[▸▾]\s*/, '').replace(/\s+/g, ' '))), GROUPS, 'nine groups in the types\' order, each with its languages');
      t.equal(await page.getByRole('article').count(), 0, 'a list this long starts with every group closed');
      t.equal(await page.getByRole('heading', { level: 2 }).getByRole('button', { expanded: false }).count(), GROUPS.length, 'each says it is closed');

      await page.getByRole('button', { name: /^Welcome / }).click();
      const welcome = page.getByRole('list', { name: 'Welcome templates' }).getByRole('article');
      await welcome.first().waitFor();
      t.equal(await welcome.count(), 8, 'the Welcome group opens with its eight templates');
      const first = welcome.first();
      t.strictSame(await first.getByRole('heading', { level: 3 }).innerText(), 'Welcome');
      t.match(await first.innerText(), /German/, 'the default language\'s comes first');
      t.match(await first.innerText(), /Used\s+1,918 times/, 'with its usage count');
      t.equal(await page.getByRole('button', { name: /^Welcome / }).getAttribute('aria-expanded'), 'true');
      t.strictSame(await layoutProblems(page), [], `no sideways scroll, every button inside the ${width} px viewport`);
      await page.screenshot({ path: `.tap/screenshots/templates-groups-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: /^Welcome / }).click();
      await welcome.first().waitFor({ state: 'detached' });
      t.equal(await page.getByRole('article').count(), 0, 'and closes again');
    });
  }

  await t.test('a search narrowed to a few templates shows them, their group open', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/messaging/templates');
    await page.getByText('72 templates', { exact: true }).waitFor();
    await page.getByLabel('Search templates').pressSequentially('Daily limit reached');
    const cards = page.getByRole('list', { name: 'Rate limit templates' }).getByRole('article');
    await cards.first().waitFor();
    t.equal(await page.locator('p[aria-live="polite"]').innerText(), '8 templates', 'the count says how many match');
    t.strictSame(
      await groupButtons(page).allInnerTexts().then((texts) => texts.map((text) => text.replace(/^[▸▾]\s*/, '').replace(/\s+/g, ' '))),
      [`Rate limit 8 templates ${LANGUAGES}`],
      'one group, the daily limit\'s',
    );
    t.equal(await cards.count(), 8, 'its cards drawn without a click');
    t.strictSame(await cards.getByRole('heading', { level: 3 }).allInnerTexts(), Array(8).fill('Daily limit reached'));
    t.match(page.url(), /search=Daily\+limit\+reached|search=Daily%20limit%20reached/, 'the search is in the address');
  });
});
