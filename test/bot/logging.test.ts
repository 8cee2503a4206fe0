import { spawn } from 'node:child_process';
import t from 'tap';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, logsOf, withSettings } from '../helpers/bot-fixtures.js';
import type { StoredBotLog } from '../../sql/bot-logs.js';
import { childProductDatabase } from '../helpers/child-product-database.js';
import { freePort, LOAD_TYPESCRIPT } from '../helpers/child-env.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 10 });
await aContact(h.sql, { name: 'Warsaw GP', latitude: 52.24, longitude: 21.01, city: 'Warsaw' });

t.test('every handled update writes exactly one log row with its outcome, duration and place', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Lou' });
  const firstId = (await h.sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::int AS id FROM bot_logs`)[0]!.id;
  const updateIds: number[] = [];
  const send = async (delivery: { update_id: number }) => {
    updateIds.push(delivery.update_id);
    await h.handled(delivery.update_id);
  };
  await send(h.sim.sendText(user.id, '/start'));
  await send(h.sim.sendText(user.id, '/help'));
  await send(h.sim.sendText(user.id, '/nonsense'));
  await send(h.sim.sendText(user.id, 'xyzzyq'));
  await send(h.sim.sendText(user.id, 'Warsaw'));
  await send(h.sim.sendLocation(user.id, { latitude: 52.23, longitude: 21.01 }));
  await send(h.sim.sendLocation(user.id, { latitude: -45, longitude: -140 }));
  await send(h.sim.sendText(user.id, '/start', { chatId: group.id }));
  const question = h.sim.messages(user.id).find((message) => message.reply_markup)!;
  await send(h.sim.pressButton(user.id, user.id, question.message_id, (question.reply_markup!.inline_keyboard[0]![0] as { callback_data: string }).callback_data));
  await send(h.sim.removeMember(group.id, user.id)!);

  const rows = await h.sql<StoredBotLog[]>`SELECT * FROM bot_logs WHERE id > ${firstId} ORDER BY id`;
  t.same(rows.map((row) => Number(row.metadata.updateId)).sort((a, b) => a - b), updateIds, 'one row per update, none for anything else');
  for (const row of rows) {
    t.ok(row.durationMs !== null && row.durationMs >= 0 && row.durationMs < 10_000, `duration of ${row.command}`);
    t.same(row.createdAt, h.clock.now(), 'dated by the bot\'s clock');
  }
  t.match(rows.map((row) => [row.level, row.command, row.userId, row.chatId]), [
    ['INFO', '/start', user.id, user.id],
    ['INFO', '/help', user.id, user.id],
    ['WARN', '/nonsense', user.id, user.id],
    ['WARN', 'text', user.id, user.id],
    ['INFO', 'text', user.id, user.id],
    ['INFO', 'location', user.id, user.id],
    ['WARN', 'location', user.id, user.id],
    ['INFO', '/start', user.id, group.id],
    ['INFO', 'callback', user.id, user.id],
    ['INFO', 'chat_member', user.id, group.id],
  ]);
  const [, , , , , located, empty, , pressed] = rows;
  t.match(located, {
    message: 'Answered a location with 1 contact', latitude: 52.23, longitude: 21.01, city: 'Warsaw', region: 'Mazovia', country: 'Poland', resultCount: 1,
    metadata: { contactIds: [Number], masters: 0 },
  });
  t.match(empty, { message: 'No contacts within the search radius', latitude: -45, longitude: -140, resultCount: 0, city: null, country: null }, 'a point at sea belongs to no place');
  t.match(pressed, { city: 'Warsaw', region: 'Mazovia', country: 'Poland', resultCount: 1 });
  t.equal(rows.filter((row) => row.latitude === null).length, 7, 'only lookups carry a place');
  t.ok(rows.every((row) => row.errorMessage === null));
});

t.test('the log_level setting filters rows', async (t) => {
  const user = await aMember(h, group.id);
  await withSettings(t, h.sql, { logLevel: 'WARN' });
  const info = h.sim.sendText(user.id, '/start');
  await h.handled(info.update_id);
  t.same(await logsOf(h.sql, info.update_id), [], 'no INFO row at WARN');
  const warn = h.sim.sendText(user.id, 'xyzzyq');
  await h.handled(warn.update_id);
  t.match(await logsOf(h.sql, warn.update_id), [{ level: 'WARN' }]);

  await h.sql`UPDATE system_settings SET log_level = 'ERROR'`;
  const quiet = h.sim.sendText(user.id, 'xyzzyq');
  await h.handled(quiet.update_id);
  t.same(await logsOf(h.sql, quiet.update_id), [], 'no WARN row at ERROR');

  await h.sql`UPDATE system_settings SET log_level = 'DEBUG'`;
  const all = h.sim.sendText(user.id, '/start');
  await h.handled(all.update_id);
  t.match(await logsOf(h.sql, all.update_id), [{ level: 'INFO' }]);
});

t.test('telegram_users is upserted on every update: names, username, last seen', async (t) => {
  const user = aUser(h, { firstName: 'Old', lastName: 'Name', username: 'old_name' });
  await h.say(user.id, '/start');
  const seenFirst = h.clock.now();
  const userRow = async () => (await h.sql`SELECT * FROM telegram_users WHERE telegram_id = ${user.id}`)[0];
  t.match(await userRow(), { firstName: 'Old', lastName: 'Name', username: 'old_name', lastSeen: seenFirst, isActive: true, isBlocked: false, totalRequests: 0 });

  h.clock.advance(60_000);
  h.sim.upsertUser({ id: user.id, first_name: 'New' });
  await h.say(user.id, 'hello');
  t.match(await userRow(), { firstName: 'New', lastName: null, username: null, lastSeen: h.clock.now() });

  // Within a minute of the last sighting an unchanged user's row is not rewritten.
  const seenLast = h.clock.now();
  h.clock.advance(30_000);
  await h.say(user.id, 'hello again');
  t.match(await userRow(), { firstName: 'New', lastSeen: seenLast }, 'seen 30 s later: last seen kept');
  h.clock.advance(30_000);
  await h.say(user.id, 'and again');
  t.match(await userRow(), { firstName: 'New', lastSeen: h.clock.now() }, 'a minute later: last seen moves');

});

/** Resolves with the id of the next update the bot handles. */
const nextHandled = () => new Promise<number>((resolve) => h.medBot.events.once('handled', resolve));

t.test('a user who blocks the bot is marked unreachable, and reachable again once they write', async (t) => {
  const user = aUser(h, { firstName: 'Blocker' });
  await h.say(user.id, '/start');
  const blocked = nextHandled();
  h.sim.blockBot(user.id);
  const updateId = await blocked;
  await h.handled(updateId);
  t.match(await logsOf(h.sql, updateId), [{ level: 'INFO', message: 'The user blocked the bot', command: 'my_chat_member', userId: user.id }]);
  t.match((await h.sql`SELECT is_active FROM telegram_users WHERE telegram_id = ${user.id}`)[0], { isActive: false });

  h.sim.unblockBot(user.id);
  await h.say(user.id, '/start');
  t.match((await h.sql`SELECT is_active FROM telegram_users WHERE telegram_id = ${user.id}`)[0], { isActive: true });
});


t.test('SIGTERM during a burst loses no log row of an update the bot handled', async (t) => {
  // Telegram is a simulator in this process: it outlives the product, so we can count what the bot answered.
  const telegram = await createTelegramSimulator({ token: '777001:SIGTERM-TEST' });
  t.teardown(() => telegram.close());
  const prepared = await childProductDatabase(t, 'medcontacts-sigterm-');
  const userIds = Array.from({ length: 200 }, (_, index) => 500_000 + index);
  await prepared.sql`INSERT INTO admin_whitelist (telegram_id, reason) SELECT id, 'burst' FROM unnest(${userIds}::bigint[]) AS id`;
  await aContact(prepared.sql, { name: 'Kyiv GP', latitude: 50.45, longitude: 30.52, city: 'Kyiv' });
  await prepared.release();
  for (const id of userIds) telegram.upsertUser({ id, first_name: `Burst ${id}` });

  const env = prepared.childEnv(telegram, await freePort());
  const child = spawn(process.execPath, [...LOAD_TYPESCRIPT, 'scripts/start.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  // Ready once the product says so and the bot polls.
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/Console: /.test(output) && (telegram.stats().calls.getUpdates ?? 0) > 0) return resolve();
      if (child.exitCode !== null) return reject(new Error(`the product exited early:\n${output}`));
      setTimeout(check, 50);
    };
    check();
  });

  // The burst: one update per user, half commands, half locations.
  let answered = 0;
  const enoughAnswered = new Promise<void>((resolve) => {
    telegram.events.on('botMessage', () => {
      answered += 1;
      if (answered === 20) resolve();
    });
  });
  userIds.forEach((id, index) => (index % 2 ? telegram.sendText(id, '/start') : telegram.sendLocation(id, { latitude: 50.45, longitude: 30.52 })));
  await enoughAnswered;
  child.kill('SIGTERM');
  const exit = await exited;
  t.same(exit, { code: 0, signal: null }, 'a clean exit');
  t.match(output, 'SIGTERM received, shutting down');

  // Every update with an answer has its log row.
  const chatsAnswered = new Set(userIds.filter((id) => telegram.botMessagesSince(id, 0).length > 0));
  const database = await prepared.open();
  t.teardown(() => database.close());
  const rows = await database.sql<{ userId: number; level: string }[]>`SELECT user_id, level FROM bot_logs WHERE user_id >= 500000`;
  const logged = new Set(rows.map((row) => row.userId));
  t.ok(chatsAnswered.size >= 20, `${chatsAnswered.size} of 200 updates answered before the product stopped`);
  t.equal(rows.length, logged.size, 'one row per update');
  t.same([...chatsAnswered].filter((id) => !logged.has(id)), [], 'no answered update without its row');
  t.same([...logged].filter((id) => !chatsAnswered.has(id)), [], 'no row for an update that was not answered');
  t.ok(rows.every((row) => row.level === 'INFO'));
});
