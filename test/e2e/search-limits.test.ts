import t from 'tap';
import { ACCESS_SEARCH_MAX_LENGTH } from '../../api/contract/access-control.js';
import { AUDIT_EXACT_VALUE_MAX_LENGTH, AUDIT_SEARCH_MAX_LENGTH } from '../../api/contract/audit-log.js';
import { LOG_SEARCH_MAX_LENGTH } from '../../api/contract/bot-logs.js';
import { USER_SEARCH_MAX_LENGTH } from '../../api/contract/bot-users.js';
import { CONTACT_SEARCH_MAX_LENGTH } from '../../api/contract/medical-contacts.js';
import { TEMPLATE_SEARCH_MAX_LENGTH } from '../../api/contract/message-templates.js';
import { launchBrowser, signInAs, trackRequests, twoFrames } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const SUPER_ADMIN = { username: 'sara', password: 'sara-the-super-admin', role: 'super_admin' as const };
const PASTED = 'a very long pasted search '.repeat(20);

/** Each list screen's search inputs, by label, with the limit of the server schema behind them. */
const SCREENS: { path: string; heading: string; inputs: [label: string, max: number, tab?: string][] }[] = [
  { path: '/users', heading: 'Bot Users', inputs: [['Search users', USER_SEARCH_MAX_LENGTH]] },
  { path: '/logs', heading: 'Bot Logs', inputs: [['Search logs', LOG_SEARCH_MAX_LENGTH]] },
  { path: '/medical-contacts', heading: 'Medical Contacts Database', inputs: [['Search contacts', CONTACT_SEARCH_MAX_LENGTH]] },
  { path: '/messaging/templates', heading: 'Message Templates', inputs: [['Search templates', TEMPLATE_SEARCH_MAX_LENGTH]] },
  { path: '/access-control', heading: 'Access Control', inputs: [['Search groups', ACCESS_SEARCH_MAX_LENGTH], ['Search admins', ACCESS_SEARCH_MAX_LENGTH, 'Admin Whitelist']] },
  { path: '/audit-log', heading: 'Audit Log', inputs: [['Search the audit log', AUDIT_SEARCH_MAX_LENGTH], ['Target ID', AUDIT_EXACT_VALUE_MAX_LENGTH]] },
];

/**
 * A search pasted longer than the server takes is cut at the server schema's limit, so the screen
 * keeps working instead of failing with "search must be at most … characters".
 */
t.test('every search input stops at the server\'s limit', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(SUPER_ADMIN);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // The page's clock runs as usual until the test moves it on past the searches' debounce.
  await page.clock.install();
  const requests = trackRequests(page);
  const failedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 400) failedCalls.push(response.url());
  });
  await signInAs(page, server.url, SUPER_ADMIN.username, SUPER_ADMIN.password);

  for (const screen of SCREENS) {
    await t.test(screen.path, async (t) => {
      await page.goto(`${server.url}${screen.path}`);
      await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
      const searchBoxes = page.locator('main input[type="search"]');
      for (const box of await searchBoxes.all()) {
        t.ok(Number(await box.getAttribute('maxlength')) > 0, `${await box.getAttribute('aria-label') ?? await box.getAttribute('id')} has a limit`);
      }
      for (const [label, max, tab] of screen.inputs) {
        if (tab) await page.getByRole('tab', { name: tab }).click();
        const input = page.getByLabel(label, { exact: true });
        await input.click();
        await page.keyboard.insertText(PASTED);
        t.equal((await input.inputValue()).length, max, `${label} keeps ${max} characters`);
      }
      // Past the debounce, the searches go out; once they are answered, none of them was refused.
      await page.clock.runFor(800);
      await twoFrames(page);
      await requests.answered();
      t.strictSame(failedCalls, [], 'no call was refused');
      t.equal(await page.getByRole('alert').filter({ hasText: /characters/ }).count(), 0, 'no error on screen');
    });
  }
});
