import { spawn, type ChildProcess } from 'node:child_process';
import t from 'tap';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { insertBroadcast } from '../../sql/broadcasts.js';
import type { Database } from '../../sql/database.js';
import { childProductDatabase } from '../helpers/child-product-database.js';
import { freePort, LOAD_TYPESCRIPT } from '../helpers/child-env.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import { until } from '../helpers/wait.js';


/** Recipients of the broadcast, and the sender's concurrency: what a kill may leave in doubt. */
const RECIPIENTS = 400;
const CONCURRENCY = 3;

t.test('SIGKILL halfway through a 400-recipient broadcast: the restart resumes by itself; nobody is skipped or sent it twice; at most the in-flight ones are unknown', async (t) => {
  // Telegram is a simulator in this process: it outlives both runs of the product, so it counts every message.
  const telegram = await createTelegramSimulator({ token: '777002:SIGKILL-TEST' });
  t.teardown(() => telegram.close());
  const prepared = await childProductDatabase(t, 'medcontacts-sigkill-');
  const ids = await someBotUsers(prepared.sql, RECIPIENTS, 800_000, telegram);
  await prepared.sql`UPDATE system_settings SET broadcast_rate_per_second = 100`;
  // A third of the users read Ukrainian, a third Polish (chosen with /language): each must get their text, once, across the kill.
  const languageOf = (id: number) => (['en', 'uk', 'pl'] as const)[id % 3]!;
  await prepared.sql`UPDATE telegram_users SET language_code = 'uk' WHERE telegram_id % 3 = 1`;
  await prepared.sql`UPDATE telegram_users SET language_code = 'en', chosen_language = 'pl' WHERE telegram_id % 3 = 2`;
  const TEXTS = { en: 'Hi {first_name}', uk: 'Привіт, {first_name}', pl: 'Cześć, {first_name}' };
  const broadcast = (await insertBroadcast(
    prepared.sql,
    { title: 'Crash', content: TEXTS.en, translations: { uk: TEXTS.uk, pl: TEXTS.pl }, templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  ))!;
  await prepared.release();

  const received = new Map<number, number>();
  /** Recipients sent a text other than their language's. */
  const wrongText: number[] = [];
  telegram.events.on('botMessage', (chatId, message) => {
    received.set(chatId, (received.get(chatId) ?? 0) + 1);
    if (message.text !== TEXTS[languageOf(chatId)].replace('{first_name}', `Ann ${chatId}`)) wrongText.push(chatId);
  });
  const total = () => [...received.values()].reduce((sum, n) => sum + n, 0);

  const port = await freePort();
  const env = prepared.childEnv(telegram, port);

  const children: ChildProcess[] = [];
  t.teardown(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const startProduct = () => {
    const child = spawn(process.execPath, [...LOAD_TYPESCRIPT, 'scripts/start.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    return { child, exited, output: () => output };
  };
  // A child product starts and sends in its own time: a minute keeps a broken run from hanging.
  const PATIENCE_MS = 60_000;

  // First run: killed once half the messages are out.
  const first = startProduct();
  await until(() => total() >= RECIPIENTS / 2 || first.child.exitCode !== null, 'half the messages', PATIENCE_MS);
  if (first.child.exitCode !== null) t.fail(first.output());
  first.child.kill('SIGKILL');
  t.same(await first.exited, { code: null, signal: 'SIGKILL' });
  const atKill = total();
  t.ok(atKill >= RECIPIENTS / 2 && atKill < RECIPIENTS, `${atKill} messages out when killed`);

  const base = `http://127.0.0.1:${port}`;
  let headers: Record<string, string> = {};
  const restart = async () => {
    const run = startProduct();
    await until(() => /Console: /.test(run.output()) || run.child.exitCode !== null, 'the restart', PATIENCE_MS);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'root', password: 'root-password-for-tests' }),
    });
    headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    return run;
  };
  const stop = async (run: ReturnType<typeof startProduct>) => {
    run.child.kill('SIGTERM');
    t.same(await run.exited, { code: 0, signal: null }, 'a clean exit');
  };
  // The embedded database is read between runs (one process at a time); the server one stays open.
  const embedded = 'DATA_DIR' in prepared.databaseEnv;
  let serverDatabase: Database | undefined;
  t.teardown(() => serverDatabase?.close());
  const recipients = async () => {
    const database = await prepared.open();
    if (!embedded) serverDatabase = database;
    try {
      const rows = await database.sql<{ telegramId: string; status: string }[]>`
        SELECT telegram_id::text, status FROM broadcast_recipients WHERE broadcast_id = ${broadcast.id}`;
      return rows.map((row) => ({ id: Number(row.telegramId), status: row.status }));
    } finally {
      if (embedded) await database.close();
    }
  };

  // Second run on the same data: once the dead sender's lease runs out, the broadcast resumes by itself.
  const second = await restart();
  type Detail = {
    status: string;
    successCount: number;
    failureCount: number;
    unknownCount: number;
    progress: { pending: number; unknown: number };
    languages: { language: string; recipients: number; delivered: number; unknown: number }[];
  };
  const statusesSeen = new Set<string>();
  const untilSettled = async (what: string) => {
    let detail: Detail | undefined;
    await until(async () => {
      const response = await fetch(`${base}/api/broadcasts/${broadcast.id}`, { headers });
      detail = (await response.json()) as Detail;
      statusesSeen.add(detail.status);
      return !['queued', 'sending', 'interrupted'].includes(detail.status);
    }, what, PATIENCE_MS);
    return detail!;
  };
  const detail = await untilSettled('the broadcast to resume and finish');
  await stop(second);
  t.ok(total() > atKill, 'the restart sent the rest');
  t.ok([...statusesSeen].every((status) => ['sending', 'interrupted', 'sent'].includes(status)), `statuses seen after the restart: ${[...statusesSeen].join(', ')}`);

  const rows = await recipients();
  t.equal(rows.length, RECIPIENTS);
  t.same(rows.filter((row) => !['delivered', 'failed', 'unknown'].includes(row.status)), [], 'every recipient is settled');
  const unknown = rows.filter((row) => row.status === 'unknown').map((row) => row.id);
  const delivered = rows.filter((row) => row.status === 'delivered');
  // Unknown ones were attempted (in flight at the kill); everyone else must have received it.
  const neverAttempted = rows.filter((row) => row.status !== 'unknown' && (received.get(row.id) ?? 0) === 0);
  const twice = ids.filter((id) => (received.get(id) ?? 0) > 1);
  t.same(neverAttempted, [], 'no recipient was left out');
  t.same(twice, [], 'nobody received the message twice');
  t.same(delivered.filter((row) => received.get(row.id) !== 1), [], 'each delivered recipient got it once');
  t.equal(rows.filter((row) => row.status === 'failed').length, 0, 'no failure: Telegram refused nothing');
  t.same(wrongText, [], "each recipient was sent their language's text, before the kill and after");
  t.ok(unknown.length <= CONCURRENCY, `${unknown.length} unknown, at most the sender's concurrency (${CONCURRENCY})`);
  t.match(detail, { status: 'sent', successCount: delivered.length, failureCount: 0, unknownCount: unknown.length, progress: { pending: 0, unknown: unknown.length } });
  const byLanguage = (language: string) => rows.filter((row) => languageOf(row.id) === language);
  t.same(
    Object.fromEntries(detail.languages.map((entry) => [entry.language, [entry.recipients, entry.delivered, entry.unknown]])),
    Object.fromEntries(['en', 'uk', 'pl'].map((language) => {
      const speakers = byLanguage(language);
      return [language, [speakers.length, speakers.filter((row) => row.status === 'delivered').length, speakers.filter((row) => row.status === 'unknown').length]];
    })),
    'recipients, deliveries and unknown ones per language',
  );
  const unknownThatArrived = unknown.filter((id) => received.get(id) === 1).length;
  t.comment(
    `kill -9 at ${atKill} of ${RECIPIENTS} messages: sent ${delivered.length}, never attempted ${neverAttempted.length}, ` +
      `received twice ${twice.length}, unknown ${unknown.length} (${unknownThatArrived} of them had in fact arrived)`,
  );

  // Staff accept the risk of a duplicate: "Send to unknown" reaches each unknown recipient once more, nobody else.
  const before = new Map(received);
  const third = await restart();
  const sendUnknown = await fetch(`${base}/api/broadcasts/${broadcast.id}/send-unknown`, { method: 'POST', headers });
  if (unknown.length === 0) {
    t.equal(sendUnknown.status, 409, 'nobody unknown: nothing to send');
  } else {
    t.same(await sendUnknown.json(), { success: true, requeued: unknown.length });
    const after = await untilSettled('the unknown recipients to be sent to');
    t.match(after, { status: 'sent', successCount: RECIPIENTS, unknownCount: 0, failureCount: 0 });
    t.same(unknown.filter((id) => (received.get(id) ?? 0) !== (before.get(id) ?? 0) + 1), [], 'each unknown recipient was sent it exactly once more');
    t.same(ids.filter((id) => !unknown.includes(id) && received.get(id) !== before.get(id)), [], 'nobody else was sent it again');
    t.same(wrongText, [], "the unknown ones were sent their language's text again");
  }
  await stop(third);
  if (unknown.length > 0) t.same((await recipients()).filter((row) => row.status !== 'delivered'), [], 'all delivered');
});
