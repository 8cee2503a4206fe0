import t from 'tap';
import { launchBrowser } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';

/**
 * The layout check itself, on small pages made for it: what the screenshot pass saw with
 * the eye and the check did not catch (a tab strip cut at its edge, a select cutting its text), and
 * that the fitting versions pass.
 */

const browser = await launchBrowser();
t.teardown(() => browser.close());
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });

const SELECT_STYLE = 'font: 14px sans-serif; padding: 8px 40px 8px 12px; box-sizing: border-box';

t.test('a tab strip that scrolls, cutting its last labels, is reported', async (t) => {
  await page.setContent(`
    <div style="overflow-x: auto; width: 200px">
      <div role="tablist" style="display: flex; width: max-content">
        ${['Overview', 'Performance by Region', 'Detailed Analytics'].map((label) => `<button role="tab" style="padding: 8px 16px; white-space: nowrap">${label}</button>`).join('')}
      </div>
    </div>`);
  const problems = await layoutProblems(page);
  t.match(problems.join('\n'), /tab "Performance by Region" spans .*, cut by div/, 'the label cut at the edge of the strip is reported');
  t.match(problems.join('\n'), /tab "Detailed Analytics" spans .*, outside the 375 px viewport/, 'and the one beyond the screen');
  t.notMatch(problems.join('\n'), /tab "Overview"/, 'the whole first label is not');
});

t.test('a tab whose own box cuts its label is reported', async (t) => {
  await page.setContent(`<div role="tablist" style="display: flex"><button role="tab" style="width: 60px; overflow: hidden; white-space: nowrap">Performance</button></div>`);
  t.match((await layoutProblems(page)).join('\n'), /tab "Performance" is cut: its label needs \d+ px of \d+ px/);
});

t.test('tabs that wrap onto a second row pass', async (t) => {
  await page.setContent(`
    <div role="tablist" style="display: flex; flex-wrap: wrap; width: 343px">
      ${['Overview', 'Performance by Region', 'Detailed Analytics'].map((label) => `<button role="tab" style="padding: 8px 16px; white-space: nowrap">${label}</button>`).join('')}
    </div>`);
  t.strictSame(await layoutProblems(page), []);
});

// Widths far from the text's, so the answer holds in any sans-serif font (Debian's Chromium and the packaged one differ).
t.test('a select too narrow for its chosen text is reported, a wide enough one is not', async (t) => {
  await page.setContent(`
    <label for="narrow">Region</label><select id="narrow" style="width: 120px; ${SELECT_STYLE}"><option value="">Pick a country</option></select>
    <label for="wide">Country</label><select id="wide" style="width: 343px; ${SELECT_STYLE}"><option value="">Pick a country</option></select>`);
  const problems = await layoutProblems(page);
  t.equal(problems.length, 1, `one problem: ${problems.join('; ')}`);
  t.match(problems[0], /^select "Region" cuts "Pick a country": it needs \d+ px of \d+ px$/);
});

t.test("an empty field cutting its placeholder is reported, a wide enough one and a filled one are not", async (t) => {
  const style = 'font: 14px sans-serif; padding: 8px 12px 8px 36px; box-sizing: border-box';
  const placeholder = 'Message, command, error, user id or chat id';
  await page.setContent(`
    <label for="narrow">Search logs</label><input id="narrow" type="search" placeholder="${placeholder}" style="width: 200px; ${style}">
    <label for="wide">Search all</label><input id="wide" type="search" placeholder="${placeholder}" style="width: 360px; font-size: 12px; padding: 8px 12px 8px 36px; box-sizing: border-box">
    <label for="filled">Search more</label><input id="filled" type="search" placeholder="${placeholder}" value="5552" style="width: 200px; ${style}">`);
  const problems = await layoutProblems(page);
  t.equal(problems.length, 1, `one problem: ${problems.join('; ')}`);
  t.match(problems[0], /^field "Search logs" cuts its placeholder "Message, command, error, user id or chat id": it needs \d+ px of \d+ px$/);
});
