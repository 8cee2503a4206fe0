import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, logsOf, rendered, texts } from '../helpers/bot-fixtures.js';
import { updateSystemSettings } from '../../sql/settings.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { title: 'Clinic volunteers', dailyLimit: 20 });
const bot = h.sim.botInfo;
const LYON = { latitude: 45.764, longitude: 4.8357 };
await aContact(h.sql, { name: 'Lyon GP', latitude: LYON.latitude + 0.01, longitude: LYON.longitude, city: 'Lyon', country: 'FR' });

/** What a text in the group brings: the bot's replies, and the update's log rows when the log level keeps them. */
async function inGroup(userId: number, text: string, replyToMessageId?: number) {
  const before = h.sim.messages(group.id).at(-1)?.message_id ?? 0;
  const delivery = h.sim.sendText(userId, text, { chatId: group.id, ...(replyToMessageId !== undefined && { replyToMessageId }) });
  await h.handled(delivery.update_id);
  return { replies: h.sim.botMessagesSince(group.id, before), logs: await logsOf(h.sql, delivery.update_id) };
}

t.test("the group's talk, and commands for other bots, get no reply", async (t) => {
  const user = await aMember(h, group.id);
  for (const text of ['hello everyone, how are you?', 'ok thanks!', 'Paris', '/help@other_bot', '/find@other_bot dentist Lyon']) {
    const { replies, logs } = await inGroup(user.id, text);
    t.same(texts(replies), [], `"${text}": no reply`);
    t.same(logs, [], 'and no log row at the default level (DEBUG is not kept)');
  }

  await updateSystemSettings(h.sql, { logLevel: 'DEBUG' });
  t.teardown(() => updateSystemSettings(h.sql, { logLevel: 'INFO' }));
  const { logs } = await inGroup(user.id, 'see you tomorrow');
  t.match(logs, [{ level: 'DEBUG', message: 'Left group talk not meant for the bot', chatId: group.id }], 'at DEBUG it is logged once');
});

t.test('what is meant for the bot in a group is answered: its commands, a reply to it, its @name, a location', async (t) => {
  const user = await aMember(h, group.id);
  const help = rendered('help', { searches_left: '20 of 20 searches left today' });
  t.same(texts((await inGroup(user.id, '/help')).replies), [help], 'a command for every bot');
  t.same(texts((await inGroup(user.id, `/help@${bot.username}`)).replies), [help], 'a command addressed to it');

  const { replies: named } = await inGroup(user.id, `@${bot.username} Lyon`);
  t.same(texts(named), [rendered('location_confirmation', { city: 'Lyon, Auvergne-Rhône-Alpes, France' })], 'text that names it, without the name');

  const { replies: replied } = await inGroup(user.id, 'Lyon', named[0]!.message_id);
  t.same(texts(replied), [rendered('location_confirmation', { city: 'Lyon, Auvergne-Rhône-Alpes, France' })], 'a reply to its message');

  const located = texts(await h.locate(user.id, LYON.latitude, LYON.longitude, group.id));
  t.match(located[0], 'Lyon GP', 'a location');
});
