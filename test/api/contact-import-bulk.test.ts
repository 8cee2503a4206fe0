import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { importRequest } from '../helpers/imports.js';
import { until } from '../helpers/wait.js';
import type { ContactImport } from '../../api/contract/contact-import.js';

const ROWS = 10_000;
const CITIES = [
  ['Paris', 'Île-de-France', 'France', 48.8566, 2.3522],
  ['Berlin', 'Berlin', 'Germany', 52.52, 13.405],
  ['Madrid', 'Community of Madrid', 'Spain', 40.4168, -3.7038],
  ['Leeds', 'West Yorkshire', 'United Kingdom', 53.8008, -1.5491],
] as const;

/** A CSV of `rows` distinct contacts using every column. */
function bigCsv(rows: number): string {
  const lines = ['Name,Phone,Specialty,City,Region,Country,Latitude,Longitude,Contact method,Telegram username,Available hours,Languages,Rating,Verified,Active,Master of Medicine,Comments'];
  for (let i = 0; i < rows; i++) {
    const [city, region, country, latitude, longitude] = CITIES[i % CITIES.length]!;
    const telegram = i % 3 === 0;
    lines.push(
      [`Dr Bulk ${i}`, `+1 212 5${String(i).padStart(6, '0')}`, i % 2 ? 'Cardiology' : 'General practice', city, region, country,
        (latitude + (i % 100) / 1000).toFixed(4), longitude.toFixed(4), telegram ? 'telegram' : 'phone', telegram ? `@bulk${i}` : '',
        '9-17', '"English, French"', String(i % 6), i % 2 ? 'yes' : 'no', 'yes', i % 10 ? 'no' : 'yes', `"Note ${i}, with a comma"`].join(','),
    );
  }
  return lines.join('\n');
}

t.test(`a ${ROWS.toLocaleString('en')}-row import completes`, async (t) => {
  const { call, db, userWithToken } = await createTestApp(t);
  const editor = await userWithToken('editor');
  const csv = bigCsv(ROWS);

  const previewStarted = performance.now();
  const preview = await call(editor.token, importRequest('preview', csv));
  const previewMs = performance.now() - previewStarted;
  t.equal(preview.statusCode, 200, preview.body.slice(0, 500));
  t.match(preview.json(), { totalRows: ROWS, validRows: ROWS, errorRows: 0, duplicateRows: 0 });

  const started = performance.now();
  const response = await call(editor.token, importRequest('import', csv, { fileName: 'bulk.csv' }));
  t.equal(response.statusCode, 202, response.body);
  const { importId } = response.json();
  const seen: number[] = [];
  let state: ContactImport | undefined;
  await until(async () => {
    state = (await call(editor.token, { method: 'GET', url: `/api/medical-contacts/imports/${importId}` })).json<ContactImport>();
    seen.push(state.processedRows);
    return state.status !== 'running';
  }, 'the import to finish', 120_000);
  const importMs = performance.now() - started;
  t.match(state, { status: 'completed', totalRows: ROWS, processedRows: ROWS, importedRows: ROWS, skippedRows: 0 });
  const [stored] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM medical_contacts WHERE import_id = ${importId}`;
  t.equal(stored?.n, ROWS, 'every row is a contact carrying the import id');
  t.strictSame(seen, [...seen].sort((a, b) => a - b), 'progress only goes forward');

  const database = db.url ? 'PostgreSQL' : 'PGlite';
  const progress = [...new Set(seen)].join(' → ');
  t.comment(`${database}: preview of ${ROWS} rows ${previewMs.toFixed(0)} ms; import ${importMs.toFixed(0)} ms (to completed, polled); progress seen: ${progress}`);
});
