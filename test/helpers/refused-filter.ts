import type { Page } from 'playwright-core';

/** Signs in through the API and returns a fetch for GET paths with that session, to ask the API what it says. */
export async function apiAs(baseUrl: string, identifier: string, password: string): Promise<(path: string) => Promise<Response>> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const { token } = (await login.json()) as { token: string };
  return (path) => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The API's words for a field of a 400, or a note of what it answered instead. */
export async function refusalOf(response: Response, field: string): Promise<string> {
  if (response.status !== 400) return `(status ${response.status})`;
  return ((await response.json()) as { fields?: Record<string, string> }).fields?.[field] ?? '(no such field)';
}

/** What a field says is wrong with it: whether it is marked invalid, and the text it is described by. */
export async function fieldProblem(page: Page, label: string, options: { exact?: boolean } = {}): Promise<{ invalid: string | null; message: string }> {
  const field = page.getByLabel(label, options);
  const invalid = await field.getAttribute('aria-invalid');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const message = describedBy
    ? await page.locator(`[id="${describedBy}"]`).innerText({ timeout: 2000 }).catch(() => '(no description)')
    : '(no description)';
  return { invalid, message };
}

/** Records the requests a page makes to an API path (the query string included), to check none went out. */
export function requestsTo(page: Page, pathname: string): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) asked.push(request.url());
  });
  return asked;
}
