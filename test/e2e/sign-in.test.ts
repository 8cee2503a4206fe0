import t, { type Test } from 'tap';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { anAdminUser } from '../helpers/builders.js';
import { startTestServer } from '../helpers/server.js';

// One product and one browser for the file; every case opens its own browser context and uses its own users,
// so no case depends on another's session, lockout counter or two-factor step.
const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

/** The little of the browser's globals these tests read; they compile without the DOM library. */
interface BrowserGlobals {
  getComputedStyle(element: unknown): { color: string; borderLeftColor: string; backgroundColor: string };
}

const ROOT = { username: 'root', password: 'root-password-for-tests' };
const DESKTOP = { width: 1440, height: 900 };
const TOTP_STEP_SECONDS = 30;

async function newPage(t: Test): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  t.teardown(() => context.close());
  return { context, page: await context.newPage() };
}

/** True for an rgb()/rgba() colour whose red channel clearly leads. */
function isReddish(colour: string): boolean {
  const [red = 0, green = 0, blue = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return red > 120 && red > green + 40 && red > blue + 40;
}

async function openLogin(page: Page): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
}

async function submitCredentials(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Waits for the landing address of a sign-in, /dashboard?t={timestamp}, and returns the timestamp. */
async function waitForDashboard(page: Page): Promise<number> {
  await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.has('t'));
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return Number(new URL(page.url()).searchParams.get('t'));
}

/** What the page's origin keeps in local storage (read through the context: the tests compile without DOM types). */
async function localStorageOf(page: Page): Promise<Map<string, string>> {
  const { origins } = await page.context().storageState();
  const items = origins.find(({ origin }) => origin === server.url)?.localStorage ?? [];
  return new Map(items.map(({ name, value }) => [name, value]));
}

async function storedTokens(page: Page): Promise<{ token: string | null; refreshToken: string | null }> {
  const storage = await localStorageOf(page);
  return { token: storage.get('adminToken') ?? null, refreshToken: storage.get('adminRefreshToken') ?? null };
}

/** The TOTP code of `secret` for the 30-second step `step` (Unix seconds / 30). */
function codeForStep(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * TOTP_STEP_SECONDS });
}

function currentStep(): number {
  return Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);
}

/** Switches two-factor on for a user the way an administrator does, through the API as root. */
async function requireTwoFactorFor(userId: number): Promise<void> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: ROOT.username, password: ROOT.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const toggle = await fetch(`${server.url}/api/admin/users/${userId}/toggle-2fa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ enable: true }),
  });
  if (toggle.status !== 200) throw new Error(`toggle-2fa answered ${toggle.status}: ${await toggle.text()}`);
}

t.test('the login screen shows the spec’s texts', async (t) => {
  const { page } = await newPage(t);
  await openLogin(page);
  t.ok(await page.getByRole('heading', { name: 'Admin Login', exact: true }).isVisible(), 'the title');
  t.ok(await page.getByText('Enter your credentials to access the admin panel', { exact: true }).isVisible(), 'the subtitle');
  const identifier = page.getByLabel('Email or Username');
  const password = page.getByLabel('Password', { exact: true });
  t.ok(await identifier.isVisible(), 'the identifier field');
  t.ok(await password.isVisible(), 'the password field');
  t.equal(await password.getAttribute('type'), 'password', 'the password is masked');
  t.not(await identifier.getAttribute('required'), null, 'the identifier is required');
  t.not(await password.getAttribute('required'), null, 'the password is required');
  t.ok(await page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled(), 'the Sign In button');
  t.equal(await page.getByRole('alert').count(), 0, 'no alert before an attempt');
  t.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no shell while signed out');
});

t.test('a wrong password shows the server’s text in a red alert', async (t) => {
  await server.createUser({ username: 'wanda', password: 'wanda-real-password', role: 'viewer' });
  const { page } = await newPage(t);
  await openLogin(page);
  await submitCredentials(page, 'wanda', 'not-wandas-password');

  const alert = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
  await alert.waitFor();
  const colours = await alert.evaluate((element) => {
    const style = (globalThis as unknown as BrowserGlobals).getComputedStyle(element);
    return { text: style.color, border: style.borderLeftColor, background: style.backgroundColor };
  });
  for (const [part, colour] of Object.entries(colours)) t.ok(isReddish(colour), `the alert's ${part} is red (${colour})`);
  t.equal(new URL(page.url()).pathname, '/login', 'still on the login screen');
  t.ok(await page.getByRole('button', { name: 'Sign In' }).isEnabled(), 'the form can be sent again');
  t.same(await storedTokens(page), { token: null, refreshToken: null }, 'no tokens stored');
});

t.test('signing in by username lands on /dashboard?t= inside the shell', async (t) => {
  await server.createUser({ username: 'ursula', password: 'ursula-password-1', role: 'editor', firstName: 'Ursula' });
  const { page } = await newPage(t);
  await openLogin(page);

  // Hold the login call until the busy state has been seen, so the check needs no timing luck.
  let releaseLogin = () => {};
  const loginHeld = new Promise<void>((resolve) => (releaseLogin = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await loginHeld;
    await route.continue();
  });
  const before = Date.now();
  await submitCredentials(page, 'ursula', 'ursula-password-1');
  const busyButton = page.getByRole('button', { name: 'Signing in...', exact: true });
  await busyButton.waitFor();
  t.ok(await busyButton.isDisabled(), 'the button reads "Signing in..." and is disabled while busy');
  t.ok(await page.getByLabel('Email or Username').isDisabled(), 'the identifier is disabled while busy');
  t.ok(await page.getByLabel('Password', { exact: true }).isDisabled(), 'the password is disabled while busy');
  releaseLogin();

  const timestamp = await waitForDashboard(page);
  await page.unroute('**/api/auth/login');
  t.ok(timestamp >= before && timestamp <= Date.now(), 'the t parameter is the time of the sign-in');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  const sidebar = page.getByRole('complementary');
  t.ok(await sidebar.getByText('Ursula', { exact: true }).isVisible(), 'the sidebar footer names the user');
  t.ok(await page.getByRole('button', { name: 'Logout' }).isVisible(), 'the sidebar offers Logout');
  const tokens = await storedTokens(page);
  t.ok(tokens.token, 'the access token is stored under adminToken');
  t.ok(tokens.refreshToken, 'the refresh token is stored under adminRefreshToken');

  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  t.ok(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'a reload keeps the session');
});

t.test('signing in by email, in any case', async (t) => {
  await anAdminUser(server.sql, { username: 'emil', email: 'emil@clinic.example', password: 'emil-password-1', role: 'viewer' });
  const { page } = await newPage(t);
  await openLogin(page);
  await submitCredentials(page, 'Emil@Clinic.Example', 'emil-password-1');
  await waitForDashboard(page);
  t.ok(await page.getByRole('complementary').getByText('emil', { exact: true }).isVisible(), 'signed in as emil');
});

t.test('two-factor: enrolment at sign-in, then a code at every sign-in', async (t) => {
  const user = await server.createUser({ username: 'tess', password: 'tess-password-1', role: 'viewer', firstName: 'Tess' });
  await requireTwoFactorFor(user.id);
  const { page } = await newPage(t);
  let enrolledSecret = '';
  let enrolmentStep = 0;
  let usedCode = '';

  await t.test('enrols: QR code and secret, a code, then the recovery codes', async (t) => {
    await openLogin(page);
    await submitCredentials(page, 'tess', 'tess-password-1');

    const codeField = page.getByLabel('Two-Factor Authentication Code');
    await codeField.waitFor();
    t.equal(await codeField.getAttribute('placeholder'), 'Enter 6-digit code', 'the placeholder');
    t.ok(await page.getByText('Enter the 6-digit code from your authenticator app').isVisible(), 'the hint');
    t.equal(await codeField.getAttribute('maxlength'), '6', 'the code is capped at 6 characters');
    t.equal(await page.getByLabel('Email or Username').count(), 0, 'the credentials form is gone');

    const qr = page.getByRole('img', { name: 'Two-factor QR code' });
    await qr.waitFor();
    t.match(await qr.getAttribute('src'), /^data:image\/png;base64,/, 'the QR code is an image');
    t.ok(await qr.evaluate((image) => 'naturalWidth' in image && Number(image.naturalWidth) > 0), 'the QR image decodes');
    const secret = (await page.getByText('Secret key').locator('xpath=following-sibling::dd').innerText()).trim();
    t.match(secret, /^[A-Z2-7]{16,}$/, 'the secret is shown as base32 text');
    t.equal(await page.getByRole('button', { name: 'Use a recovery code' }).count(), 0, 'no recovery codes before enrolment');

    enrolmentStep = currentStep();
    await codeField.fill(await codeForStep(secret, enrolmentStep));
    await page.getByRole('button', { name: 'Verify Code' }).click();

    const heading = page.getByRole('heading', { name: 'Save your recovery codes' });
    await heading.waitFor();
    const codes = await page.getByRole('region', { name: 'Save your recovery codes' }).getByRole('listitem').allInnerTexts();
    t.equal(codes.length, 10, 'ten recovery codes');
    t.ok(codes.every((code) => /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/.test(code)), 'codes like k3f9-2hx7-qm4p');
    t.equal(new URL(page.url()).pathname, '/login', 'the codes are shown before entering the console');

    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForDashboard(page);
    t.ok(await page.getByRole('complementary').getByText('Tess', { exact: true }).isVisible(), 'signed in as Tess');
    enrolledSecret = secret;
  });

  await t.test('signs out with Logout', async (t) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    t.same(await storedTokens(page), { token: null, refreshToken: null }, 'both tokens are gone');
  });

  await t.test('signs in again with the password and a fresh code', async (t) => {
    await submitCredentials(page, 'tess', 'tess-password-1');
    const codeField = page.getByLabel('Two-Factor Authentication Code');
    await codeField.waitFor();
    t.equal(await page.getByRole('img', { name: 'Two-factor QR code' }).count(), 0, 'no enrolment this time');
    t.ok(await page.getByRole('button', { name: 'Use a recovery code' }).isVisible(), 'a recovery code may be used instead');
    // The enrolment code's step is spent; the next step is within the server's one-step tolerance.
    usedCode = await codeForStep(enrolledSecret, Math.max(enrolmentStep + 1, currentStep()));
    await codeField.fill(usedCode);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await waitForDashboard(page);
    t.equal(await page.getByRole('heading', { name: 'Save your recovery codes' }).count(), 0, 'no recovery codes after enrolment');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  await t.test('a code used once says so and to wait for the next one', async (t) => {
    await openLogin(page);
    await submitCredentials(page, 'tess', 'tess-password-1');
    const codeField = page.getByLabel('Two-Factor Authentication Code');
    await codeField.waitFor();
    await codeField.fill(usedCode);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('alert').filter({ hasText: 'This code was already used. Wait for the next code from your app.' }).waitFor();
    t.equal(await page.getByRole('alert').filter({ hasText: 'Invalid two-factor code' }).count(), 0, 'not "invalid"');
    t.ok(await codeField.isVisible(), 'the code form stays for the next code');
    await page.getByRole('button', { name: 'Back to Login' }).click();
  });

  await t.test('a wrong code shows an error and keeps the code form', async (t) => {
    await openLogin(page);
    await submitCredentials(page, 'tess', 'tess-password-1');
    const codeField = page.getByLabel('Two-Factor Authentication Code');
    await codeField.waitFor();
    const step = currentStep();
    const valid = await Promise.all([-1, 0, 1].map((offset) => codeForStep(enrolledSecret, step + offset)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code)) ?? '444444';
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid two-factor code' }).waitFor();
    t.ok(await codeField.isVisible(), 'the code form stays');
    t.equal(new URL(page.url()).pathname, '/login', 'not signed in');
    t.same(await storedTokens(page), { token: null, refreshToken: null }, 'no tokens stored');
  });

  await t.test('Back to Login returns to the credentials form', async (t) => {
    await page.getByLabel('Two-Factor Authentication Code').fill('123');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByLabel('Email or Username').waitFor();
    t.ok(await page.getByRole('button', { name: 'Sign In' }).isVisible(), 'the Sign In button is back');
    t.equal(await page.getByLabel('Two-Factor Authentication Code').count(), 0, 'the code field is gone');
    t.equal(await page.getByRole('alert').count(), 0, 'the error is cleared');

    await page.getByRole('button', { name: 'Sign In' }).click();
    const codeField = page.getByLabel('Two-Factor Authentication Code');
    await codeField.waitFor();
    t.equal(await codeField.inputValue(), '', 'the code was cleared');
  });
});

t.test('Logout in the sidebar ends the session', async (t) => {
  await server.createUser({ username: 'lou', password: 'lou-password-12', role: 'admin' });
  const { page } = await newPage(t);
  await openLogin(page);
  await submitCredentials(page, 'lou', 'lou-password-12');
  await waitForDashboard(page);
  const { refreshToken } = await storedTokens(page);

  await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.same(await storedTokens(page), { token: null, refreshToken: null }, 'adminToken and adminRefreshToken are gone');

  const refresh = await fetch(`${server.url}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  t.equal(refresh.status, 401, 'the server revoked the refresh token');

  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'the shell is gone after sign-out');
});

t.test('/login?clear=1 clears the browser’s state and rewrites the address to /login', async (t) => {
  const { page } = await newPage(t);
  await openLogin(page);
  await page.evaluate(`
    localStorage.setItem('adminToken', 'a-token-the-server-no-longer-accepts');
    localStorage.setItem('leftover', 'from an earlier session');
    sessionStorage.setItem('leftover', 'from an earlier session');
  `);

  const reload = page.waitForRequest((request) => request.isNavigationRequest() && request.url() === `${server.url}/login`);
  await page.goto(`${server.url}/login?clear=1`);
  await reload;
  await page.waitForURL(`${server.url}/login`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.equal(new URL(page.url()).search, '', 'the clear flag is gone from the address');
  t.same([...(await localStorageOf(page)).keys()], [], 'local storage is empty');
  t.equal(await page.evaluate('sessionStorage.length'), 0, 'session storage is empty');
});

t.test('a signed-out visit to /users shows the login screen, and signing in there lands on the dashboard', async (t) => {
  await server.createUser({ username: 'gus', password: 'gus-password-123', role: 'viewer' });
  const { page } = await newPage(t);
  await page.goto(`${server.url}/users`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/users', 'the address is kept');
  t.equal(await page.getByRole('heading', { name: 'Bot Users' }).count(), 0, 'the Bot Users screen is not shown');
  t.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no shell');

  await submitCredentials(page, 'gus', 'gus-password-123');
  await waitForDashboard(page);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
});

t.test('leaving a page while its start-up token check is in flight keeps the session', async (t) => {
  await server.createUser({ username: 'rhea', password: 'rhea-password-12', role: 'viewer' });
  const { page } = await newPage(t);
  await openLogin(page);
  await submitCredentials(page, 'rhea', 'rhea-password-12');
  await waitForDashboard(page);

  // Hold the first start-up check after a reload, then leave the page while it is still waiting for its answer.
  let held = false;
  await page.route('**/api/auth/verify', async (route) => {
    if (held) return route.continue();
    held = true;
  });
  const checking = page.waitForRequest('**/api/auth/verify');
  await page.reload();
  await checking;
  await page.goto(`${server.url}/users`);
  const botUsers = page.getByRole('heading', { name: 'Bot Users', level: 1 });
  await botUsers.or(page.getByRole('heading', { name: 'Admin Login' })).waitFor();
  t.ok(await botUsers.isVisible(), 'the next page opens in the shell, still signed in');
  const tokens = await storedTokens(page);
  t.ok(tokens.token && tokens.refreshToken, 'both tokens are kept: the server never refused them');
});
