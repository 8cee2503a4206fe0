import type { InjectOptions } from 'fastify';
import type { Readable } from 'node:stream';
import type { ContactImport } from '../../api/contract/contact-import.js';
import type { TestApp } from './app.js';
import { until } from './wait.js';

/** Polls an import until it is no longer running; returns every state seen. */
export async function waitForImport(app: TestApp, token: string, id: number): Promise<ContactImport[]> {
  const seen: ContactImport[] = [];
  await until(async () => {
    const response = await app.call(token, { method: 'GET', url: `/api/medical-contacts/imports/${id}` });
    // On PGlite the one connection is the import's until it commits: a poll meanwhile may be answered 503, which the console retries.
    if (response.statusCode === 503 && !app.db.url) return false;
    if (response.statusCode !== 200) throw new Error(`poll answered ${response.statusCode}: ${response.body}`);
    const state = response.json<ContactImport>();
    seen.push(state);
    return state.status !== 'running';
  }, `import ${id} to finish`, 30_000);
  return seen;
}

/** What an import sends beside its file, in the query string. */
export interface ImportOptions {
  fileName?: string;
  mapping?: Record<string, string | null>;
  skipDuplicates?: boolean;
}

/**
 * An import's request, the dry run's (`preview`) or the import's: the CSV file (text, or a stream of
 * chunks) as the body, the rest in the query string, as the console sends them.
 */
export function importRequest(route: 'preview' | 'import', csv: string | Readable, options: ImportOptions = {}): InjectOptions & { url: string } {
  const query = new URLSearchParams();
  if (options.fileName !== undefined) query.set('fileName', options.fileName);
  if (options.mapping !== undefined) query.set('mapping', JSON.stringify(options.mapping));
  if (options.skipDuplicates !== undefined) query.set('skipDuplicates', String(options.skipDuplicates));
  const path = route === 'preview' ? '/api/medical-contacts/import/preview' : '/api/medical-contacts/import';
  const search = query.size > 0 ? `?${query}` : '';
  return { method: 'POST', url: `${path}${search}`, payload: csv, headers: { 'content-type': 'text/csv' } };
}
