import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { can, type Permission } from '../../api/contract/permissions.js';
import type { Role } from '../../api/contract/roles.js';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/seed-demo.js';
import { launchBrowser, screenSettled, signInAs, trackRequests } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
import { startTestServer } from '../helpers/server.js';

/**
 * The screenshot pass: every screen of the console's route table that a role may see, as
 * each demo role, at desktop and phone widths. Each is saved as a full-page PNG under
 * .tap/screenshots/<role>/<screen>-<width>.png (test output, git-ignored) for a person to look at,
 * and each gets the layout check: no sideways page scroll, every action button inside the viewport.
 */

interface ScreenRoute {
  path: string;
  permission?: Permission;
  public?: boolean;
}

/*
 * The route table itself (console/src/lib/routes.ts), so a new screen joins the pass by itself. Loaded
 * at run time: the server-side TypeScript project does not compile the console's sources.
 */

const routeTable = new URL('../../console/src/lib/routes.ts', import.meta.url).href;
const { ROUTES } = (await import(routeTable)) as { ROUTES: Record<string, ScreenRoute> };

const DEMO_ACCOUNTS: Record<Role, string> = {
  viewer: 'demo.viewer',
  editor: 'demo.editor',
  admin: 'demo.admin',
  super_admin: 'demo.superadmin',
};

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
] as const;

const SCREENSHOTS = path.resolve('.tap/screenshots');

/** "adminUsers" → "admin-users", the file name of a screen. */
function fileName(routeId: string): string {
  return routeId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

const server = await startTestServer();
t.teardown(() => server.close());
await seedDemoData(server.sql);
const browser = await launchBrowser();
t.teardown(() => browser.close());

interface ScreenResult {
  label: string;
  problems: string[];
}

/** Visits every screen the role may see at both sizes, saving the screenshots; returns each one's layout problems. */
async function passAs(role: Role, username: string): Promise<ScreenResult[]> {
  const screens = Object.entries(ROUTES).filter(([, route]) => route.public || (route.permission !== undefined && can(role, route.permission)));
  const folder = path.join(SCREENSHOTS, role);
  await mkdir(folder, { recursive: true });
  // One context per role: one sign-in serves every screen at both sizes. Reduced motion: nothing moves in a screenshot.
  const context = await browser.newContext({ viewport: SIZES[0], reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    const requests = trackRequests(page);
    await signInAs(page, server.url, username, DEMO_PASSWORD);
    const results: ScreenResult[] = [];
    // Screen by screen, both sizes each: the public tools come last in the table and may clear the session.
    for (const [routeId, route] of screens) {
      // Loaded once, at the first size; the others are the same screen resized.
      await page.setViewportSize(SIZES[0]);
      await page.goto(`${server.url}${route.path}`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await screenSettled(page, requests);
        await page.screenshot({ path: path.join(folder, `${fileName(routeId)}-${size.width}.png`), fullPage: true, animations: 'disabled' });
        results.push({ label: `${route.path} at ${size.width}x${size.height}`, problems: await layoutProblems(page) });
      }
    }
    return results;
  } finally {
    await context.close();
  }
}

// The roles run side by side, each in its own context: a hundred screens one after another take minutes.
const roles = Object.entries(DEMO_ACCOUNTS) as [Role, string][];
const passes = await Promise.all(roles.map(([role, username]) => passAs(role, username)));
roles.forEach(([, username], index) => {
  t.test(`every screen ${username} may see, at ${SIZES.map((size) => size.width).join(' and ')} px`, async (t) => {
    for (const { label, problems } of passes[index]!) t.strictSame(problems, [], label);
  });
});
