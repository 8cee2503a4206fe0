import { spawn, type ChildProcess } from 'node:child_process';
import t from 'tap';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { insertBroadcast } from '../../sql/broadcasts.js';
import { childProductDatabase } from '../helpers/child-product-database.js';
import { freePort } from '../helpers/child-env.js';
import { someBotUsers } from '../helpers/broadcasts.js';


t.test('SIGKILL in the middle of a 500-recipient broadcast: a restart resumes, nobody gets it twice, all end delivered or failed', async (t) => {
  // Telegram is a simulator in this process: it outlives both runs of the product, so it counts every message.
  const telegram = await createTelegramSimulator({ token: '777002:SIGKILL-TEST' });
  t.teardown(() => telegram.close());
  const prepared = await childProductDatabase(t, 'medcontacts-sigkill-');
  const ids = await someBotUsers(prepared.sql, 500, 800_000, telegram);
  await prepared.sql`UPDATE system_settings SET broadcast_rate_per_second = 100`;
  const broadcast = (await insertBroadcast(
    prepared.sql,
    { title: 'Crash', content: 'Hi {first_name}', templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  ))!;
  await prepared.release();

  const received = new Map<number, number>();
  telegram.events.on('botMessage', (chatId) => received.set(chatId, (received.get(chatId) ?? 0) + 1));
  const total = () => [...received.values()].reduce((sum, n) => sum + n, 0);

  const port = await freePort();
  const env = prepared.childEnv(telegram, port);

  const children: ChildProcess[] = [];
  t.teardown(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const startProduct = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    return { child, exited, output: () => output };
  };
  const until = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // First run: killed once a fifth of the messages are out.
  const first = startProduct();
  await until(() => total() >= 100 || first.child.exitCode !== null, '100 messages');
  if (first.child.exitCode !== null) t.fail(first.output());
  first.child.kill('SIGKILL');
  t.same(await first.exited, { code: null, signal: 'SIGKILL' });
  const atKill = total();
  t.ok(atKill >= 100 && atKill < 500, `${atKill} messages out when killed`);

  // Second run on the same data: resumes, and the broadcast finishes.
  const second = startProduct();
  await until(() => /Console: /.test(second.output()) || second.child.exitCode !== null, 'the restart');
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'root', password: 'root-password-for-tests' }),
  });
  const { token } = (await login.json()) as { token: string };
  let detail: { status: string; successCount: number; failureCount: number; progress: { pending: number } } | undefined;
  await until(async () => {
    const response = await fetch(`${base}/api/broadcasts/${broadcast.id}`, { headers: { authorization: `Bearer ${token}` } });
    detail = (await response.json()) as typeof detail;
    return detail!.status !== 'sending' && detail!.status !== 'queued';
  }, 'the broadcast to finish');
  second.child.kill('SIGTERM');
  t.same(await second.exited, { code: 0, signal: null }, 'a clean exit');
  t.ok(total() > atKill, 'the restart sent the rest');

  t.same(ids.filter((id) => (received.get(id) ?? 0) > 1), [], 'nobody received the message twice');
  const database = await prepared.open();
  t.teardown(() => database.close());
  const rows = await database.sql<{ telegramId: number; status: string; error: string | null }[]>`
    SELECT telegram_id, status, error FROM broadcast_recipients WHERE broadcast_id = ${broadcast.id}`;
  t.equal(rows.length, 500);
  t.same(rows.filter((row) => row.status !== 'delivered' && row.status !== 'failed'), [], 'every recipient ended delivered or failed');
  t.same(rows.filter((row) => row.status === 'delivered' && received.get(Number(row.telegramId)) !== 1), [], 'each delivered recipient got it once');
  t.same(rows.filter((row) => row.status === 'failed' && row.error !== 'interrupted'), [], 'the only failures are the in-flight sends the kill interrupted');
  const interrupted = rows.filter((row) => row.status === 'failed').length;
  t.ok(interrupted <= 100, `${interrupted} interrupted`);
  t.match(detail, { status: 'sent', successCount: 500 - interrupted, failureCount: interrupted, progress: { pending: 0 } });
  t.equal(total(), 500 - interrupted + rows.filter((row) => row.status === 'failed' && received.get(Number(row.telegramId)) === 1).length);
});
