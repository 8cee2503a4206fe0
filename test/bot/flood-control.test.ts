import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, texts } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 5 });
await aContact(h.sql, { name: 'Dr Patient', city: 'London', latitude: 51.5072, longitude: -0.1276 });

const usedBy = async (telegramId: number) =>
  (await h.sql<{ used: number }[]>`SELECT coalesce(sum(used), 0)::int AS used FROM daily_usage WHERE telegram_id = ${telegramId}`)[0]!.used;

t.test('an answer Telegram holds back with flood control is sent again when Telegram allows, once', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Flo' });
  // @grammyjs/auto-retry waits retry_after seconds on the real timers, which cannot be injected: Telegram allows it at once here.
  h.sim.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 0', parameters: { retry_after: 0 } }, 2);
  const sent = () => h.sim.stats().calls.sendMessage ?? 0;
  const before = sent();
  const replies = texts(await h.locate(user.id, 51.5072, -0.1276));
  t.equal(replies.length, 1, 'one answer');
  t.match(replies[0], /Dr Patient/, 'with the contacts, not an error');
  t.equal(sent() - before, 3, 'sent a third time, after the two refusals');
  t.equal(await usedBy(user.id), 1, 'one daily request');
  await h.medBot.recorder.flush();
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'location', message: /^Answered a location/ });
});

t.test('a flood wait longer than ten seconds is not waited for: the answer fails and its request is given back', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Long' });
  h.sim.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 60', parameters: { retry_after: 60 } }, 2);
  await h.locate(user.id, 51.5072, -0.1276);
  await h.medBot.recorder.flush();
  t.match(await lastLog(h.sql, user.id), { level: 'ERROR', message: 'Failed to answer', errorMessage: /Too Many Requests/ });
  t.equal(await usedBy(user.id), 0);
});
