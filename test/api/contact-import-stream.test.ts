import t from 'tap';
import { Readable } from 'node:stream';
import { createTestApp } from '../helpers/app.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { importRequest, waitForImport } from '../helpers/imports.js';
import { gazetteerRows } from '../../scripts/load-gazetteer.js';
import { insertCities } from '../../sql/cities.js';

// The import reads its file as it arrives, a batch at a time (api/contact-import-rows.ts): these
// tests send files in small chunks and over several batches, and check what holds for the whole file.

const harness = await createTestApp(t);
const { db, call } = harness;
const editor = await harness.userWithToken('editor', { username: 'sam.streamer' });
await insertCities(db.sql, await gazetteerRows(LARGE_CITIES));

/** The text in chunks of `size` bytes: rows, quoted cells and UTF-8 characters broken anywhere. */
const inChunks = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
};

const count = async (table: 'medical_contacts' | 'contact_imports') =>
  Number((await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${db.sql(table)}`)[0]!.n);

t.test('a file arriving in 5-byte chunks reads as it does whole: a quoted cell across lines, accents, a duplicate', async (t) => {
  const csv = [
    'Name,Phone,City,Region,Country,Comments',
    'Dr Chunk One,+33 1 23 45 67 01,Paris,Île-de-France,France,"first line',
    'second line"',
    'Dr Chunk Two,+33 1 23 45 67 02,Lyon,Auvergne-Rhône-Alpes,France,',
    'dr chunk one,+33 9 99 99 99 99,PARIS,Île-de-France,France,',
  ].join('\r\n');
  const whole = await call(editor.token, importRequest('preview', csv));
  const chunked = await call(editor.token, importRequest('preview', inChunks(csv, 5)));
  t.equal(chunked.statusCode, 200, chunked.body);
  t.strictSame(chunked.json(), whole.json(), 'the same dry run');
  t.match(chunked.json(), { totalRows: 3, validRows: 2, errorRows: 0, duplicateRows: 1 });
  t.strictSame(chunked.json().rows, [
    { line: 5, status: 'duplicate', errors: [], duplicateOf: { id: null, line: 2, name: 'Dr Chunk One', phone: '+33123456701', city: 'Paris' } },
  ]);
});

/** Row `i` (from 1) of the big file: distinct Paris contacts. */
const parisRow = (i: number) => `Dr Stream ${i},+33 1 4${String(i).padStart(7, '0')},Paris,Île-de-France,France,,`;

/** 2,500 rows, over two batches: row 2,200 placed outside its country, row 2,500 with row 1's phone. */
const BIG_CSV = [
  'Name,Phone,City,Region,Country,Latitude,Longitude',
  ...Array.from({ length: 2500 }, (_, index) => {
    const i = index + 1;
    if (i === 2200) return 'Dr Swapped,+49 30 7654322,Berlin,Berlin,DE,13.405,52.52';
    if (i === 2500) return `Dr Same Phone,+33 1 4${String(1).padStart(7, '0')},Lille,Hauts-de-France,France,,`;
    return parisRow(i);
  }),
].join('\n');

t.test('duplicates and places outside the country are found across batches', async (t) => {
  const preview = await call(editor.token, importRequest('preview', inChunks(BIG_CSV, 997)));
  t.equal(preview.statusCode, 200, preview.body);
  t.match(preview.json(), { totalRows: 2500, validRows: 2498, errorRows: 1, duplicateRows: 1, rowsTruncated: false });
  t.strictSame(preview.json().rows, [
    { line: 2201, status: 'error', errors: [{ field: 'location', message: 'The coordinates 13.405, 52.52 lie outside Germany. Check them: latitude first, then longitude.' }] },
    { line: 2501, status: 'duplicate', errors: [], duplicateOf: { id: null, line: 2, name: 'Dr Stream 1', phone: '+33140000001', city: 'Paris' } },
  ]);
});

t.test('a streamed import counts its rows, writes them in one transaction, and is undone whole', async (t) => {
  const before = await count('medical_contacts');
  const started = await call(editor.token, importRequest('import', inChunks(BIG_CSV, 997), { fileName: 'big.csv' }));
  t.equal(started.statusCode, 202, started.body);
  const states = await waitForImport(harness, editor.token, started.json().importId);
  for (const [earlier, later] of states.slice(1).map((state, index) => [states[index]!, state] as const)) {
    t.ok(later.processedRows >= earlier.processedRows && later.processedRows <= later.totalRows, 'progress never goes back, nor past the file');
  }
  t.match(states.at(-1), {
    fileName: 'big.csv',
    createdBy: 'sam.streamer',
    status: 'completed',
    totalRows: 2500,
    processedRows: 2500,
    importedRows: 2498,
    skippedRows: 2,
    errorMessage: null,
  });
  const stored = await call(editor.token, { method: 'GET', url: '/api/medical-contacts/imports' });
  t.match(stored.json().items[0], { totalRows: 2500, processedRows: 2500, importedRows: 2498 }, 'the counts as stored');
  t.equal(await count('medical_contacts'), before + 2498);
  const [audit] = await db.sql<{ after: unknown }[]>`SELECT after FROM audit_log WHERE action = 'contact.import' ORDER BY id DESC LIMIT 1`;
  t.match(audit, { after: { fileName: 'big.csv', totalRows: 2500, importedRows: 2498, skippedRows: 2 } });
  const firstIds = await db.sql<{ name: string }[]>`SELECT name FROM medical_contacts WHERE import_id = ${started.json().importId} ORDER BY id LIMIT 2`;
  t.strictSame(firstIds.map(({ name }) => name), ['Dr Stream 1', 'Dr Stream 2'], 'written in the order of the file');

  const undo = await call(editor.token, { method: 'POST', url: `/api/medical-contacts/imports/${started.json().importId}/undo` });
  t.strictSame(undo.json(), { recordsAffected: 2498 });
  t.equal(await count('medical_contacts'), before);
});

t.test('a file that stops being CSV after its first batch is a 400, and neither an import nor a contact is left', async (t) => {
  const before = { contacts: await count('medical_contacts'), imports: await count('contact_imports') };
  const broken = `${BIG_CSV}\nDr Broken,"unclosed,+33 1 40 00 99 99,Paris,Île-de-France,France,,\n`;
  const started = await call(editor.token, importRequest('import', inChunks(broken, 997)));
  t.equal(started.statusCode, 400, started.body);
  t.match(started.json(), { error: 'Bad Request', field: 'csv', message: /^The file is not valid CSV: / });
  t.strictSame({ contacts: await count('medical_contacts'), imports: await count('contact_imports') }, before);
});

t.test('over real HTTP, a file sent as it is generated (no length) is read; one refused early is answered at once', async (t) => {
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const post = (path: string, body: AsyncIterable<string>) =>
    fetch(`${address}/api/medical-contacts/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'text/csv' },
      body: Readable.from(body),
      duplex: 'half',
    } as RequestInit);
  async function* rows(count: number, broken: boolean) {
    yield 'Name,Phone,City,Region,Country\n';
    if (broken) yield 'Dr Broken,"unclosed\n';
    for (let i = 1; i <= count; i++) yield `${parisRow(i)}\n`.replace(',,\n', '\n');
  }
  const refused = await post('import/preview', rows(100_000, true));
  t.equal(refused.status, 400);
  t.match(await refused.json(), { field: 'csv', message: /^The file is not valid CSV: / });
  const read = await post('import/preview', rows(3000, false));
  t.equal(read.status, 200);
  t.match(await read.json(), { totalRows: 3000, validRows: 3000, errorRows: 0, duplicateRows: 0 });
});
