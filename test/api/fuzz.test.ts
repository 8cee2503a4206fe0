import { readdirSync } from 'node:fs';
import t from 'tap';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { createTestApp } from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';
import { registeredRoutes, type RegisteredRoute } from '../helpers/routes.js';
import { until } from '../helpers/wait.js';
import { seedDemoData } from '../../scripts/seed-demo.js';
import type { Role } from '../../api/contract/roles.js';
import type { Sql } from '../../sql/database.js';

/**
 * Sends generated bad input (path parameters, query strings, JSON bodies) to every registered API
 * route as every role. No answer may be a 5xx, and an answer in the 4xx range may change no data,
 * nor write an audit entry (audit_log is watched like any table). FUZZ_SEED reproduces a run; FUZZ_RUNS sets the cases per route and role.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Only the routes whose "METHOD /url" contains this, to replay a failure. */
const ONLY = process.env.FUZZ_ROUTE;
/** Cases for a role the access check refuses outright: its answer cannot depend on the input. */
const REFUSED_RUNS = 2;
const REFUSALS = ['Sign in to continue', 'You do not have permission to do this'];

type Actor = 'signed-out' | Role;
const ACTORS: Actor[] = ['signed-out', 'viewer', 'editor', 'admin', 'super_admin'];

/** Tables whose changes are not watched, each with its reason. */
const UNCHECKED_TABLES: Record<string, string> = {
  admin_sessions: 'every signed-in request renews its session (last_used_at, expires_at)',
  admin_refresh_tokens: 'a refresh token presented twice revokes its session by design, whatever the answer',
  bot_logs: 'only the bot writes it, and none runs here; large',
  cities: 'the gazetteer, loaded once; no route writes it',
  log_rollup_state: 'analytics reads roll bot_logs up on demand',
  log_hourly_totals: 'a rollup of bot_logs, renewed by analytics reads',
  log_daily_totals: 'a rollup of bot_logs, renewed by analytics reads',
  log_daily_durations: 'a rollup of bot_logs, renewed by analytics reads',
  log_daily_locations: 'a rollup of bot_logs, renewed by analytics reads',
  log_daily_users: 'a rollup of bot_logs, renewed by analytics reads',
  log_monthly_users: 'a rollup of bot_logs, renewed by analytics reads',
  log_hourly_regions: 'a rollup of bot_logs, renewed by analytics reads',
  log_daily_region_durations: 'a rollup of bot_logs, renewed by analytics reads',
  log_hourly_languages: 'a rollup of bot_logs, renewed by analytics reads',
  bot_log_level_counts: 'a rollup of bot_logs, renewed by analytics reads',
  sign_in_failures: 'a refused sign-in counts toward its throttling by design',
  sign_in_locks: 'a refused sign-in counts toward its throttling by design',
};

/** Every field name the API's contract knows, so generated queries and bodies use real names too. */
async function contractFieldNames(): Promise<string[]> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema) || !('_zod' in schema)) return;
    seen.add(schema);
    const def = (schema as z.ZodType)._zod.def as unknown as Record<string, unknown>;
    if (def.type === 'object') {
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(name);
        walk(field);
      }
    }
    for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'valueType']) walk(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
  };
  const dir = new URL('../../api/contract/', import.meta.url);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    for (const value of Object.values(await import(new URL(file, dir).href))) walk(value);
  }
  return [...names].sort();
}

const HUGE_NUMBERS = ['99999999999999999999999', '9223372036854775808', '-9223372036854775809', '1e309', '-1e309', '9007199254740993', '1e21'];
const AWKWARD_TEXT = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '0x1f',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '..',
  '../../etc/passwd',
  '%00',
  '\u0000',
  "1' OR '1'='1",
  '💥',
  'é\u0301',
  '\u202e',
  '2026-13-45',
  '9999-12-31T23:59:59Z',
  '__proto__',
];

const awkwardString = fc.oneof(
  fc.constantFrom(...AWKWARD_TEXT, ...HUGE_NUMBERS),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.constant('x'.repeat(20_000)),
);

/** JSON text nesting arrays and objects `depth` deep: written out, since JSON.stringify would overflow the stack. */
function nestedJson(depth: number): string {
  const opening = Array.from({ length: depth }, (_, level) => (level % 2 ? '{"a":' : '[')).join('');
  const closing = Array.from({ length: depth }, (_, level) => (level % 2 ? '}' : ']')).reverse().join('');
  return `${opening}1${closing}`;
}

function requestFor(route: RegisteredRoute, fieldNames: string[]): fc.Arbitrary<InjectOptions> {
  const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames) }, fc.constantFrom('unknownField', '__proto__', 'constructor'), fc.string({ maxLength: 8 }));
  const leaf = fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1, 1.5, -1e308, 1e308, 2 ** 53 + 2, 5e-324, 999_999_999, [], {}),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    awkwardString,
    fc.array(awkwardString, { maxLength: 3 }),
  );
  const jsonObject = fc.dictionary(fieldName, fc.oneof({ weight: 3, arbitrary: leaf }, fc.dictionary(fieldName, leaf, { maxKeys: 3 })), { maxKeys: 6 });
  const body = fc.oneof(
    { weight: 4, arbitrary: jsonObject.map((value) => JSON.stringify(value)) },
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(nestedJson(5_000), nestedJson(64), JSON.stringify({ name: 'x'.repeat(500_000) }), 'null'),
  );
  const pathValue = fc
    .oneof(fc.constantFrom(...AWKWARD_TEXT, ...HUGE_NUMBERS, '1', '2', '3'), fc.integer().map(String), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }))
    .map((value) => (value === '' ? '%20' : encodeURIComponent(value)));
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  const query = fc.array(fc.tuple(fieldName, awkwardString), { maxLength: 6 });
  const takesBody = !['GET', 'DELETE'].includes(route.method);
  return fc.record({
    values: fc.array(pathValue, { minLength: params.length, maxLength: params.length }),
    query,
    body: takesBody ? fc.option(body, { nil: undefined, freq: 8 }) : fc.constant(undefined),
  }).map(({ values, query: entries, body: payload }) => {
    let url = route.url;
    for (const [index, param] of params.entries()) url = url.replace(param, values[index]!);
    if (entries.length) url += `?${entries.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
    return {
      method: route.method as InjectOptions['method'],
      url,
      ...(payload !== undefined && { payload, headers: { 'content-type': 'application/json' } }),
    };
  });
}

/**
 * Records, in a table of its own, every row any route inserts, deletes or really changes, through
 * triggers on the data tables. Changes a request rolls back leave
 * no record. Returns the tables changed since the last call, forgetting them.
 */
async function watchDataChanges(sql: Sql): Promise<() => Promise<string[]>> {
  const columns = await sql<{ table: string; column: string }[]>`
    SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
    JOIN information_schema.tables USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND table_type = 'BASE TABLE'
      -- A partition (bot_logs' months) is watched, or not, as its partitioned table is.
      AND NOT (SELECT relispartition FROM pg_class WHERE oid = format('%I', c.table_name)::regclass)`;
  const tables = [...new Set(columns.map((row) => row.table))].filter((table) => !(table in UNCHECKED_TABLES));
  await sql`CREATE TABLE fuzz_changes (table_name text NOT NULL)`;
  await sql`
    CREATE FUNCTION fuzz_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
      INSERT INTO fuzz_changes VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$`;
  for (const table of tables) {
    await sql.unsafe(`CREATE TRIGGER fuzz_note_change AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_note_change()`);
    await sql.unsafe(`CREATE TRIGGER fuzz_note_truncate AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz_note_change()`);
  }
  return async () => (await sql<{ name: string }[]>`DELETE FROM fuzz_changes RETURNING table_name AS name`).map((row) => row.name);
}

/** A report with each run of one repeated character (the generated long strings) written as a count. */
function shortened(report: string): string {
  return report.replaceAll(/(.)\1{49,}/g, (run, character: string) => `${character}…×${run.length}`);
}

t.test('generated bad input to every route as every role: no 5xx, and a 4xx changes nothing', async (t) => {
  const { app, db, call, signIn } = await createTestApp(t);
  await seedDemoData(db.sql, { now: new Date('2026-11-21T10:00:00Z') });
  // Enough rows for every screen's queries; the demo's thousands would only slow the exports.
  for (const table of ['bot_logs', 'contact_daily_requests', 'daily_usage']) {
    // A row's ctid is unique within its partition only: bot_logs is partitioned.
    await db.sql`DELETE FROM ${db.sql(table)} WHERE (tableoid, ctid) NOT IN (SELECT tableoid, ctid FROM ${db.sql(table)} LIMIT 200)`;
  }
  const fieldNames = await contractFieldNames();
  const changedTables = await watchDataChanges(db.sql);
  await db.sql`UPDATE admin_users SET first_name = first_name || '!' WHERE username = 'demo.viewer'`;
  t.strictSame(await changedTables(), ['admin_users'], 'the watch sees a change');
  await db.sql`UPDATE admin_users SET first_name = first_name WHERE username = 'demo.viewer'`;
  t.strictSame(await changedTables(), [], 'and leaves out an update that changes nothing');

  const tokens = new Map<Actor, string | undefined>([['signed-out', undefined]]);
  /** A working token for the role, signing a fresh member in when a case ended the last one's session or account. */
  const tokenFor = async (actor: Actor): Promise<string | undefined> => {
    if (actor === 'signed-out') return undefined;
    const token = tokens.get(actor);
    if (token && (await call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode === 200) return token;
    const user = await anAdminUser(db.sql, { role: actor });
    const fresh = (await signIn(user.username, user.password)).token;
    tokens.set(actor, fresh);
    await changedTables();
    return fresh;
  };
  const importsSettled = () =>
    until(async () => (await db.sql`SELECT 1 FROM contact_imports WHERE status = 'running'`).length === 0, 'the contact imports to finish');

  // None is left out: without a bot, backups or Telegram, the routes that start long work answer 409,
  // and the contact import's background work is awaited before the next case.
  const routes = registeredRoutes(app).filter((route) => route.url.startsWith('/api'));
  t.ok(routes.length > 80, `${routes.length} routes`);
  const fuzzed = routes.filter((route) => !ONLY || `${route.method} ${route.url}`.includes(ONLY));
  await changedTables();
  const counts = { requests: 0, byClass: {} as Record<string, number> };
  const started = Date.now();

  for (const route of fuzzed) {
    const name = `${route.method} ${route.url}`;
    for (const [index, actor] of ACTORS.entries()) {
      const token = await tokenFor(actor);
      const probe = await call(token, { method: route.method as InjectOptions['method'], url: route.url });
      const refused = [401, 403].includes(probe.statusCode) && REFUSALS.includes(probe.json<{ message?: string }>().message ?? '');
      await changedTables();
      const property = fc.asyncProperty(requestFor(route, fieldNames), async (request) => {
        const response: LightMyRequestResponse = await call(token, request);
        counts.requests++;
        const statusClass = `${String(response.statusCode)[0]}xx`;
        counts.byClass[statusClass] = (counts.byClass[statusClass] ?? 0) + 1;
        if (response.statusCode >= 500) throw new Error(`answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (response.statusCode >= 400) {
          const changed = [...new Set(await changedTables())];
          if (changed.length) throw new Error(`answered ${response.statusCode} (${response.body.slice(0, 200)}) but changed ${changed.join(', ')}`);
        } else {
          await importsSettled();
          await changedTables();
        }
      });
      const details = await fc.check(property, { seed: SEED + index, numRuns: refused ? REFUSED_RUNS : RUNS });
      if (details.failed) {
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        t.fail(`${name} as ${actor}: ${shortened(error)}\n${shortened(fc.defaultReportMessage(details) ?? '')}`);
      }
    }
  }
  t.comment(`${counts.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts.byClass)}`);
});

/** Routes whose body is a CSV file, not JSON. */
const CSV_BODY_ROUTES = ['/api/medical-contacts/import', '/api/medical-contacts/import/preview'];

t.test('a control character in any string of any route is a 400 naming the field, never a 5xx', async (t) => {
  const { app, db, call, userWithToken } = await createTestApp(t);
  await seedDemoData(db.sql, { now: new Date('2026-11-21T10:00:00Z') });
  let token = '';
  const fieldNames = await contractFieldNames();
  // NUL is what Postgres refuses; the others are the rest of the C0 range and DEL.
  const controls = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f'];
  const routes = registeredRoutes(app).filter((route) => route.url.startsWith('/api'));
  for (const [index, route] of routes.entries()) {
    const name = `${route.method} ${route.url}`;
    // A case may have ended the session (sign-out, ending sessions): sign a fresh super admin in.
    if ((await call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode !== 200) token = (await userWithToken('super_admin')).token;
    const value = `a${controls[index % controls.length]}b`;
    const params = route.url.match(/:[A-Za-z]+/g) ?? [];
    const url = params.reduce((path, param) => path.replace(param, '1'), route.url);
    const method = route.method as InjectOptions['method'];
    const fieldsOf = (response: LightMyRequestResponse) => Object.keys(response.json<{ fields?: Record<string, string> }>().fields ?? {}).sort();
    // A route refused before it reads any input (the Bot Sandbox without the simulator: 409) answers so whatever is sent.
    const probe = await call(token, { method, url });
    const refusedOutright = probe.statusCode === 409;
    const refusedNaming = (response: LightMyRequestResponse, expected: string[], what: string) => {
      if (refusedOutright && response.statusCode === probe.statusCode && response.body === probe.body) return;
      t.equal(response.statusCode, 400, `${name}, ${what}: ${response.statusCode === 400 ? 'refused' : response.body.slice(0, 200)}`);
      if (response.statusCode === 400) t.strictSame(fieldsOf(response), [...expected].sort(), `${name}, ${what}: names every such field`);
    };

    const query = fieldNames.map((field) => `${field}=${encodeURIComponent(value)}`).join('&');
    refusedNaming(await call(token, { method, url: `${url}?${query}` }), fieldNames, 'query string');
    for (const param of params) {
      const withParam = route.url.replace(param, encodeURIComponent(value)).replace(/:[A-Za-z]+/g, '1');
      refusedNaming(await call(token, { method, url: withParam }), [param.slice(1)], `path parameter ${param}`);
    }
    if (!['GET', 'DELETE'].includes(route.method)) {
      const body = { ...Object.fromEntries(fieldNames.map((field) => [field, value])), nested: { list: ['fine', value] } };
      const response = await call(token, { method, url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      if (CSV_BODY_ROUTES.includes(route.url)) {
        // The file itself is the body (api/routes/contact-import.ts): a JSON one is refused before it is read.
        t.strictSame([response.statusCode, response.json<{ message?: string }>().message], [415, 'Send the CSV file itself as the request body (Content-Type: text/csv)'], `${name}, JSON body: refused`);
      } else {
        refusedNaming(response, [...fieldNames, 'nested.list.1'], 'JSON body');
      }
    }
  }
});

t.test('tab and line breaks stay allowed in multi-line body text, never in a query string', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('editor');
  const created = await call(token, { method: 'POST', url: '/api/message-templates', payload: { name: 'Lines', type: 'custom', content: 'Hi\r\n\t{first_name}' } });
  t.equal(created.statusCode, 201, created.body);
  const searched = await call(token, { method: 'GET', url: `/api/message-templates?search=${encodeURIComponent('Li\nnes')}` });
  t.equal(searched.statusCode, 400);
  t.strictSame(searched.json(), {
    error: 'Bad Request',
    message: 'Search contains a control character (such as NUL). Retype it, or paste it as plain text.',
    field: 'search',
    fields: { search: 'Search contains a control character (such as NUL). Retype it, or paste it as plain text.' },
  });
  const badName = await call(token, { method: 'GET', url: `/api/message-templates?${encodeURIComponent('se\u0000arch')}=x` });
  t.equal(badName.statusCode, 400);
  t.strictSame(Object.keys(badName.json().fields), ['query'], 'a control character in a parameter name names the query string');
});
