import t, { type Test } from 'tap';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, logsOf, refusal, rendered, texts } from '../helpers/bot-fixtures.js';

const errors: unknown[] = [];
const h = await createBotHarness(t);
h.medBot.bot.catch((error) => void errors.push(error.error));
const group = await anAuthorizedGroup(h, { dailyLimit: 3 });
const member = await aMember(h, group.id, { firstName: 'Rob' });
const from = { id: member.id, is_bot: false, first_name: 'Rob' };
const privateChat = { id: member.id, type: 'private', first_name: 'Rob' };
let messageId = 100_000;
const aMessage = (fields: Record<string, unknown>) => ({ message_id: (messageId += 1), date: 1_790_000_000, chat: privateChat, from, ...fields });

/** Injects a raw update and resolves with the bot's replies to the member and the update's log rows. */
async function inject(update: Record<string, unknown>) {
  const before = h.sim.messages(member.id).at(-1)?.message_id ?? 0;
  const { update_id } = h.sim.sendUpdate(update);
  await h.handled(update_id);
  return { replies: texts(h.sim.botMessagesSince(member.id, before)), logs: await logsOf(h.sql, update_id) };
}

/** A test of a bad update, after which the bot must still be up and answer a normal /start. */
function robust(name: string, body: (t: Test) => Promise<void>) {
  t.test(name, async (t) => {
    await body(t);
    t.same(texts(await h.say(member.id, '/start')), [rendered('welcome', { first_name: 'Rob', searches_left: '3 of 3 searches left today' })], 'still answers /start');
    t.equal(h.medBot.status().state, 'running');
    t.same(errors, [], 'no unhandled error');
  });
}

robust('a message with no sender is ignored with a WARN log', async (t) => {
  const { replies, logs } = await inject({ message: { message_id: 5, date: 1_790_000_000, chat: privateChat, text: '/start' } });
  t.same(replies, []);
  t.match(logs, [{ level: 'WARN', message: 'Ignored an update the bot does not handle', userId: null, chatId: member.id, command: '/start' }]);
});

robust('a message with no chat is ignored with a WARN log', async (t) => {
  const { replies, logs } = await inject({ message: { message_id: 6, date: 1_790_000_000, from, text: '/help' } });
  t.same(replies, []);
  t.match(logs, [{ level: 'WARN', userId: member.id, chatId: null }]);
});

robust('an update with no content at all is ignored with a WARN log', async (t) => {
  const { replies, logs } = await inject({});
  t.same(replies, []);
  t.match(logs, [{ level: 'WARN', command: null, message: 'Ignored an update the bot does not handle' }]);
});

robust('a message with neither text nor location is ignored with a WARN log', async (t) => {
  const { replies, logs } = await inject({ message: aMessage({ sticker: { file_id: 'x' } }) });
  t.same(replies, []);
  t.match(logs, [{ level: 'WARN', userId: member.id }]);
});

robust('a 100 KB text gets the help answer', async (t) => {
  const { replies, logs } = await inject({ message: aMessage({ text: 'Lon'.repeat(34_000) }) });
  t.same(replies, [rendered('help', { searches_left: '3 of 3 searches left today' })]);
  t.equal(logs.length, 1);
  t.equal((logs[0]!.metadata.query as string).length, 100, 'the log keeps a short excerpt');
});

robust('a 100 KB command-like text gets the help answer, its command column cut short', async (t) => {
  const { replies, logs } = await inject({ message: aMessage({ text: `/${'x'.repeat(100_000)}` }) });
  t.same(replies, [rendered('help', { searches_left: '3 of 3 searches left today' })]);
  t.match(logs, [{ level: 'WARN', message: 'Unknown command' }]);
  t.equal(logs[0]!.command!.length, 64);
});

for (const [label, location] of [
  ['latitude 500', { latitude: 500, longitude: 10 }],
  ['longitude -181', { latitude: 10, longitude: -181 }],
  ['a string latitude', { latitude: '51.5', longitude: 0 }],
  ['no longitude', { latitude: 51.5 }],
  ['an empty location', {}],
] as const) {
  robust(`a location with ${label} gets the bad-location answer`, async (t) => {
    const { replies, logs } = await inject({ message: aMessage({ location }) });
    t.same(replies, [refusal(REFUSALS.badLocation)]);
    t.match(logs, [{ level: 'WARN', message: 'Ignored a malformed location', command: 'location', resultCount: null }]);
    t.same(await h.sql`SELECT used FROM daily_usage WHERE telegram_id = ${member.id} AND used > 0`, [], 'no search used');
  });
}

robust('a callback with unknown data is acknowledged and ignored with a WARN log', async (t) => {
  const { replies, logs } = await inject({
    callback_query: { id: 'cb-unknown', from, chat_instance: '1', data: 'something-else', message: aMessage({ from: { ...h.sim.botInfo }, text: 'old' }) },
  });
  t.same(replies, []);
  t.match(logs, [{ level: 'WARN', command: 'callback', message: 'Ignored a button the bot does not know' }]);
});

robust('a callback naming a place that does not exist gets the help answer', async (t) => {
  const { replies, logs } = await inject({
    callback_query: { id: 'cb-gone', from, chat_instance: '1', data: 'place:999999999999', message: aMessage({ from: { ...h.sim.botInfo }, text: 'old' }) },
  });
  t.same(replies, [rendered('help', { searches_left: '3 of 3 searches left today' })]);
  t.match(logs, [{ level: 'WARN', message: 'A chosen place no longer exists' }]);
});

robust('a failing Telegram call is logged as an ERROR and answered with the error template', async (t) => {
  h.sim.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
  const { replies, logs } = await inject({ message: aMessage({ text: '/help' }) });
  t.same(replies, [refusal(REFUSALS.failure)]);
  t.match(logs, [{ level: 'ERROR', message: 'Failed to answer', errorMessage: /Bad Gateway/ }]);
});

robust('a location whose answer fails is logged as an ERROR of its place, and its search given back', async (t) => {
  await aContact(h.sql, { name: 'Dr Failing Send' });
  h.sim.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
  const { replies, logs } = await inject({ message: aMessage({ location: { latitude: 51.5072, longitude: -0.1276 } }) });
  t.same(replies, [refusal(REFUSALS.failure)]);
  t.match(logs, [{ level: 'ERROR', message: 'Failed to answer', command: 'location', city: 'London', country: 'United Kingdom', latitude: 51.5072, longitude: -0.1276 }]);
  const [usage] = await h.sql<{ used: number }[]>`SELECT coalesce(sum(used), 0)::int AS used FROM daily_usage WHERE telegram_id = ${member.id}`;
  t.equal(usage!.used, 0, 'the daily request is given back');
});

robust('a place button pressed too long ago (the query expired) is still answered', async (t) => {
  const [place] = await h.sql<{ id: number }[]>`SELECT id FROM cities WHERE name = 'Lisbon' ORDER BY population DESC LIMIT 1`;
  const { replies, logs } = await inject({
    callback_query: { id: 'cb-expired', from, chat_instance: '1', data: `place:${place!.id}`, message: aMessage({ from: { ...h.sim.botInfo }, text: 'old' }) },
  });
  t.same(replies, [`${refusal(REFUSALS.noResults(100, 'Lisbon, Lisbon, Portugal'))}\n\n🚑 In an emergency call 112.`]);
  t.match(logs, [{ level: 'WARN', message: 'No contacts within the search radius', city: 'Lisbon' }]);
});

robust('NUL and other control characters in a message or a name are dropped, and the bot answers normally', async (t) => {
  const command = (length: number) => [{ type: 'bot_command', offset: 0, length }];
  const help = await inject({ message: aMessage({ text: '/help\u0000', entities: command(5) }) });
  t.same(help.replies, [rendered('help', { searches_left: '3 of 3 searches left today' })]);
  const named = await inject({ message: aMessage({ from: { ...from, first_name: 'Ro\u0000b\u0007' }, text: '/start', entities: command(6) }) });
  t.same(named.replies, [rendered('welcome', { first_name: 'Rob', searches_left: '3 of 3 searches left today' })], 'the name as the user sees it, without the NUL');
  const place = await inject({ message: aMessage({ text: 'Lis\u0000bon' }) });
  t.notOk(place.replies.includes(refusal(REFUSALS.failure)), 'a place search, not "Something went wrong"');
  t.match(place.logs, [{ level: /INFO|WARN/ }]);
  const [user] = await h.sql<{ firstName: string }[]>`SELECT first_name FROM telegram_users WHERE telegram_id = ${member.id}`;
  t.equal(user?.firstName, 'Rob');
});

robust('half of a character (a lone UTF-16 surrogate) in a message is dropped, and its log row is written', async (t) => {
  // JSON can carry one ("\ud800"), and PostgreSQL's jsonb refuses it: the log row's metadata (the query) would fail its whole batch.
  const place = await inject({ message: aMessage({ text: 'Lis\ud800bon' }) });
  t.notOk(place.replies.includes(refusal(REFUSALS.failure)), 'a place search, not "Something went wrong"');
  t.match(place.logs, [{ level: /INFO|WARN/, metadata: { query: 'Lisbon' } }], 'the log row, with the query as the user sees it');
  const command = [{ type: 'bot_command' as const, offset: 0, length: 6 }];
  const named = await inject({ message: aMessage({ from: { ...from, first_name: 'Ana 🌷\udc00' }, text: '/start', entities: command }) });
  t.same(named.replies, [rendered('welcome', { first_name: 'Ana 🌷', searches_left: '3 of 3 searches left today' })], 'a whole pair (an emoji) is kept');
  t.equal(named.logs.length, 1, 'and its log row written');
});
