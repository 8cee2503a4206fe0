import t from 'tap';
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import type { Role } from '../../api/contract/roles.js';
import { TELEGRAM_ALERTS_UNADDRESSED } from '../../api/contract/notifications.js';
import { launchBrowser, signInAs, withHangGuard } from '../helpers/browser.js';
import { inViewport } from '../helpers/layout.js';
import { startTestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

// One product and one browser for the file; each role signs in in a page of its own.
const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

/** Screenshots for a person to look at, under the test output (.tap is not committed). */
const SHOTS = '.tap/screenshots/settings';
await mkdir(SHOTS, { recursive: true });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
];

const STAFF: { role: Role; username: string; password: string; sections: string[] }[] = [
  { role: 'viewer', username: 'val', password: 'val-the-viewer-pass', sections: ['Account'] },
  { role: 'editor', username: 'eda', password: 'eda-the-editor-pass', sections: ['Account'] },
  { role: 'admin', username: 'adam', password: 'adam-the-admin-pass', sections: ['Account', 'Notification Settings', 'System Settings', 'Specialties'] },
  { role: 'super_admin', username: 'sue', password: 'sue-the-super-admin', sections: ['Account', 'Notification Settings', 'System Settings', 'Specialties'] },
];
const ALL_SECTIONS = ['Account', 'Notification Settings', 'System Settings', 'Specialties'];

for (const member of STAFF) {
  t.test(`${member.role}: Settings shows the sections the role may use`, async (t) => {
    await server.createUser(member);
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      t.teardown(() => context.close());
      const page = await context.newPage();
      await signInAs(page, server.url, member.username, member.password, '/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Account' }).getByText('Username', { exact: true }).waitFor();
      if (member.sections.includes('System Settings')) await page.getByLabel('Default daily limit').waitFor();
      for (const section of ALL_SECTIONS) {
        const shown = await page.getByRole('heading', { name: section, level: 2, exact: true }).count();
        t.equal(shown, member.sections.includes(section) ? 1 : 0, `${size.width} px: ${section} ${member.sections.includes(section) ? 'shown' : 'not shown'}`);
      }
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      t.ok(overflow <= 0, `${size.width} px: no sideways scrolling (${overflow} px)`);
      await page.screenshot({ path: `${SHOTS}/${member.role}-${size.width}.png`, fullPage: true });

      if (member.sections.length > 1) {
        for (const address of ['/settings?section=system', '/settings#system']) {
          await page.goto(`${server.url}${address}`);
          await page.getByLabel('Default daily limit').waitFor();
          const heading = page.getByRole('heading', { name: 'System Settings', level: 2 });
          // Scrolling happens once the section is drawn: wait until the browser sees the heading come into view.
          const cameIntoView = heading.evaluate(
            (element) =>
              new Promise<void>((resolve) => {
                const Observer = (globalThis as unknown as { IntersectionObserver: new (callback: (entries: { isIntersecting: boolean }[]) => void) => { observe(target: unknown): void; disconnect(): void } }).IntersectionObserver;
                const observer = new Observer((entries) => {
                  if (!entries.some((entry) => entry.isIntersecting)) return;
                  observer.disconnect();
                  resolve();
                });
                observer.observe(element);
              }),
          );
          // Guarded: a heading that never comes into view is for the assertion below to report.
          await withHangGuard(cameIntoView, 10_000, () => `${address} never showed System Settings`).catch(() => undefined);
          t.ok(await inViewport(page, heading), `${size.width} px: ${address} opens at System Settings`);
          t.ok(await inViewport(page, page.getByRole('region', { name: 'System Settings' }).getByLabel('Default daily limit')), 'with its first field in view');
        }
        await page.screenshot({ path: `${SHOTS}/${member.role}-${size.width}-system.png` });
        const save = page.getByRole('region', { name: 'System Settings' }).getByRole('button', { name: 'Save Settings' });
        await save.scrollIntoViewIfNeeded();
        t.ok(await inViewport(page, save), `${size.width} px: Save Settings can be reached`);
      }
    }
  });
}

t.test('an admin saves the system settings on Settings', async (t) => {
  const admin = { username: 'sam', password: 'sam-the-admin-pass', role: 'admin' as const };
  await server.createUser(admin);
  const page = await browser.newPage({ viewport: SIZES[0] });
  t.teardown(() => page.close());
  await signInAs(page, server.url, admin.username, admin.password, '/settings?section=system');
  const section = page.getByRole('region', { name: 'System Settings' });
  await section.getByLabel('Default daily limit').fill('7');
  await section.getByRole('button', { name: 'Save Settings' }).click();
  await page.locator('[data-sonner-toast]').getByText('System Settings Saved', { exact: true }).waitFor();
  t.equal(await section.getByRole('button', { name: 'Cancel' }).count(), 0, 'no Cancel: nothing to close here');
  const [stored] = await server.sql`SELECT default_daily_limit FROM system_settings`;
  t.same(stored, { defaultDailyLimit: 7 }, 'saved on the server');
  await page.reload();
  t.equal(await section.getByLabel('Default daily limit').inputValue(), '7', 'and shown after a reload');
});

t.test('an admin sets the verification cycle: hiding from the bot must come after re-verification', async (t) => {
  const admin = { username: 'vera', password: 'vera-the-admin-pass', role: 'admin' as const };
  await server.createUser(admin);
  const page = await browser.newPage({ viewport: SIZES[0] });
  t.teardown(() => page.close());
  await signInAs(page, server.url, admin.username, admin.password, '/settings?section=system');
  const section = page.getByRole('region', { name: 'System Settings' });
  const hide = section.getByLabel('Hide from the bot after (days without verification)');
  t.equal(await section.getByLabel('Re-verify every (days)').inputValue(), '90', 'the default cycle');
  t.equal(await hide.inputValue(), '', 'hiding off');
  await section.getByLabel('Re-verify every (days)').fill('60');
  await hide.fill('45');
  await section.getByRole('button', { name: 'Save Settings' }).click();
  await section.getByText('Hiding from the bot must come later than re-verification: enter more than 60 days, or switch hiding off.').waitFor();
  const [refused] = await server.sql`SELECT reverify_after_days, hide_unverified_after_days FROM system_settings`;
  t.same(refused, { reverifyAfterDays: 90, hideUnverifiedAfterDays: null }, 'nothing saved');
  await hide.fill('120');
  await section.getByRole('button', { name: 'Save Settings' }).click();
  await page.locator('[data-sonner-toast]').getByText('System Settings Saved', { exact: true }).last().waitFor();
  const [stored] = await server.sql`SELECT reverify_after_days, hide_unverified_after_days FROM system_settings`;
  t.same(stored, { reverifyAfterDays: 60, hideUnverifiedAfterDays: 120 }, 'saved on the server');
  await hide.fill('');
  await section.getByLabel('Re-verify every (days)').fill('90');
  await section.getByRole('button', { name: 'Save Settings' }).click();
  await until(async () => (await server.sql`SELECT 1 FROM system_settings WHERE reverify_after_days = 90 AND hide_unverified_after_days IS NULL`).length === 1, 'the cycle back to its default');
});

t.test('the two Save Settings buttons read the same but tell a screen reader which settings they save', async (t) => {
  const admin = { username: 'sia', password: 'sia-the-admin-pass', role: 'admin' as const };
  await server.createUser(admin);
  const page = await browser.newPage({ viewport: SIZES[0] });
  t.teardown(() => page.close());
  await signInAs(page, server.url, admin.username, admin.password, '/settings');
  await page.getByLabel('Default daily limit').waitFor();
  await page.getByLabel('Telegram notifications').waitFor();
  t.equal(await page.getByRole('button', { name: 'Save Settings', exact: true }).count(), 0, 'no two buttons share one name');
  for (const section of ['System Settings', 'Notification Settings']) {
    const save = page.getByRole('region', { name: section }).getByRole('button', { name: `Save Settings (${section})`, exact: true });
    t.equal(await save.count(), 1, `${section}: its button is named after the section`);
    t.equal(await save.innerText(), 'Save Settings', `${section}: and still reads "Save Settings"`);
  }
});

t.test('Telegram alerts on with no admin Telegram ID: the form warns and says how to fix it, at both widths', async (t) => {
  const admin = { username: 'tia', password: 'tia-the-admin-pass', role: 'admin' as const };
  await server.createUser(admin);
  for (const size of SIZES) {
    await t.test(`at ${size.width} px`, async (t) => {
      const page = await browser.newPage({ viewport: size });
      t.teardown(() => page.close());
      await signInAs(page, server.url, admin.username, admin.password, '/settings');
      const section = page.getByRole('region', { name: 'Notification Settings' });
      const warning = section.getByRole('status', { name: 'Telegram alerts' });
      await warning.waitFor();
      t.equal(await warning.innerText(), TELEGRAM_ALERTS_UNADDRESSED, 'on by default, no id: the warning');
      await page.screenshot({ path: `${SHOTS}/telegram-alerts-warning-${size.width}.png`, fullPage: true });
      t.equal(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 0, 'nothing scrolls sideways');
      await section.getByLabel('Admin Telegram ID').fill('123456789');
      await warning.waitFor({ state: 'detached' });
      await section.getByLabel('Admin Telegram ID').fill('');
      await warning.waitFor();
      await section.getByLabel('Telegram notifications').uncheck();
      await section.getByLabel('Daily reports').uncheck();
      t.equal(await warning.count(), 0, 'alerts off: no warning');
    });
  }
});
