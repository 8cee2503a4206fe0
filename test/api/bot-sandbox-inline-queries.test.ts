import t from 'tap';
import type { SandboxInlineAnswer, SandboxInlineChoice, SandboxMessage } from '../../api/contract/bot-sandbox.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { anAuthorizedGroup, createSandboxApp } from '../helpers/sandbox.js';

const LYON = { latitude: 45.764, longitude: 4.8357 };
const CARD = [
  '<b>Dentist Lumière</b> · Dentistry',
  '🟢 Open 24/7',
  '📞 +33 4 78 00 00 01 · 🧭 <a href="https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=45.764%2C4.8357%3B45.774%2C4.8357">Route</a>',
  '📍 in Lyon · 🗣 ✅ English',
  '⚠ Not checked yet',
].join('\n');

t.test('in the sandbox a user types @bot dentist, sees the results and posts one into the chat via the bot', async (t) => {
  const api = await createSandboxApp(t);
  const { bot } = api;
  const editor = (await api.userWithToken('editor')).token;
  const group = await anAuthorizedGroup({ sql: bot.sql, sim: bot.sim, handled: bot.handled }, { title: 'Lyon Clinics' });
  await aContact(bot.sql, { name: 'Dentist Lumière', specialty: 'Dentistry', phone: '+33 4 78 00 00 01', availableHours: '24/7', city: 'Lyon', country: 'FR', latitude: 45.774, longitude: 4.8357 });
  await aContact(bot.sql, { name: 'Cardio Rhône', specialty: 'Cardiology', city: 'Lyon', country: 'FR', latitude: 45.784, longitude: 4.8357 });
  const post = (url: string, payload: object, token = editor) => api.call(token, { method: 'POST', url, payload });
  const ask = async (payload: object) => {
    const response = await post('/api/bot-sandbox/inline-queries', payload);
    t.equal(response.statusCode, 200, JSON.stringify(response.json()));
    return response.json() as SandboxInlineAnswer;
  };

  const user = 557001;
  t.equal((await post(`/api/bot-sandbox/groups/${group.id}/members`, { userId: user })).statusCode, 200);
  await bot.handled((await post('/api/bot-sandbox/messages', { userId: user, firstName: 'Ada', text: '/start' })).json().updateId);

  const before = await ask({ userId: user, query: 'dentist' });
  t.strictSame(before, {
    inlineQueryId: before.inlineQueryId,
    query: 'dentist',
    location: null,
    answered: true,
    results: [],
    button: { text: 'Share your location with the bot first', startParameter: 'inline' },
  }, 'no location shared and no search yet: the bot asks for one');

  await post('/api/bot-sandbox/messages', { userId: user, location: LYON });
  const answer = await ask({ userId: user, query: 'dentist' });
  t.strictSame(answer, {
    inlineQueryId: answer.inlineQueryId,
    query: 'dentist',
    location: LYON,
    answered: true,
    results: [{ id: answer.results[0]?.id, title: 'Dentist Lumière', description: 'Dentistry · 1.1 km' }],
    button: null,
  }, 'with the location the user last shared');
  const all = await ask({ userId: user, query: '', chatId: group.id });
  t.same(all.results.map((result) => result.title), ['Dentist Lumière', 'Cardio Rhône'], '@bot alone, typed in the group: every specialty');
  t.same((await ask({ userId: user, query: 'orthodontics' })).results, [], 'nothing nearby: no results');

  const chose = await post(`/api/bot-sandbox/inline-queries/${answer.inlineQueryId}/choice`, { userId: user, resultId: answer.results[0]!.id });
  t.equal(chose.statusCode, 200);
  const choice = chose.json() as SandboxInlineChoice;
  t.match(choice, { chatId: user, replies: [], message: { from: { id: user, isBot: false, firstName: 'Ada' }, text: CARD, html: true, viaBot: 'simulated_bot' } });
  const history = (await api.call(editor, { method: 'GET', url: `/api/bot-sandbox/chats/${user}/messages` })).json() as SandboxMessage[];
  t.match(history.at(-1), { messageId: choice.message.messageId, text: CARD, viaBot: 'simulated_bot' }, 'the card stands in the chat; the bot leaves its own card alone');

  const inGroup = await post(`/api/bot-sandbox/inline-queries/${all.inlineQueryId}/choice`, { userId: user, chatId: group.id, resultId: all.results[1]!.id });
  t.match(inGroup.json(), { chatId: group.id, replies: [], message: { chatId: group.id, viaBot: 'simulated_bot', text: /^<b>Cardio Rhône<\/b> · Cardiology/ } });
  t.equal(bot.sim.stats().calls.sendMessage ?? 0, 2, 'only the welcome and the location answer: no reply to the posted cards');
});

t.test('the sandbox refuses what Telegram would not do, naming the field', async (t) => {
  const api = await createSandboxApp(t);
  const editor = (await api.userWithToken('editor')).token;
  const viewer = (await api.userWithToken('viewer')).token;
  const post = (url: string, payload: object, token = editor) => api.call(token, { method: 'POST', url, payload });
  api.bot.sim.upsertUser({ id: 557101, first_name: 'Bo' });

  const long = await post('/api/bot-sandbox/inline-queries', { userId: 557101, query: 'x'.repeat(257) });
  t.equal(long.statusCode, 400);
  t.match(long.json(), { fields: { query: 'Query can be at most 256 characters. Shorten it.' } });
  const noUser = await post('/api/bot-sandbox/inline-queries', { query: 'dentist' });
  t.match(noUser.json(), { fields: { userId: /User ID must be a Telegram user ID/ } });
  const noResult = await post('/api/bot-sandbox/inline-queries/1/choice', { userId: 557101 });
  t.equal(noResult.statusCode, 400);
  t.match(noResult.json(), { fields: { resultId: 'Result ID must be the ID of one of the results the bot answered with.' } });
  const badId = await post('/api/bot-sandbox/inline-queries/abc/choice', { userId: 557101, resultId: '1' });
  t.match(badId.json(), { fields: { inlineQueryId: /Inline query ID must be/ } });
  const unknown = await post('/api/bot-sandbox/inline-queries/999/choice', { userId: 557101, resultId: '1' });
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { message: 'User 557101 sent no inline query 999' });
  const notMember = await post('/api/bot-sandbox/inline-queries', { userId: 557101, chatId: -42, query: '' });
  t.equal(notMember.statusCode, 400);
  t.match(notMember.json(), { message: 'Unknown chat -42: a user types in their private chat (ID 557101) or a group' });
  t.equal((await post('/api/bot-sandbox/inline-queries', { userId: 557101, query: '' }, viewer)).statusCode, 403, 'the sandbox’s permission');
});
