import t from 'tap';
import { parse } from 'csv-parse/sync';
import { createTestApp } from '../helpers/app.js';
import { aBotLog, insertLogs, manyBotLogs } from '../helpers/bot-logs.js';
import type { StoredBotLog } from '../../sql/bot-logs.js';
import { BOT_LOGS_CSV_HEADERS, type BotLogListResponse } from '../../api/contract/bot-logs.js';

const COUNT = 1_200;

/** What the stat cards should say for these rows, counted here rather than by the server. */
function expectedCounts(rows: StoredBotLog[]) {
  return {
    total: rows.length,
    stats: {
      successful: rows.filter((row) => row.level === 'INFO').length,
      warnings: rows.filter((row) => row.level === 'WARN').length,
      errors: rows.filter((row) => row.level === 'ERROR').length,
    },
  };
}

const newestFirst = (rows: StoredBotLog[]) => rows.map((row) => row.id).sort((a, b) => b - a);

t.test('the log list: filters, search, paging and incremental polls', async (t) => {
  const { db, call, userWithToken } = await createTestApp(t);
  const generated = await insertLogs(db.sql, manyBotLogs(COUNT, 11));
  // Rows the search cases single out: an id that contains another's digits, LIKE's wildcards.
  const special = await insertLogs(db.sql, [
    // A chat without a user: found by the chat's id, as a group's rows are.
    aBotLog({ level: 'INFO', message: 'Ignored a channel post', command: 'channel_post', userId: null, chatId: -100888 }),
    aBotLog({ level: 'WARN', message: 'Refused a user who is in no authorized group', command: 'location', userId: 15003, chatId: 15003 }),
    aBotLog({ level: 'INFO', message: 'Coverage at 100% of the region_north', command: '/help', userId: 77, chatId: 77 }),
    aBotLog({ level: 'WARN', message: 'Bot added to unauthorized group Лікарі Києва (-100777)', command: 'my_chat_member', userId: 78, chatId: -100777 }),
    // Typed place names, as the place search records them: the typed text and the English label of the place offered.
    aBotLog({ message: 'Asked to confirm a place', command: 'text', metadata: { query: 'Москва', placeIds: [524901], place: 'Moscow, Moscow, Russia' } }),
    aBotLog({ message: 'Asked to confirm a place', command: 'text', metadata: { query: 'Київ', placeIds: [703448], place: 'Kyiv, Kyiv City, Ukraine' } }),
    aBotLog({ level: 'WARN', message: 'No place matches the text', command: 'text', metadata: { query: 'Münchenberg' } }),
    // Answered places: the row's city, region and country.
    aBotLog({ message: 'Answered a confirmed place with 3 contacts', command: 'callback', city: 'München', region: 'Bavaria', country: 'Germany', resultCount: 3 }),
    aBotLog({ message: 'Found 2 contacts', command: 'location', city: 'Moscow', region: 'Moscow', country: 'Russia', resultCount: 2 }),
  ]);
  const logs = [...generated, ...special];
  const { token } = await userWithToken('viewer');
  const list = async (query: Record<string, string | number>) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const response = await call(token, { method: 'GET', url: `/api/bot-logs?${params}` });
    t.equal(response.statusCode, 200, `GET ?${params}`);
    return response.json() as BotLogListResponse;
  };
  /** Every id the filter matches, walking the pages back with `before`. */
  const walk = async (query: Record<string, string | number>) => {
    const first = await list({ ...query, limit: 200 });
    const ids = first.items.map((item) => item.id);
    for (let before = first.nextBefore; before !== null; ) {
      const page = await list({ ...query, limit: 200, before });
      t.equal(page.total, null, 'an older page does not recount');
      ids.push(...page.items.map((item) => item.id));
      before = page.nextBefore;
    }
    return { first, ids };
  };

  t.test('the first page: newest 50, with counts over every row', async (t) => {
    const body = await list({});
    t.equal(body.items.length, 50);
    t.strictSame(body.items.map((item) => item.id), newestFirst(logs).slice(0, 50), 'newest first');
    t.equal(body.newestId, Math.max(...logs.map((row) => row.id)));
    t.equal(body.nextBefore, body.items.at(-1)!.id);
    t.strictSame({ total: body.total, stats: body.stats }, expectedCounts(logs));
    const newest = special.at(-1)!;
    t.strictSame(body.items[0], {
      id: newest.id,
      timestamp: newest.createdAt.toISOString(),
      level: 'INFO',
      message: 'Found 2 contacts',
      command: 'location',
      userId: 1001,
      chatId: 1001,
      durationMs: 40,
      errorMessage: null,
      metadata: {},
    });
    t.ok(logs.some((row) => row.level === 'DEBUG'), 'the data has DEBUG rows');
  });

  t.test('each level', async (t) => {
    for (const level of ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const) {
      const matching = logs.filter((row) => row.level === level);
      const { first, ids } = await walk({ level });
      t.strictSame(ids, newestFirst(matching), `${level}: every row of the level, newest first`);
      t.strictSame({ total: first.total, stats: first.stats }, expectedCounts(matching), `${level}: counts`);
    }
    const all = await walk({ level: 'all' });
    t.strictSame(all.ids, newestFirst(logs), 'all: every row, each once');
  });

  t.test('search: text in any case, ids exactly', async (t) => {
    const cases: [Record<string, string>, (row: StoredBotLog) => boolean][] = [
      [{ search: 'etimedout' }, (row) => row.errorMessage?.includes('ETIMEDOUT') ?? false],
      [{ search: 'DAILY limit' }, (row) => row.message === 'Daily limit reached'],
      [{ search: '/help' }, (row) => row.command === '/help'],
      [{ search: 'Location' }, (row) => row.command === 'location' || /location/i.test(row.message)],
      [{ search: '5003' }, (row) => row.userId === 5003 || row.chatId === 5003],
      [{ search: '-1001000000001' }, (row) => row.chatId === -1001000000001],
      [{ search: '-100888' }, (row) => row.chatId === -100888],
      [{ search: '78' }, (row) => row.userId === 78 || row.chatId === 78],
      [{ search: '429' }, (row) => row.errorMessage?.includes('429') ?? false],
      [{ search: '100%' }, (row) => row.message.includes('100%')],
      [{ search: 'n_n' }, (row) => row.message.includes('n_n')],
      [{ search: 'лікарі КИЄВА' }, (row) => row.message.includes('Лікарі Києва')],
      // What the user typed, in any script and case.
      [{ search: 'Москва' }, (row) => row.metadata.query === 'Москва'],
      [{ search: 'МОСКВ' }, (row) => row.metadata.query === 'Москва'],
      [{ search: 'київ' }, (row) => row.metadata.query === 'Київ'],
      // The place the request resolved to: typed as Москва, answered near Moscow.
      [{ search: 'moscow' }, (row) => row.metadata.place === 'Moscow, Moscow, Russia' || row.city === 'Moscow'],
      [{ search: 'Kyiv' }, (row) => row.metadata.place === 'Kyiv, Kyiv City, Ukraine'],
      [{ search: 'München' }, (row) => row.metadata.query === 'Münchenberg' || row.city === 'München'],
      [{ search: 'Bavaria', level: 'INFO' }, (row) => row.region === 'Bavaria'],
      [{ search: 'Russia' }, (row) => row.country === 'Russia' || row.metadata.place === 'Moscow, Moscow, Russia'],
      [{ search: 'too many', level: 'ERROR' }, (row) => row.level === 'ERROR' && /too many/i.test(row.errorMessage ?? '')],
      [{ search: '5003', level: 'WARN' }, (row) => row.level === 'WARN' && (row.userId === 5003 || row.chatId === 5003)],
      [{ search: 'no such text' }, () => false],
    ];
    for (const [query, matches] of cases) {
      const matching = logs.filter(matches);
      const { first, ids } = await walk(query);
      t.strictSame(ids, newestFirst(matching), `${JSON.stringify(query)}: ${matching.length} rows`);
      t.strictSame({ total: first.total, stats: first.stats }, expectedCounts(matching), `${JSON.stringify(query)}: counts`);
    }
    t.ok(logs.some((row) => row.userId === 5003), 'user 5003 has rows; user 15003 must not match them');
  });

  t.test('the auto-refresh asks only for rows newer than the newest shown', async (t) => {
    const shown = await list({});
    const idle = await list({ after: shown.newestId });
    t.strictSame(idle.items, []);
    t.equal(idle.total, 0);
    t.strictSame(idle.stats, { successful: 0, warnings: 0, errors: 0 });
    t.equal(idle.newestId, shown.newestId);

    const added = await insertLogs(db.sql, [
      aBotLog({ level: 'ERROR', message: 'Failed to answer', errorMessage: 'boom', userId: 42, chatId: 42 }),
      aBotLog({ level: 'INFO', message: 'Sent help', command: '/help', userId: 43, chatId: 43 }),
      aBotLog({ level: 'DEBUG', message: 'Re-checked group memberships with Telegram', userId: 44, chatId: 44 }),
    ]);
    const fresh = await list({ after: shown.newestId });
    t.strictSame(fresh.items.map((item) => item.id), newestFirst(added), 'only the new rows, newest first');
    t.strictSame({ total: fresh.total, stats: fresh.stats }, expectedCounts(added), 'and the counts of just those');
    t.equal(fresh.newestId, Math.max(...added.map((row) => row.id)));
    t.equal(fresh.nextBefore, null);

    const filtered = await list({ after: shown.newestId, level: 'ERROR' });
    t.strictSame(filtered.items.map((item) => item.message), ['Failed to answer'], 'the filter holds for new rows');
    t.strictSame(filtered.stats, { successful: 0, warnings: 0, errors: 1 });
    const searched = await list({ after: shown.newestId, search: '43' });
    t.strictSame(searched.items.map((item) => item.userId), [43]);

    const whole = await list({});
    t.strictSame({ total: whole.total, stats: whole.stats }, expectedCounts([...logs, ...added]), 'first counts plus the new ones make the new total');
  });

  t.test('bad queries get a 400 naming the field', async (t) => {
    const cases: [string, string][] = [
      ['level=FATAL', 'level'],
      ['before=abc', 'before'],
      ['before=0', 'before'],
      ['after=-1', 'after'],
      ['before=10&after=5', 'after'],
      ['limit=500', 'limit'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await call(token, { method: 'GET', url: `/api/bot-logs?${query}` });
      t.equal(response.statusCode, 400, query);
      t.ok(response.json().fields?.[field], `${query} names ${field}: ${response.json().message}`);
    }
  });
});

t.test('the CSV export', async (t) => {
  const { db, call, userWithToken, clock } = await createTestApp(t);
  const tricky = await insertLogs(db.sql, [
    aBotLog({ level: 'WARN', message: 'Bot added to unauthorized group =HYPERLINK("http://x.example") (-100123)', command: 'my_chat_member', userId: 9, chatId: -100123 }),
    aBotLog({ level: 'ERROR', message: '=1+1', command: '+cmd', errorMessage: '@SUM(A1:A2)', userId: 10, chatId: 10, durationMs: 9001 }),
    aBotLog({ level: 'ERROR', message: 'Failed, "badly"\nover two lines', command: '-x', errorMessage: '\tSUM(1)', userId: 11, chatId: 11, durationMs: null }),
    aBotLog({ level: 'INFO', message: 'Sent help', command: null, userId: null, chatId: null, durationMs: 12 }),
  ]);
  const editor = await userWithToken('editor');
  let exporter = editor;
  const exportCsv = (token: string, query = '') => call(token, { method: 'GET', url: `/api/bot-logs/export${query}` });

  t.test('every row, spec columns, quoted, formulas neutralised', async (t) => {
    const response = await exportCsv(editor.token);
    t.equal(response.statusCode, 200);
    t.match(response.headers['content-type'], /^text\/csv/);
    t.equal(response.headers['content-disposition'], 'attachment; filename="bot-logs-2026-11-21.csv"');
    const [header, ...rows] = parse(response.body) as string[][];
    t.strictSame(header, [...BOT_LOGS_CSV_HEADERS]);
    t.strictSame(header, ['Timestamp', 'Level', 'Message', 'Command', 'User ID', 'Chat ID', 'Duration (ms)', 'Error']);
    const [help, quoted, formula, group] = rows;
    t.equal(rows.length, 4);
    t.strictSame(help, [tricky[3]!.createdAt.toISOString(), 'INFO', 'Sent help', '', '', '', '12', ''], 'newest first; empty cells for missing values');
    t.strictSame(quoted, [tricky[2]!.createdAt.toISOString(), 'ERROR', 'Failed, "badly"\nover two lines', "'-x", '11', '11', '', "'\tSUM(1)"]);
    t.strictSame(formula, [tricky[1]!.createdAt.toISOString(), 'ERROR', "'=1+1", "'+cmd", '10', '10', '9001', "'@SUM(A1:A2)"]);
    t.strictSame(group!.slice(2, 6), ['Bot added to unauthorized group =HYPERLINK("http://x.example") (-100123)', 'my_chat_member', '9', '-100123'], 'a negative chat id stays a number');
    t.match(response.body, /"Failed, ""badly""\nover two lines"/, 'quotes doubled, the cell quoted');
  });

  t.test('the filter applies; the file is named for the day', async (t) => {
    clock.advance(24 * 60 * 60 * 1000);
    exporter = await userWithToken('admin');
    const response = await exportCsv(exporter.token, '?level=ERROR&search=sum');
    t.equal(response.headers['content-disposition'], 'attachment; filename="bot-logs-2026-11-22.csv"');
    const rows = (parse(response.body) as string[][]).slice(1);
    t.strictSame(rows.map((row) => row[5]), ['11', '10']);
    const bad = await exportCsv(exporter.token, '?level=nope');
    t.equal(bad.statusCode, 400);
    t.ok(bad.json().fields.level);
  });

  t.test('viewers may not export; exports are audited', async (t) => {
    const viewer = await userWithToken('viewer');
    const denied = await exportCsv(viewer.token);
    t.equal(denied.statusCode, 403);
    const [entry] = await db.sql<{ actorUsername: string; after: unknown }[]>`
      SELECT actor_username, after FROM audit_log WHERE action = 'bot-logs.export' ORDER BY id DESC LIMIT 1`;
    t.strictSame(entry, { actorUsername: exporter.username, after: { filter: { level: 'ERROR', search: 'sum' } } });
  });
});

t.test('the level counters behind the unsearched stat cards follow every change to the rows', async (t) => {
  const { db, call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('viewer');
  const counts = async (level = 'all') => {
    const body = (await call(token, { method: 'GET', url: `/api/bot-logs?level=${level}` })).json() as BotLogListResponse;
    return { total: body.total, stats: body.stats };
  };
  /** What counting the table itself says: the counters must agree with it. */
  const counted = async () => expectedCounts(await db.sql<StoredBotLog[]>`SELECT id, level FROM bot_logs`);

  t.strictSame(await counts(), expectedCounts([]), 'none before any log');
  await insertLogs(db.sql, manyBotLogs(300, 5));
  await Promise.all([insertLogs(db.sql, manyBotLogs(50, 6)), insertLogs(db.sql, manyBotLogs(50, 7))]);
  t.strictSame(await counts(), await counted(), 'after inserts, some at once');
  t.equal((await counts('WARN')).total, (await counted()).stats.warnings, 'a level filter reads its own counter');

  const searchCounts = async () => {
    const body = (await call(token, { method: 'GET', url: '/api/bot-logs?search=location' })).json() as BotLogListResponse;
    return { total: body.total, stats: body.stats };
  };
  const countedSearch = async () => expectedCounts(await db.sql<StoredBotLog[]>`SELECT id, level FROM bot_logs WHERE command = 'location' OR message ILIKE '%location%'`);
  t.strictSame(await searchCounts(), await countedSearch(), 'a search counts its matches');
  await insertLogs(db.sql, manyBotLogs(40, 8));
  t.strictSame(await searchCounts(), await countedSearch(), 'and, asked again, adds the matches among new rows');

  await db.sql`DELETE FROM bot_logs WHERE level = 'ERROR' AND id % 2 = 0`;
  t.strictSame(await counts(), await counted(), 'after a delete');
  t.strictSame(await searchCounts(), await countedSearch(), 'a search after a delete counts afresh');
  await db.sql`UPDATE bot_logs SET level = 'INFO' WHERE level = 'DEBUG'`;
  t.strictSame(await counts(), await counted(), 'after a level change');
  t.equal((await counts('DEBUG')).total, 0);
  await db.sql`UPDATE bot_logs SET message = 'Edited' WHERE level = 'WARN'`;
  t.strictSame(await counts(), await counted(), 'other changes leave the counts alone');
  await db.sql`TRUNCATE bot_logs`;
  t.strictSame(await counts(), expectedCounts([]), 'after a truncate');
});
