import t, { type Test } from 'tap';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Role } from '../../api/contract/roles.js';
import { launchBrowser } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// One product and one browser for the file. Each role signs in once through the login screen; every case
// then opens its own browser context carrying that session's storage.
const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };
const PRODUCT_TITLE = 'MedContacts Admin';
/** Tailwind's lg: the sidebar from here up, the mobile header and bottom bar below. */
const DESKTOP_BREAKPOINT = 1024;

/** The little of the browser's globals these tests read; they compile without the DOM library. */
interface BrowserGlobals {
  getComputedStyle(element: unknown): { fontSize: string; backgroundColor: string };
}

interface Member {
  username: string;
  password: string;
  firstName: string | null;
  /** What the sidebar footer shows: first name, else username (spec §2.2). */
  shownName: string;
  /** The role as the footer shows it. */
  roleText: string;
}

const MEMBERS: Record<Role, Member> = {
  viewer: { username: 'vera', password: 'vera-viewer-password', firstName: 'Vera', shownName: 'Vera', roleText: 'VIEWER' },
  editor: { username: 'eddie', password: 'eddie-editor-password', firstName: null, shownName: 'eddie', roleText: 'EDITOR' },
  admin: { username: 'ada', password: 'ada-admin-password', firstName: 'Ada', shownName: 'Ada', roleText: 'ADMIN' },
  super_admin: { username: 'sam', password: 'sam-super-password', firstName: 'Sam', shownName: 'Sam', roleText: 'SUPER ADMIN' },
};
const ROLES = Object.keys(MEMBERS) as Role[];

type Entry = [label: string, href: string];

const MESSAGING: Entry[] = [
  ['Templates', '/messaging/templates'],
  ['Broadcasts', '/messaging/broadcasts'],
];
const ANALYTICS: Entry[] = [
  ['Overview', '/analytics'],
  ['Geographic', '/geographic-analytics'],
  ['Contact Analytics', '/contact-analytics'],
  ['Notifications', '/notifications'],
];

/** The sidebar's links, in order, per role (spec §2.2 and §6). Groups are expanded, so their links count. */
function sidebarLinksFor(role: Role): Entry[] {
  const editor = role !== 'viewer';
  const admin = role === 'admin' || role === 'super_admin';
  return [
    ['Dashboard', '/'],
    ['Users', '/users'],
    ...(editor ? MESSAGING : []),
    ['Medical Contacts', '/medical-contacts'],
    ...(editor ? ([['Verification', '/verification']] as Entry[]) : []),
    ...ANALYTICS,
    ['Bot Logs', '/logs'],
    ...(editor ? ([['Bot Sandbox', '/bot-sandbox']] as Entry[]) : []),
    ...(admin ? ([['Access Control', '/access-control'], ['Admin Users', '/admin-users'], ['Audit Log', '/audit-log']] as Entry[]) : []),
  ];
}

function sidebarGroupsFor(role: Role): string[] {
  return role === 'viewer' ? ['Analytics'] : ['Messaging', 'Analytics'];
}

/** The bottom bar's items per role (spec §2.2 and §6). */
function bottomBarFor(role: Role): Entry[] {
  const editor = role !== 'viewer';
  const admin = role === 'admin' || role === 'super_admin';
  return [
    ['Home', '/'],
    ['Users', '/users'],
    ...(editor ? ([['Msgs', '/messaging/templates']] as Entry[]) : []),
    ['Contacts', '/medical-contacts'],
    ['Stats', '/analytics'],
    ['Logs', '/logs'],
    ...(admin ? ([['Access', '/access-control'], ['Admins', '/admin-users']] as Entry[]) : []),
    ['Settings', '/settings'],
  ];
}

for (const [role, member] of Object.entries(MEMBERS) as [Role, Member][]) {
  await server.createUser({ username: member.username, password: member.password, role, firstName: member.firstName });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<Role, Promise<StorageState>>();

/** Signs the role's member in through the login screen once, and keeps the browser storage that results. */
function sessionOf(role: Role): Promise<StorageState> {
  let session = sessions.get(role);
  if (!session) {
    session = (async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/login`);
        await page.getByLabel('Email or Username').fill(MEMBERS[role].username);
        await page.getByLabel('Password', { exact: true }).fill(MEMBERS[role].password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    sessions.set(role, session);
  }
  return session;
}

/**
 * A fresh browser context signed in as `role`, showing `path` inside the shell. It waits for the shell, so the
 * start-up token check has finished before a case moves on: leaving a page while that check is in flight
 * signs the user out (see the todo in sign-in.test.ts).
 */
async function signedInPage(t: Test, role: Role, viewport: { width: number; height: number }, path = '/dashboard'): Promise<Page> {
  const context = await browser.newContext({ viewport, storageState: await sessionOf(role) });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await (viewport.width >= DESKTOP_BREAKPOINT ? mainNavOf(page) : bottomBarOf(page)).waitFor();
  return page;
}

async function entriesIn(scope: Locator): Promise<Entry[]> {
  const links = await scope.getByRole('link').all();
  return Promise.all(links.map(async (link): Promise<Entry> => [(await link.innerText()).trim(), (await link.getAttribute('href')) ?? '']));
}

async function currentIn(scope: Locator): Promise<string[]> {
  return (await scope.locator('[aria-current="page"]').allInnerTexts()).map((text) => text.trim());
}

function styleOf(locator: Locator): Promise<{ fontSize: string; backgroundColor: string }> {
  return locator.evaluate((element) => {
    const style = (globalThis as unknown as BrowserGlobals).getComputedStyle(element);
    return { fontSize: style.fontSize, backgroundColor: style.backgroundColor };
  });
}

const sidebarOf = (page: Page) => page.getByRole('complementary');
const mainNavOf = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const bottomBarOf = (page: Page) => page.getByRole('navigation', { name: 'Quick navigation' });
const mobileHeaderOf = (page: Page) => page.getByRole('banner');

for (const role of ROLES) {
  const member = MEMBERS[role];

  t.test(`${role}: the sidebar at 1440 px`, async (t) => {
    const page = await signedInPage(t, role, DESKTOP);
    const sidebar = sidebarOf(page);
    const nav = mainNavOf(page);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    t.ok(await sidebar.getByText(PRODUCT_TITLE, { exact: true }).isVisible(), 'the product title');
    t.same(await entriesIn(nav), sidebarLinksFor(role), 'the role’s entries, in order, with their addresses');
    t.same(
      (await nav.getByRole('button').allInnerTexts()).map((text) => text.trim()),
      sidebarGroupsFor(role),
      'the role’s groups',
    );

    const settings = sidebar.getByRole('link', { name: 'Settings', exact: true });
    const logout = sidebar.getByRole('button', { name: 'Logout', exact: true });
    t.equal(await nav.getByRole('link', { name: 'Settings' }).count(), 0, 'Settings is not among the main entries');
    t.equal(await settings.getAttribute('href'), '/settings', 'Settings leads to /settings');
    t.ok(await logout.isVisible(), 'Logout');
    const navBox = await nav.boundingBox();
    const settingsBox = await settings.boundingBox();
    const logoutBox = await logout.boundingBox();
    t.ok(navBox && settingsBox && logoutBox, 'the sidebar is laid out');
    if (navBox && settingsBox && logoutBox) {
      t.ok(settingsBox.y >= navBox.y + navBox.height, 'Settings sits below the entries');
      t.ok(logoutBox.y > settingsBox.y, 'Logout sits below Settings');
    }

    t.ok(await sidebar.getByText(member.shownName, { exact: true }).isVisible(), `the footer names ${member.shownName}`);
    t.ok(await sidebar.getByText(member.roleText, { exact: true }).isVisible(), `the footer shows the role as ${member.roleText}`);
    t.notOk(await bottomBarOf(page).isVisible(), 'no bottom bar on a wide screen');
    t.notOk(await mobileHeaderOf(page).isVisible(), 'no mobile header on a wide screen');

    await settings.click();
    await page.waitForURL(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText(member.roleText, { exact: true }).waitFor();
    t.equal(await account.getByText('Username', { exact: true }).locator('xpath=following-sibling::dd').innerText(), member.username, 'the Settings screen shows the account');
    t.same(await currentIn(sidebar), ['Settings'], 'Settings is the active entry');
  });
}

t.test('the active entry is highlighted: / only on an exact match, the others by prefix', async (t) => {
  const page = await signedInPage(t, 'admin', DESKTOP, '/');
  const sidebar = sidebarOf(page);
  const nav = mainNavOf(page);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  t.same(await currentIn(sidebar), ['Dashboard'], 'Dashboard on /');

  const active = await styleOf(nav.getByRole('link', { name: 'Dashboard', exact: true }));
  const idle = await styleOf(nav.getByRole('link', { name: 'Users', exact: true }));
  t.not(active.backgroundColor, idle.backgroundColor, 'the active entry looks different from the others');

  const visits: [label: string, path: string, heading: string][] = [
    ['Users', '/users', 'Bot Users'],
    ['Broadcasts', '/messaging/broadcasts', 'Broadcast Messages'],
    ['Geographic', '/geographic-analytics', 'Geographic Analytics'],
    ['Bot Logs', '/logs', 'Bot Logs'],
    ['Admin Users', '/admin-users', 'User Management'],
  ];
  for (const [label, path, heading] of visits) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL(`${server.url}${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    t.same(await currentIn(sidebar), [label], `${label} alone is active on ${path}`);
  }

  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  t.same(await currentIn(sidebar), ['Dashboard'], 'Dashboard on /dashboard, the same screen as /');

  await page.goto(`${server.url}/users/12345`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  t.same(await currentIn(sidebar), ['Users'], 'Users is active below /users, by prefix');

  await page.goto(`${server.url}/usersettings`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  t.same(await currentIn(sidebar), [], 'a prefix counts only up to a path segment');
});

t.test('the Messaging and Analytics groups start expanded and can be collapsed', async (t) => {
  const page = await signedInPage(t, 'editor', DESKTOP);
  const nav = mainNavOf(page);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  for (const [group, links] of [
    ['Messaging', MESSAGING],
    ['Analytics', ANALYTICS],
  ] as const) {
    const toggle = nav.getByRole('button', { name: group, exact: true });
    t.equal(await toggle.getAttribute('aria-expanded'), 'true', `${group} starts expanded`);
    for (const [label] of links) t.ok(await nav.getByRole('link', { name: label, exact: true }).isVisible(), `${label} shows`);

    await toggle.click();
    await nav.getByRole('button', { name: group, expanded: false }).waitFor();
    for (const [label] of links) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor({ state: 'hidden' });
    }
    t.pass(`${group} collapses and hides its links`);
    t.ok(await nav.getByRole('link', { name: 'Bot Logs' }).isVisible(), 'the other entries stay');

    await toggle.click();
    await nav.getByRole('button', { name: group, expanded: true }).waitFor();
    for (const [label] of links) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    t.pass(`${group} expands again`);
  }
});

for (const role of ROLES) {
  t.test(`${role}: the bottom bar at 375 px`, async (t) => {
    const page = await signedInPage(t, role, MOBILE);
    const bar = bottomBarOf(page);
    await bar.waitFor();
    t.same(await entriesIn(bar), bottomBarFor(role), 'the role’s items, in order, with their addresses');
    t.same(await currentIn(bar), ['Home'], 'Home is active on the dashboard');
    t.notOk(await sidebarOf(page).isVisible(), 'no sidebar on a narrow screen');
    t.ok(await mobileHeaderOf(page).getByText('Dashboard', { exact: true }).isVisible(), 'the header shows the page title');

    const barBox = await bar.boundingBox();
    t.ok(barBox && Math.round(barBox.y + barBox.height) === MOBILE.height, 'the bar sits at the foot of the screen');
    const items = await bar.getByRole('link').all();
    for (const item of items) {
      const box = await item.boundingBox();
      const label = (await item.innerText()).trim();
      t.ok(box && box.x >= 0 && box.x + box.width <= MOBILE.width, `${label} fits within 375 px`);
    }
  });
}

t.test('the bottom bar’s labels shrink when more than six items show', async (t) => {
  const viewerPage = await signedInPage(t, 'viewer', MOBILE);
  const editorPage = await signedInPage(t, 'editor', MOBILE);
  const viewerLabel = bottomBarOf(viewerPage).getByRole('link', { name: 'Home' });
  const editorLabel = bottomBarOf(editorPage).getByRole('link', { name: 'Home' });
  await viewerLabel.waitFor();
  await editorLabel.waitFor();
  t.equal(await bottomBarOf(viewerPage).getByRole('link').count(), 6, 'six items for a viewer');
  t.equal(await bottomBarOf(editorPage).getByRole('link').count(), 7, 'seven items for an editor');
  const six = parseFloat((await styleOf(viewerLabel)).fontSize);
  const seven = parseFloat((await styleOf(editorLabel)).fontSize);
  t.ok(seven < six, `labels are smaller with seven items (${seven}px) than with six (${six}px)`);
});

t.test('at 375 px Msgs and Stats stay active across their areas, and the header names the page', async (t) => {
  const page = await signedInPage(t, 'admin', MOBILE);
  const bar = bottomBarOf(page);
  const header = mobileHeaderOf(page);
  const visits: [path: string, active: string, title: string][] = [
    ['/', 'Home', 'Dashboard'],
    ['/messaging/templates', 'Msgs', 'Message Templates'],
    ['/messaging/broadcasts', 'Msgs', 'Broadcast Messages'],
    ['/templates', 'Msgs', 'Message Templates'],
    ['/analytics', 'Stats', 'Analytics Dashboard'],
    ['/geographic-analytics', 'Stats', 'Geographic Analytics'],
    ['/contact-analytics', 'Stats', 'Contact Analytics'],
    ['/notifications', 'Stats', 'Notifications'],
    ['/medical-contacts', 'Contacts', 'Medical Contacts Database'],
    ['/access-control', 'Access', 'Access Control'],
    ['/admin-users', 'Admins', 'User Management'],
    ['/settings', 'Settings', 'Settings'],
  ];
  for (const [path, active, title] of visits) {
    await page.goto(`${server.url}${path}`);
    await header.getByText(title, { exact: true }).waitFor();
    t.same(await currentIn(bar), [active], `${active} is active on ${path}, titled ${title}`);
  }

  await bar.getByRole('link', { name: 'Stats' }).click();
  await page.waitForURL(`${server.url}/analytics`);
  await header.getByText('Analytics Dashboard', { exact: true }).waitFor();
  t.same(await currentIn(bar), ['Stats'], 'tapping Stats opens /analytics');
});

t.test('at 375 px the menu button opens a sheet that closes after navigating', async (t) => {
  const page = await signedInPage(t, 'viewer', MOBILE);
  const header = mobileHeaderOf(page);
  await header.getByText('Dashboard', { exact: true }).waitFor();

  // The dialog element itself has no box (its panel is fixed-positioned), so the waits are on the menu inside it.
  const sheet = page.getByRole('dialog', { name: PRODUCT_TITLE });
  const menu = sheet.getByRole('navigation', { name: 'Mobile menu' });
  await header.getByRole('button', { name: 'Open menu' }).click();
  await menu.waitFor();
  t.same(await entriesIn(menu), sidebarLinksFor('viewer'), 'the same role-filtered entries as the sidebar');
  t.ok(await sheet.getByRole('link', { name: 'Settings', exact: true }).isVisible(), 'Settings');
  t.ok(await sheet.getByRole('button', { name: 'Logout', exact: true }).isVisible(), 'Logout');
  t.ok(await sheet.getByText('VIEWER', { exact: true }).isVisible(), 'who is signed in');

  await menu.getByRole('link', { name: 'Medical Contacts', exact: true }).click();
  await page.waitForURL(`${server.url}/medical-contacts`);
  await menu.waitFor({ state: 'hidden' });
  await header.getByText('Medical Contacts Database', { exact: true }).waitFor();
  t.pass('the sheet closed and the header names the new page');

  await header.getByRole('button', { name: 'Open menu' }).click();
  await menu.waitFor();
  await sheet.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL(`${server.url}/settings`);
  await menu.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  t.same(await currentIn(bottomBarOf(page)), ['Settings'], 'Settings from the sheet, and the bottom bar agrees');

  await header.getByRole('button', { name: 'Open menu' }).click();
  await menu.waitFor();
  await sheet.getByRole('button', { name: 'Close menu' }).click();
  await menu.waitFor({ state: 'hidden' });
  t.equal(new URL(page.url()).pathname, '/settings', 'closing the sheet stays on the page');
});

t.test('an unknown signed-in path shows Page Not Found inside the shell', async (t) => {
  const page = await signedInPage(t, 'viewer', DESKTOP, '/no-such-screen');
  await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
  t.ok(await page.getByText('The page you\'re looking for doesn\'t exist.', { exact: true }).isVisible(), 'the explanation');
  t.ok(await mainNavOf(page).isVisible(), 'the sidebar stays');
  t.same(await currentIn(sidebarOf(page)), [], 'no entry is active');
  t.equal(new URL(page.url()).pathname, '/no-such-screen', 'the address is kept');

  await page.setViewportSize(MOBILE);
  await mobileHeaderOf(page).getByText('Page Not Found', { exact: true }).waitFor();
  t.pass('the mobile header names it too');
});
