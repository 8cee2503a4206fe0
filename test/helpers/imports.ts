import type { ContactImport } from '../../api/contract/contact-import.js';
import type { TestApp } from './app.js';
import { until } from './wait.js';

/** Polls an import until it is no longer running; returns every state seen. */
export async function waitForImport(app: TestApp, token: string, id: number): Promise<ContactImport[]> {
  const seen: ContactImport[] = [];
  await until(async () => {
    const response = await app.call(token, { method: 'GET', url: `/api/medical-contacts/imports/${id}` });
    if (response.statusCode !== 200) throw new Error(`poll answered ${response.statusCode}: ${response.body}`);
    const state = response.json<ContactImport>();
    seen.push(state);
    return state.status !== 'running';
  }, `import ${id} to finish`, 30_000);
  return seen;
}
