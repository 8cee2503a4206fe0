import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const EDITOR = { username: 'rita', password: 'rita-the-editor-pass', role: 'editor' as const };
const NAME = 'Dr. Anke Vogel';

t.test("a contact's History reads in words: who did what, each field under its label, phones and yes-or-no as people write them", async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: EDITOR.username, password: EDITOR.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const api = (method: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const created = await api('POST', '/api/medical-contacts', {
    name: NAME, phone: '+49 30 1234567', specialty: 'Cardiology', city: 'Berlin', region: 'Berlin', country: 'DE', latitude: 52.52, longitude: 13.4,
  });
  t.equal(created.status, 201);
  const { id } = (await created.json()) as { id: number };
  t.equal((await api('PATCH', `/api/medical-contacts/${id}`, { phone: '+49 30 7654321', isWhatsappOnly: true })).status, 200);

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  for (const width of [1440, 375]) {
    await t.test(`at ${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      t.teardown(() => page.close());
      await signInAs(page, server.url, EDITOR.username, EDITOR.password, `/medical-contacts?contact=${id}`);
      const history = page.getByRole('dialog', { name: 'Edit Medical Contact' }).getByRole('region', { name: 'History' });
      const update = history.getByRole('listitem').filter({ hasText: `${EDITOR.username} updated the medical contact ${NAME}` });
      await update.waitFor();
      t.same(await update.getByRole('listitem').allInnerTexts(), ['Phone: +49 30 1234567 → +49 30 7654321', 'WhatsApp only: No → Yes']);
      t.match(await update.locator('p').innerText(), new RegExp(`^${EDITOR.username} updated the medical contact ${NAME} · \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d\\d:\\d\\d$`));
      await history.getByText(`${EDITOR.username} added the medical contact ${NAME}`).waitFor();
      t.notMatch(await history.innerText(), /isWhatsappOnly|contact\.update|\d{4}-\d\d-\d\dT/, 'no identifiers, no ISO times');
    });
  }
});
