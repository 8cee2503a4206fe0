import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aMember, anAuthorizedGroup, aWhitelistedAdmin, texts } from '../helpers/bot-fixtures.js';
import { FLOOD_CONTROL } from '../../bot/middleware/flood-control.js';
import { sample, someMetrics } from '../helpers/metrics.js';

const dropped: { userId: number; chatId: number | null }[] = [];
const metrics = someMetrics();
const h = await createBotHarness(t, { metrics, floodControl: { ...FLOOD_CONTROL, onDropped: (update) => dropped.push(update) } });
const group = await anAuthorizedGroup(h);

const floodRows = (column: 'user_id' | 'chat_id', id: number) =>
  h.sql`SELECT level, message, command, user_id, chat_id FROM bot_logs WHERE ${h.sql(column)} = ${id} AND message = 'Too many messages'`;

t.test('forty messages at once from one user get five answers and one WARN row; others are answered meanwhile', async (t) => {
  dropped.length = 0;
  // A whitelisted admin is no exception: a flood is a flood.
  const flooder = await aWhitelistedAdmin(h, { firstName: 'Flood' });
  const calm = await aMember(h, group.id, { firstName: 'Calm' });
  const droppedBefore = (await sample(metrics, 'medcontacts_bot_updates_total{outcome="dropped"}')) ?? 0;
  const flood = Array.from({ length: 40 }, () => h.sim.sendText(flooder.id, '/help'));
  t.equal((await h.say(calm.id, '/help')).length, 1, 'another user is answered at once');
  for (const delivery of flood) await h.handled(delivery.update_id);
  const answers = texts(h.sim.botMessagesSince(flooder.id, 0));
  t.equal(answers.length, 5, 'the burst of five, with no time passed for a refill');
  t.strictSame([...(await floodRows('user_id', flooder.id))], [{ level: 'WARN', message: 'Too many messages', command: '/help', userId: flooder.id, chatId: flooder.id }]);
  t.equal(dropped.length, 35, 'each dropped update is counted');
  t.equal(await sample(metrics, 'medcontacts_bot_updates_total{outcome="dropped"}'), droppedBefore + 35, 'and in the metrics, as dropped');
  t.strictSame(dropped[0], { userId: flooder.id, chatId: flooder.id });

  t.strictSame(texts(await h.say(flooder.id, '/help')), [], 'still nothing while no time has passed');
  h.clock.advance(1000);
  t.strictSame(texts(await h.say(flooder.id, '/help')), [answers[0]], 'a second later: one more answer');
  t.equal((await floodRows('user_id', flooder.id)).length, 1, 'the same flood: no second row');
});

t.test('a flood that ended and starts again is logged again', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Twice' });
  for (let i = 0; i < 6; i += 1) await h.say(user.id, '/help');
  h.clock.advance(5000);
  for (let i = 0; i < 6; i += 1) await h.say(user.id, '/help');
  t.equal((await floodRows('user_id', user.id)).length, 2);
});

t.test('a group chat shares one bucket among its members', async (t) => {
  const members = [];
  for (let i = 0; i < 7; i += 1) members.push(await aMember(h, group.id, { firstName: `Member${i}` }));
  const before = h.sim.messages(group.id).at(-1)?.message_id ?? 0;
  const sent = members.map((member) => h.sim.sendText(member.id, '/help', { chatId: group.id }));
  for (const delivery of sent) await h.handled(delivery.update_id);
  t.equal(h.sim.botMessagesSince(group.id, before).length, 5);
  const rows = await floodRows('chat_id', group.id);
  t.equal(rows.length, 1);
  t.equal(rows[0]!.chatId, group.id);
});
