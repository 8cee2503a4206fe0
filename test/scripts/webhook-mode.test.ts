import t from 'tap';
import { loadConfig } from '../../scripts/config.js';
import { startProduct } from '../../scripts/product.js';
import { createTestDatabase } from '../helpers/database.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { aContact, rendered } from '../helpers/bot-fixtures.js';
import { ROOMY_FLOOD_CONTROL } from '../helpers/bot.js';
import { LEAVE_OUT_LINE } from '../../api/contract/message-templates.js';

const WEBHOOK_URL = 'https://bot.example.com/api/telegram-webhook';
const SECRET = 'webhook-Secret_0123456789';
const WANDA = { id: 4242, first_name: 'Wanda' };

// The built-in Telegram in webhook mode: it posts each update to the product's webhook route with the secret.
const db = process.env.TEST_DATABASE_URL ? await createTestDatabase({ migrate: false }) : undefined;
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off', BOT_MODE: 'webhook', WEBHOOK_URL, WEBHOOK_SECRET: SECRET });
// Wanda posts 300 updates at once below: the webhook's concurrency is tested here, not flood control.
const product = await startProduct({ ...config, dataDir: null, databaseUrl: db?.url, gazetteerFilter: LARGE_CITIES, floodControl: ROOMY_FLOOD_CONTROL });
t.teardown(async () => {
  await product.stop();
  await db?.close();
});
const { sql } = product.database;
const sim = product.simulator!;
sim.upsertUser(WANDA);
await sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${WANDA.id}, ${WANDA.first_name}, 'test')`;

// A whitelisted admin has no daily limit.
const HELP = rendered('help', { first_name: 'Wanda', searches_left: LEAVE_OUT_LINE });
const logRows = async () => sql<{ command: string | null; level: string; updateId: string }[]>`
  SELECT command, level, metadata->>'updateId' AS update_id FROM bot_logs ORDER BY id`;

/** Posts an update to the webhook route as a caller that is not Telegram could. */
async function post(update: unknown, headers: Record<string, string>) {
  const response = await fetch(`${product.url}/api/telegram-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(update),
  });
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? ((await response.json()) as unknown) : await response.text() };
}

/** A message from Wanda, as Telegram would post it. */
const wandaMessage = (updateId: number, content: Record<string, unknown>) => ({
  update_id: updateId,
  message: {
    message_id: 1000 + updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: WANDA.id, type: 'private', first_name: WANDA.first_name },
    from: { id: WANDA.id, is_bot: false, first_name: WANDA.first_name },
    ...content,
  },
});
const helpUpdate = (updateId: number) => wandaMessage(updateId, { text: '/help', entities: [{ type: 'bot_command', offset: 0, length: 5 }] });

t.test('the bot registered its webhook with the URL and the secret, and no long polling runs', async (t) => {
  t.same(sim.webhook, { url: WEBHOOK_URL, secretToken: SECRET });
  t.match(product.bot.status(), { state: 'running', mode: 'webhook', connected: true });
  t.equal(sim.stats().calls.getUpdates, undefined, 'getUpdates was never called');
});

t.test('an update the simulator posts with the secret is handled: a reply and a log row', async (t) => {
  const delivery = sim.sendText(WANDA.id, '/help');
  const replies = await sim.waitForBotMessages(WANDA.id, { afterMessageId: delivery.message!.message_id });
  t.same(replies.map((reply) => reply.text), [HELP]);
  await product.bot.whenHandled(delivery.update_id);
  await product.bot.recorder.flush();
  t.same(await logRows(), [{ command: '/help', level: 'INFO', updateId: String(delivery.update_id) }]);
});

t.test('posts without the secret, or with a wrong one, get 401 and change nothing', async (t) => {
  const messagesBefore = sim.messages(WANDA.id).length;
  const logsBefore = await logRows();
  const [userBefore] = await sql`SELECT total_requests, last_seen FROM telegram_users WHERE telegram_id = ${WANDA.id}`;
  const wrongLastCharacter = `${SECRET.slice(0, -1)}X`;
  for (const [name, headers] of [
    ['no secret', {}],
    ['a wrong secret', { 'x-telegram-bot-api-secret-token': 'guess' }],
    ['the secret with one character changed', { 'x-telegram-bot-api-secret-token': wrongLastCharacter }],
    ['an empty secret', { 'x-telegram-bot-api-secret-token': '' }],
  ] as const) {
    t.same(await post(helpUpdate(900_001), headers), { status: 401, body: { error: 'Unauthorized', message: 'Wrong or missing secret token' } }, name);
  }
  t.same(await post('not even an update', {}), { status: 401, body: { error: 'Unauthorized', message: 'Wrong or missing secret token' } }, 'checked before the body');
  await product.bot.recorder.flush();
  t.equal(sim.messages(WANDA.id).length, messagesBefore, 'the bot sent nothing');
  t.same(await logRows(), logsBefore, 'no log row');
  const [userAfter] = await sql`SELECT total_requests, last_seen FROM telegram_users WHERE telegram_id = ${WANDA.id}`;
  t.same(userAfter, userBefore, 'the bot user is untouched');
});

t.test('a post with the right secret is handled before the answer; a malformed one is a 400 naming the field', async (t) => {
  const before = sim.messages(WANDA.id).at(-1)!.message_id;
  t.same(await post(helpUpdate(900_002), { 'x-telegram-bot-api-secret-token': SECRET }), { status: 200, body: '' });
  t.same(sim.botMessagesSince(WANDA.id, before).map((reply) => reply.text), [HELP], 'answered by the time the post returns');
  await product.bot.recorder.flush();
  t.same((await logRows()).at(-1), { command: '/help', level: 'INFO', updateId: '900002' });

  t.match(await post({ message: {} }, { 'x-telegram-bot-api-secret-token': SECRET }), { status: 400, body: { fields: { update_id: String } } });
});

t.test('Telegram posting the same update again (a redelivery) gets one answer, one log row and one daily request used', async (t) => {
  await aContact(sql, { name: 'Oslo GP', latitude: 59.91, longitude: 10.75, city: 'Oslo' });
  const usedToday = async () => (await sql<{ used: number }[]>`SELECT coalesce(sum(used), 0)::int AS used FROM daily_usage WHERE telegram_id = ${WANDA.id}`)[0]!.used;
  const locationUpdate = (updateId: number) => wandaMessage(updateId, { location: { latitude: 59.91, longitude: 10.75 } });
  const withSecret = { 'x-telegram-bot-api-secret-token': SECRET };

  for (const [label, posts] of [
    ['one after the other', async (update: unknown) => [await post(update, withSecret), await post(update, withSecret)]],
    ['both at once', (update: unknown) => Promise.all([post(update, withSecret), post(update, withSecret)])],
  ] as const) {
    const update = locationUpdate(label === 'both at once' ? 900_011 : 900_010);
    const before = sim.messages(WANDA.id).at(-1)!.message_id;
    const usedBefore = await usedToday();
    t.same(await posts(update), [{ status: 200, body: '' }, { status: 200, body: '' }], `${label}: both posts accepted`);
    await product.bot.recorder.flush();
    t.equal(sim.botMessagesSince(WANDA.id, before).length, 1, `${label}: one answer`);
    t.equal((await logRows()).filter((row) => row.updateId === String(update.update_id)).length, 1, `${label}: one log row`);
    t.equal(await usedToday(), usedBefore + 1, `${label}: charged once`);
  }
});

t.test('300 posts at once, each its own update, are all accepted (no 5xx) and each answered once', async (t) => {
  const sentBefore = sim.stats().calls.sendMessage ?? 0;
  const ids = Array.from({ length: 300 }, (_, index) => 910_000 + index);
  const answers = await Promise.all(ids.map((id) => post(helpUpdate(id), { 'x-telegram-bot-api-secret-token': SECRET })));
  t.same([...new Set(answers.map((answer) => answer.status))], [200]);
  // Counted from the calls: the simulator keeps only a chat's last 200 messages.
  t.equal((sim.stats().calls.sendMessage ?? 0) - sentBefore, 300);
  await product.bot.recorder.flush();
  t.equal((await logRows()).filter((row) => Number(row.updateId) >= 910_000).length, 300);
});
