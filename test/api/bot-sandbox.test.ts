import t from 'tap';
import type { InjectOptions } from 'fastify';
import { createBotSandbox } from '../../bot/sandbox.js';
import { createBot } from '../../bot/create-bot.js';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { SANDBOX_UNAVAILABLE, type SandboxExchange, type SandboxGroup, type SandboxMessage } from '../../api/contract/bot-sandbox.js';
import type { Role } from '../../api/contract/roles.js';
import { createTestApp } from '../helpers/app.js';
import { aContactAt, anAuthorizedGroup, createSandboxApp } from '../helpers/sandbox.js';

type Actor = 'anonymous' | Role;
const ACTORS: Actor[] = ['anonymous', 'viewer', 'editor', 'admin', 'super_admin'];
const PARIS = { latitude: 48.8566, longitude: 2.3522 };

t.test('the Bot Sandbox over the real bot and simulator', async (t) => {
  const api = await createSandboxApp(t);
  const { bot, call } = api;
  const editor = (await api.userWithToken('editor')).token;
  const group = await anAuthorizedGroup({ sql: bot.sql, sim: bot.sim, handled: bot.handled }, { title: 'Paris Clinics' });
  await aContactAt(bot.sql, { name: 'Dr Amélie Laurent', city: 'Paris', country: 'FR', ...PARIS });

  const post = (url: string, payload: object) => call(editor, { method: 'POST', url, payload });
  const get = (url: string) => call(editor, { method: 'GET', url });
  const joinAs = async (userId: number) => {
    const response = await post(`/api/bot-sandbox/groups/${group.id}/members`, { userId });
    t.equal(response.statusCode, 200, `user ${userId} joins`);
    await bot.medBot.recorder.flush();
    return response.json() as SandboxGroup;
  };

  t.test('status says the sandbox is available', async (t) => {
    const response = await get('/api/bot-sandbox/status');
    t.equal(response.statusCode, 200);
    t.strictSame(response.json(), { available: true, botUsername: 'simulated_bot' }, 'with the name a group message addresses it by');
  });

  t.test('creates a user, refuses a duplicate, lists users and groups', async (t) => {
    const created = await post('/api/bot-sandbox/users', { userId: 555001, firstName: ' Ada ', lastName: 'Lovelace', username: 'ada_l' });
    t.equal(created.statusCode, 201);
    t.strictSame(created.json(), { id: 555001, firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l', blockedBot: false, deactivated: false, languageCode: null });

    const duplicate = await post('/api/bot-sandbox/users', { userId: 555001, firstName: 'Other' });
    t.equal(duplicate.statusCode, 409);
    t.equal(duplicate.json().message, 'A simulated user with Telegram ID 555001 already exists');

    const users = (await get('/api/bot-sandbox/users')).json() as { id: number }[];
    t.ok(users.some((user) => user.id === 555001), 'the new user is listed');
    const groups = (await get('/api/bot-sandbox/groups')).json() as SandboxGroup[];
    const listed = groups.find((candidate) => candidate.id === group.id);
    t.equal(listed?.title, 'Paris Clinics');
    t.equal(listed?.botStatus, 'administrator');
    t.equal(listed?.members.length, 1, 'only the owner so far');
  });

  t.test('a user in no group is refused; after joining, /start answers with the welcome', async (t) => {
    const refused = await post('/api/bot-sandbox/messages', { userId: 555002, firstName: 'Bruno', text: '/start' });
    t.equal(refused.statusCode, 200);
    t.match((refused.json() as SandboxExchange).replies[0]?.text, /only for members of our partner groups/);

    const joined = await joinAs(555002);
    t.ok(joined.members.some((member) => member.userId === 555002 && member.status === 'member'), 'listed as a member');

    const response = await post('/api/bot-sandbox/messages', { userId: 555002, text: '/start' });
    t.equal(response.statusCode, 200);
    const exchange = response.json() as SandboxExchange;
    t.equal(exchange.chatId, 555002, 'the private chat');
    t.equal(exchange.replies.length, 1);
    const [welcome] = exchange.replies as [SandboxMessage];
    t.match(welcome.text, /👋 Hello, Bruno!/);
    t.match(welcome.text, /3 of 3 searches left today/);
    t.equal(welcome.html, true, 'sent as Telegram HTML');
    t.equal(welcome.from.isBot, true);

    const history = (await get('/api/bot-sandbox/chats/555002/messages')).json() as SandboxMessage[];
    t.match(history.slice(-2), [{ from: { isBot: false }, text: '/start' }, { from: { isBot: true }, text: /^👋 Hello, Bruno!/ }], 'the chat holds both');
  });

  t.test("chats as a user of any language: Telegram's language_code reaches the bot, and can be changed", async (t) => {
    const storedCode = async (userId: number) => {
      await bot.medBot.recorder.flush();
      const [row] = await bot.sql<{ languageCode: string | null }[]>`SELECT language_code FROM telegram_users WHERE telegram_id = ${userId}`;
      return row?.languageCode;
    };
    const created = await post('/api/bot-sandbox/users', { userId: 555010, firstName: 'Олена', languageCode: 'uk' });
    t.equal(created.statusCode, 201, created.body);
    t.equal(created.json().languageCode, 'uk');
    await joinAs(555010);
    t.equal((await post('/api/bot-sandbox/messages', { userId: 555010, text: '/start' })).statusCode, 200);
    t.equal(await storedCode(555010), 'uk', 'the bot stored the language Telegram reported');

    const changed = await call(editor, { method: 'PATCH', url: '/api/bot-sandbox/users/555010', payload: { languageCode: 'pt-BR' } });
    t.equal(changed.statusCode, 200, changed.body);
    t.match(changed.json(), { id: 555010, firstName: 'Олена', languageCode: 'pt-BR' });
    await post('/api/bot-sandbox/messages', { userId: 555010, firstName: 'Olena', text: '/help' });
    t.equal(await storedCode(555010), 'pt-BR', 'the next update carries the new one, even when the name changes with it');
    const listed = ((await get('/api/bot-sandbox/users')).json() as { id: number; firstName: string; languageCode: string | null }[]).find((user) => user.id === 555010);
    t.match(listed, { firstName: 'Olena', languageCode: 'pt-BR' });

    const cleared = await call(editor, { method: 'PATCH', url: '/api/bot-sandbox/users/555010', payload: { languageCode: '' } });
    t.equal(cleared.json().languageCode, null, 'empty: Telegram reports none');

    const bad = await call(editor, { method: 'PATCH', url: '/api/bot-sandbox/users/555010', payload: { languageCode: 'Ukrainian!' } });
    t.equal(bad.statusCode, 400);
    t.match(bad.json(), { field: 'languageCode', message: 'Language must be a Telegram language code, such as uk or pt-BR, or left empty.' });
    const unknown = await call(editor, { method: 'PATCH', url: '/api/bot-sandbox/users/999999', payload: { languageCode: 'uk' } });
    t.equal(unknown.statusCode, 400);
    t.equal(unknown.json().message, 'No simulated user with Telegram ID 999999: create them first');
  });

  t.test('a location returns the nearest contacts', async (t) => {
    await joinAs(555003);
    const response = await post('/api/bot-sandbox/messages', { userId: 555003, firstName: 'Chloé', location: PARIS });
    t.equal(response.statusCode, 200);
    const [answer] = (response.json() as SandboxExchange).replies;
    t.match(answer?.text, /Medical contacts near Paris/);
    t.match(answer?.text, /Dr Amélie Laurent/);
    const history = (await get('/api/bot-sandbox/chats/555003/messages')).json() as SandboxMessage[];
    t.strictSame(history[0]?.location, PARIS, 'the user’s location is in the chat');
  });

  t.test('a typed city offers a place button; pressing it answers with contacts', async (t) => {
    await joinAs(555004);
    const offered = (await post('/api/bot-sandbox/messages', { userId: 555004, text: 'Paris' })).json() as SandboxExchange;
    const [question] = offered.replies as [SandboxMessage];
    t.match(question.text, /Did you mean <b>Paris/);
    const place = question.buttons.flat().find((button) => button.callbackData?.startsWith('place:'));
    t.ok(place, 'a place button');

    const pressed = await post('/api/bot-sandbox/callback', { userId: 555004, chatId: 555004, messageId: question.messageId, data: place!.callbackData });
    t.equal(pressed.statusCode, 200);
    t.match((pressed.json() as SandboxExchange).replies.map((reply) => reply.text).join('\n'), /Dr Amélie Laurent/);

    const unknown = await post('/api/bot-sandbox/callback', { userId: 555004, chatId: 555004, messageId: question.messageId, data: 'nope' });
    t.equal(unknown.statusCode, 400, 'a button that is not there is a bad request');
    t.match(unknown.json().message, /has no button with callback data 'nope'/);
  });

  t.test("a report's comment goes back as the reply the bot asked for", async (t) => {
    await joinAs(555007);
    const send = (payload: object) => post('/api/bot-sandbox/messages', { userId: 555007, ...payload });
    const press = async (message: SandboxMessage, text: string) => {
      const button = message.buttons.flat().find((candidate) => candidate.text.includes(text));
      t.ok(button?.callbackData, `a "${text}" button`);
      const response = await post('/api/bot-sandbox/callback', { userId: 555007, chatId: 555007, messageId: message.messageId, data: button!.callbackData });
      t.equal(response.statusCode, 200, `"${text}" pressed`);
      // The bot answers a press with a new message or by editing the one pressed.
      const history = (await get('/api/bot-sandbox/chats/555007/messages')).json() as SandboxMessage[];
      return history.at(-1)!;
    };
    const answer = (await (await send({ firstName: 'Emil', location: PARIS })).json() as SandboxExchange).replies.at(-1)!;
    const which = await press(answer, '⚠️ Report a problem');
    const what = await press(which, 'Dr Amélie Laurent');
    const prompt = await press(what, 'Something else');
    t.equal(prompt.text, 'Thank you! We will check this contact. If you like, reply to this message and tell us what is wrong.');
    t.strictSame(prompt.forceReply, { placeholder: 'What is wrong?' }, 'the bot asks for a reply, with its hint');
    t.equal(answer.forceReply, null, 'an answer asks for none');

    const notThere = await send({ text: 'The clinic is closed', replyToMessageId: 999_999 });
    t.equal(notThere.statusCode, 400);
    t.equal(notThere.json().message, 'Chat 555007 has no message 999999 to reply to');
    const badId = await send({ text: 'The clinic is closed', replyToMessageId: 0 });
    t.match(badId.json(), { field: 'replyToMessageId', message: 'Reply to must be the ID of a message in this chat: a whole number above 0.' });

    const replied = await send({ text: 'The clinic is closed on Mondays', replyToMessageId: prompt.messageId });
    t.equal(replied.statusCode, 200);
    t.strictSame((replied.json() as SandboxExchange).replies.map((reply) => reply.text), ['Thank you, we have added your note to the report.']);
    const history = (await get('/api/bot-sandbox/chats/555007/messages')).json() as SandboxMessage[];
    t.match(history.at(-2), { from: { isBot: false }, text: 'The clinic is closed on Mondays', replyToMessageId: prompt.messageId }, 'the chat shows the reply');
    const [report] = await bot.sql<{ comment: string | null }[]>`SELECT comment FROM contact_reports WHERE telegram_id = 555007`;
    t.equal(report?.comment, 'The clinic is closed on Mondays', 'the report holds the comment');
  });

  t.test('joins and leaves a group, and the console sees the stored membership', async (t) => {
    await joinAs(555005);
    let memberships = (await get('/api/user-memberships?userId=555005')).json() as { groupId: number; isActive: boolean }[];
    t.match(memberships, [{ groupId: group.id, groupName: 'Paris Clinics', membershipStatus: 'member', isActive: true }]);

    const left = await call(editor, { method: 'DELETE', url: `/api/bot-sandbox/groups/${group.id}/members`, payload: { userId: 555005 } });
    t.equal(left.statusCode, 200);
    t.notOk((left.json() as SandboxGroup).members.some((member) => member.userId === 555005), 'no longer listed');
    memberships = (await get('/api/user-memberships?userId=555005')).json();
    t.match(memberships, [{ groupId: group.id, membershipStatus: 'left', isActive: false }]);

    await joinAs(555005);
    const byPath = await call(editor, { method: 'DELETE', url: `/api/bot-sandbox/groups/${group.id}/members/555005` });
    t.equal(byPath.statusCode, 200, 'the user id may also come in the path');
    t.notOk((byPath.json() as SandboxGroup).members.some((member) => member.userId === 555005));

    const unknownGroup = await post('/api/bot-sandbox/groups/-42/members', { userId: 555005 });
    t.equal(unknownGroup.statusCode, 404);
    t.equal(unknownGroup.json().message, 'No simulated group -42');
  });

  t.test('the city picker searches the gazetteer', async (t) => {
    const response = await get('/api/bot-sandbox/places?q=paris');
    t.equal(response.statusCode, 200);
    t.match(response.json()[0], { name: 'Paris', country: 'France', latitude: Number, longitude: Number });
    const empty = await get('/api/bot-sandbox/places?q=%20');
    t.equal(empty.statusCode, 400);
    t.match(empty.json(), { field: 'q', message: 'Type a city name to search for.' });
  });

  t.test('bad requests get 400 naming the field', async (t) => {
    const userIdRule = 'User ID must be a Telegram user ID: a whole number above 0, such as 123456789.';
    const chatIdRule = "Chat ID must be a whole number other than 0: the user's ID for a private chat, a negative number for a group.";
    const cases: [object, string, string][] = [
      [{ userId: 1.5, text: 'hi' }, 'userId', userIdRule],
      [{ userId: 'x', text: 'hi' }, 'userId', userIdRule],
      [{ userId: 555002, text: 'x'.repeat(4097) }, 'text', 'A Telegram message can be at most 4,096 characters. Shorten it.'],
      [{ userId: 555002, text: '' }, 'text', 'Type a message to send.'],
      [{ userId: 555002 }, 'text', 'Send either text or a location, not both.'],
      [{ userId: 555002, text: 'hi', location: PARIS }, 'text', 'Send either text or a location, not both.'],
      [{ userId: 555002, location: { latitude: 91, longitude: 0 } }, 'location.latitude', 'Latitude must be a number from -90 to 90, such as 48.8566.'],
      [{ userId: 555002, location: { latitude: 0, longitude: -181 } }, 'location.longitude', 'Longitude must be a number from -180 to 180, such as 2.3522.'],
      [{ userId: 555002, chatId: 0, text: 'hi' }, 'chatId', chatIdRule],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post('/api/bot-sandbox/messages', payload);
      t.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      t.match(response.json(), { field, message });
    }
    const badChat = await get('/api/bot-sandbox/chats/abc/messages');
    t.equal(badChat.statusCode, 400);
    t.match(badChat.json(), { field: 'chatId', message: chatIdRule });
    const badUser = await post('/api/bot-sandbox/users', { userId: 7 });
    t.match(badUser.json(), { field: 'firstName', message: 'First name is required. Enter it.' });
  });

  t.test('what the simulator refuses is a 400 with its reason', async (t) => {
    const response = await post('/api/bot-sandbox/messages', { userId: 555006, firstName: 'Dora', chatId: group.id, text: 'hello' });
    t.equal(response.statusCode, 400);
    t.match(response.json().message, /555006/);
  });

  t.test('in a group the user is in, the bot answers in the group', async (t) => {
    await joinAs(555007);
    const response = await post('/api/bot-sandbox/messages', { userId: 555007, chatId: group.id, text: '/help' });
    t.equal(response.statusCode, 200);
    const exchange = response.json() as SandboxExchange;
    t.equal(exchange.chatId, group.id);
    t.match(exchange.replies[0]?.text, /How to use this bot/);
  });

  t.test('every route by role: editors and up', async (t) => {
    const tokens: Partial<Record<Actor, string>> = { editor };
    for (const role of ['viewer', 'admin', 'super_admin'] as const) tokens[role] = (await api.userWithToken(role)).token;
    let nextUser = 556000;
    const routes: [string, string, (userId: number) => Omit<InjectOptions, 'method'>, number][] = [
      ['GET', '/api/bot-sandbox/status', () => ({ url: '/api/bot-sandbox/status' }), 200],
      ['GET', '/api/bot-sandbox/users', () => ({ url: '/api/bot-sandbox/users' }), 200],
      ['POST', '/api/bot-sandbox/users', (userId) => ({ url: '/api/bot-sandbox/users', payload: { userId, firstName: 'Matrix' } }), 201],
      ['PATCH', '/api/bot-sandbox/users/:userId', () => ({ url: '/api/bot-sandbox/users/555001', payload: { languageCode: 'de' } }), 200],
      ['GET', '/api/bot-sandbox/groups', () => ({ url: '/api/bot-sandbox/groups' }), 200],
      ['POST', '/api/bot-sandbox/messages', (userId) => ({ url: '/api/bot-sandbox/messages', payload: { userId, firstName: 'Matrix', text: '/help' } }), 200],
      ['POST', '/api/bot-sandbox/callback', (userId) => ({ url: '/api/bot-sandbox/callback', payload: { userId, chatId: userId, messageId: 1, data: 'x' } }), 400],
      ['GET', '/api/bot-sandbox/chats/:chatId/messages', () => ({ url: '/api/bot-sandbox/chats/555002/messages' }), 200],
      ['POST', '/api/bot-sandbox/groups/:groupId/members', (userId) => ({ url: `/api/bot-sandbox/groups/${group.id}/members`, payload: { userId } }), 200],
      ['DELETE', '/api/bot-sandbox/groups/:groupId/members', (userId) => ({ url: `/api/bot-sandbox/groups/${group.id}/members`, payload: { userId } }), 200],
      ['DELETE', '/api/bot-sandbox/groups/:groupId/members/:userId', (userId) => ({ url: `/api/bot-sandbox/groups/${group.id}/members/${userId}` }), 200],
      ['GET', '/api/bot-sandbox/places', () => ({ url: '/api/bot-sandbox/places?q=London' }), 200],
    ];
    const leaving = new Set(['DELETE']);
    for (const [method, name, request, allowed] of routes) {
      for (const actor of ACTORS) {
        // Leaving needs a member: the user joins first.
        if (leaving.has(method)) await post(`/api/bot-sandbox/groups/${group.id}/members`, { userId: nextUser + 1 });
        const response = await call(tokens[actor as Role], { method: method as InjectOptions['method'], ...request(++nextUser) });
        const expected = actor === 'anonymous' ? 401 : actor === 'viewer' ? 403 : allowed;
        t.equal(response.statusCode, expected, `${method} ${name} as ${actor}`);
      }
    }
  });
});

t.test('a bot that does not answer in time is a 504 with a clear message', async (t) => {
  const sim = await createTelegramSimulator();
  t.teardown(() => sim.close());
  const api = await createTestApp(t);
  // A bot that never polls: the update waits in the queue and the wait runs out.
  const idle = createBot({ sql: api.db.sql, token: sim.token, apiRoot: sim.apiRoot });
  const sandboxApi = await createTestApp(t, { db: api.db, sandbox: createBotSandbox(sim, idle, 150) });
  const { token } = await sandboxApi.userWithToken('editor');
  const response = await sandboxApi.call(token, { method: 'POST', url: '/api/bot-sandbox/messages', payload: { userId: 42, firstName: 'Eve', text: '/start' } });
  t.equal(response.statusCode, 504);
  t.strictSame(response.json(), {
    error: 'Gateway Timeout',
    message: 'The bot did not answer within 0 s; it may be stopped or overloaded. Try again in a moment.',
  });
});

t.test('with a real BOT_TOKEN the sandbox explains itself: status false, every other route 409', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('editor');
  const status = await call(token, { method: 'GET', url: '/api/bot-sandbox/status' });
  t.strictSame(status.json(), { available: false, reason: SANDBOX_UNAVAILABLE });
  t.equal(SANDBOX_UNAVAILABLE, 'The bot is connected to Telegram: the sandbox works only with the built-in simulator (no BOT_TOKEN)');

  const requests: InjectOptions[] = [
    { method: 'GET', url: '/api/bot-sandbox/users' },
    { method: 'POST', url: '/api/bot-sandbox/users', payload: { userId: 1, firstName: 'A' } },
    { method: 'GET', url: '/api/bot-sandbox/groups' },
    { method: 'POST', url: '/api/bot-sandbox/messages', payload: { userId: 1, text: '/start' } },
    { method: 'POST', url: '/api/bot-sandbox/messages', payload: { nonsense: true } },
    { method: 'POST', url: '/api/bot-sandbox/callback', payload: { userId: 1, chatId: 1, messageId: 1, data: 'x' } },
    { method: 'GET', url: '/api/bot-sandbox/chats/1/messages' },
    { method: 'POST', url: '/api/bot-sandbox/groups/-1/members', payload: { userId: 1 } },
    { method: 'DELETE', url: '/api/bot-sandbox/groups/-1/members', payload: { userId: 1 } },
    { method: 'DELETE', url: '/api/bot-sandbox/groups/-1/members/1' },
    { method: 'GET', url: '/api/bot-sandbox/places?q=London' },
  ];
  for (const request of requests) {
    const response = await call(token, request);
    t.equal(response.statusCode, 409, `${request.method} ${request.url}`);
    t.equal(response.json().message, SANDBOX_UNAVAILABLE);
  }
  const anonymous = await call(undefined, { method: 'GET', url: '/api/bot-sandbox/users' });
  t.equal(anonymous.statusCode, 401, 'signing in still comes first');
});
