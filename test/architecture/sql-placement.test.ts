import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';

// SQL lives in sql/ (docs/style.md): routes, the bot and the scripts call named query functions,
// and transactions are opened through sql/transaction.ts, never by casting one to Sql.

const SOURCE = /\.tsx?$/;

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.parentPath.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A tagged template or a transaction on a client, with or without a row type: sql`…`, tx<Row[]>`…`, sql.begin(…). */
const TAGGED_SQL = /\b(?:sql|tx|transaction|probeSql|client)\s*(?:<[^`]*>)?\s*`|\.begin\s*\(/;
/** Doc comments quote `sql` and the like in backticks. */
const COMMENT = /^\s*(?:\/\/|\/\*|\*)/;
const CAST = ['as unknown', 'as Sql'].join(' ');

t.test('tagged SQL appears only in sql/ (and the tests and benchmarks)', async (t) => {
  const files = (await Promise.all(['api', 'bot', 'scripts', 'console/src'].map(sourceFiles))).flat();
  t.ok(files.length > 100, 'the server and console sources are read');
  const offending: string[] = [];
  for (const file of files) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, index) => {
      if (!COMMENT.test(line) && TAGGED_SQL.test(line)) offending.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  t.strictSame(offending, []);
});

t.test(`no "${CAST}": a transaction is already something every query module accepts`, async (t) => {
  const files = (await Promise.all(['api', 'bot', 'sql', 'scripts', 'console/src', 'test', 'bench'].map(sourceFiles))).flat();
  const offending: string[] = [];
  for (const file of files) {
    if ((await readFile(file, 'utf8')).includes(CAST)) offending.push(file);
  }
  t.strictSame(offending, []);
});

/**
 * The sql/ modules that run no query of their own: the connection (database.ts), the embedded server and its
 * thread (embedded.ts, embedded-server.ts, data-dir-snapshot.ts, which copies its data folder), and what the queries share (errors.ts reads the driver's errors,
 * like.ts escapes a LIKE pattern). Code that only computes lives with its users (docs/architecture.md).
 */
const NO_QUERY = ['sql/data-dir-snapshot.ts', 'sql/database.ts', 'sql/embedded-server.ts', 'sql/embedded.ts', 'sql/errors.ts', 'sql/like.ts'];
const RUNS_SQL = new RegExp(`${TAGGED_SQL.source}|\\.unsafe\\s*\\(`);

t.test('every other sql/ module talks to the database', async (t) => {
  const quiet: string[] = [];
  for (const file of await sourceFiles('sql')) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    if (!lines.some((line) => !COMMENT.test(line) && RUNS_SQL.test(line))) quiet.push(file.split(path.sep).join('/'));
  }
  t.strictSame(quiet.sort(), NO_QUERY);
});
