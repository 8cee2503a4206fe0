import { Bot } from 'grammy';
import { run } from '@grammyjs/runner';
import t from 'tap';
import { FAKE_BOT } from '../../bench/fake-bot-api.js';
import { loadAnswered, loadAnswers, loadProgress, queueLoad, spawnFakeBotApi } from '../../bench/fake-bot-api-process.js';
import { until } from '../helpers/wait.js';

// The benchmark's fake Bot API (npm run bench, the framework ceiling) serves a bare grammY bot as
// Telegram would, so that the figure measured through it cannot rot silently.
const fake = await spawnFakeBotApi();
t.teardown(() => fake.close());

const call = async (method: string, init: RequestInit = {}) =>
  (await (await fetch(`${fake.url}/botwire-token/${method}`, init)).json()) as { ok: boolean; result?: unknown; error_code?: number };

t.test('a bare grammY runner bot long-polls a load and answers every location, after a getChatMember', async (t) => {
  const bot = new Bot('bare-token', { client: { apiRoot: fake.url } });
  const statuses: string[] = [];
  bot.on('message:location', async (ctx) => {
    statuses.push((await ctx.api.getChatMember(-100123, ctx.from.id)).status);
    await ctx.reply(`fixed ${ctx.message.location.latitude}`);
  });
  await bot.init();
  t.same(bot.botInfo, FAKE_BOT, 'getMe');
  const runner = run(bot);
  t.teardown(() => (runner.isRunning() ? runner.stop() : undefined));
  // The load arrives while a long poll is held open.
  await until(async () => (await loadProgress(fake.url, 'bare-token')).pollsWaiting > 0, 'the bot to hold a long poll open');
  const senders = [101, 102, 103];
  const points = Array.from({ length: 250 }, (_, index) => ({ latitude: index / 10, longitude: 10 }));
  await queueLoad(fake.url, { token: 'bare-token', senders, points, expectText: 'fixed' });
  const progress = await loadAnswered(fake.url, 'bare-token', 5000);
  t.match(progress, { queued: 250, answered: 250, answeredAsExpected: 250, unexpected: 0, samples: [], elapsedMs: Number });
  t.comment(`timed from queueing to the last answer: ${progress.elapsedMs} ms`);
  const answers = await loadAnswers(fake.url, 'bare-token');
  t.equal(answers.atMs.length, 250, 'each answer is listed');
  t.equal(answers.latencyMs.length, 250, 'with its latency');
  t.ok(answers.latencyMs.every((latency, index) => latency >= 0 && latency <= answers.atMs[index]!), 'no answer came before its update was handed out, nor before the load');
  t.equal(statuses.length, 250);
  t.ok(statuses.every((status) => status === 'member'), 'getChatMember answers "member"');
  await runner.stop();

  // A second load for the same bot counts afresh; an answer nobody waits for is counted apart.
  await queueLoad(fake.url, { token: 'bare-token', senders: [104], points: points.slice(0, 1), expectText: 'nothing like it' });
  await bot.api.sendMessage(104, 'an answer without the expected text');
  await bot.api.sendMessage(105, 'to a chat that asked nothing');
  const second = await loadAnswered(fake.url, 'bare-token', 1000);
  t.match(second, { queued: 1, answered: 1, answeredAsExpected: 0, unexpected: 1 });
  t.equal(second.samples.length, 2);
});

t.test('getUpdates takes offset, limit and timeout as Telegram does, from JSON and from forms', async (t) => {
  t.same(await call('getUpdates', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeout: 0.05 }) }), { ok: true, result: [] }, 'an empty long poll ends with nothing at its timeout');

  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const held = call('getUpdates', form({ limit: '100', timeout: '30' }));
  await until(async () => (await loadProgress(fake.url, 'wire-token')).pollsWaiting === 1, 'the empty long poll to be held open');
  const points = Array.from({ length: 150 }, () => ({ latitude: 1, longitude: 2 }));
  await queueLoad(fake.url, { token: 'wire-token', senders: [7], points, expectText: 'x' });
  const first = (await held).result as { update_id: number; message: { chat: { id: number }; location: unknown } }[];
  t.equal(first.length, 100, 'at most limit');
  t.same(first[0]!.message.chat.id, 7);
  t.same(first[0]!.message.location, { latitude: 1, longitude: 2 });
  const again = (await call('getUpdates?limit=5')).result as { update_id: number }[];
  t.equal(again[0]!.update_id, first[0]!.update_id, 'unconfirmed updates are sent again');
  const rest = (await call('getUpdates', form({ offset: String(first.at(-1)!.update_id + 1) }))).result as unknown[];
  t.equal(rest.length, 50, 'an offset confirms the updates below it');

  const sent = await call('sendMessage', form({ chat_id: '7', text: 'x marks it', reply_markup: '{"inline_keyboard":[]}' }));
  t.match(sent, { ok: true, result: { chat: { id: 7, type: 'private' }, text: 'x marks it', from: { id: FAKE_BOT.id } } });
  t.match(await call('sendMessage', form({ chat_id: '7', text: '' })), { ok: false, error_code: 400 });
  t.match(await call('noSuchMethod'), { ok: false, error_code: 404 });
  for (const method of ['deleteWebhook', 'setMyCommands', 'answerCallbackQuery', 'editMessageReplyMarkup', 'leaveChat']) {
    t.same(await call(method, { method: 'POST' }), { ok: true, result: true }, method);
  }
});
