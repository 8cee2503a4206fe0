import t from 'tap';
import { PollingRefusedError } from '../../bot/create-bot.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, texts } from '../helpers/bot-fixtures.js';
import { until } from '../helpers/wait.js';

/*
 * Telegram stops long polling with a 409 when another process polls with the same token (two containers
 * for a moment during a rolling deploy) or a webhook is set, and with a 401 when the token is revoked.
 * grammY's runner does not retry those; its rejected task used to end the whole process, console included,
 * without writing the buffered logs. The bot now says why, reports itself failed, and polls again after a pause.
 */
const errors: unknown[] = [];
const h = await createBotHarness(t, { onError: (error) => errors.push(error), pollingRetryMs: { first: 200, max: 400 }, handMovedTimers: true });
const group = await anAuthorizedGroup(h, { dailyLimit: 5 });
await aContact(h.sql, { name: 'Dr Polling', city: 'London', latitude: 51.5072, longitude: -0.1276 });

const refusals = () => errors.filter((error): error is PollingRefusedError => error instanceof PollingRefusedError);


t.test('a 409 on getUpdates: said in a sentence, failed meanwhile, polling again after the pause, nothing lost', async (t) => {
  const connection: [boolean, string | undefined][] = [];
  h.medBot.events.on('connection', (connected: boolean, failure?: string) => connection.push([connected, failure]));
  const printed: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void printed.push(args);
  t.teardown(() => void (console.error = consoleError));
  const conflict = { error_code: 409, description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' };
  const user = await aMember(h, group.id, { firstName: 'Polly' });
  h.sim.failNext('getUpdates', conflict, 3);
  // The poll under way takes this one; the next three polls are refused.
  t.equal(texts(await h.locate(user.id, 51.5072, -0.1276)).length, 1, 'answered before the conflict');
  await until(() => refusals().length === 1, 'the first refusal');
  t.match(
    h.medBot.status(),
    { state: 'failed', problem: 'The bot stopped receiving updates: another process polls Telegram with this BOT_TOKEN, or a webhook is set for it' },
    'the bot reports itself failed, and why, while it waits',
  );
  t.equal(
    refusals()[0]!.message,
    'The bot stopped receiving updates: another process polls Telegram with this BOT_TOKEN, or a webhook is set for it (409: Conflict: terminated by other getUpdates request; make sure that only one bot instance is running). It asks again in 0 s; the console keeps running.',
  );
  h.clock.advance(200);
  await until(() => refusals().length === 2, 'the second refusal');
  h.clock.advance(400);
  await until(() => refusals().length === 3, 'three refusals');
  h.clock.advance(400);
  t.strictSame(
    refusals().map((refusal) => refusal.retryInMs),
    [200, 400, 400],
    'each pause twice the last, up to the longest',
  );

  const replies = texts(await h.locate(user.id, 51.5072, -0.1276));
  t.equal(replies.length, 1, 'an update sent after the refusals is answered, once');
  t.match(replies[0], /Dr Polling/);
  t.match(h.medBot.status(), { state: 'running', connected: true, problem: null });
  t.strictSame(
    connection,
    [
      [false, `409: ${conflict.description}`],
      [true, undefined],
    ],
    'one "disconnected", with why, then one "reconnected"',
  );
  t.strictSame(printed, [], "nothing printed raw to stderr (grammY runner's own messages), among the JSON log lines");
  t.equal(refusals().length, 3, 'no refusal more');
});

t.test('an update sent while polling is refused is answered once polling is back: nothing lost, nothing twice', async (t) => {
  errors.length = 0;
  const user = await aMember(h, group.id, { firstName: 'Paused' });
  h.sim.failNext('getUpdates', { error_code: 409, description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' }, 1);
  // The poll under way takes this one; the next is refused.
  t.equal(texts(await h.locate(user.id, 51.5072, -0.1276)).length, 1);
  await until(() => refusals().length === 1, 'the refusal');
  t.equal(h.medBot.status().state, 'failed', 'sent during the pause');
  const answered = h.locate(user.id, 51.5072, -0.1276);
  h.clock.advance(200);
  const replies = texts(await answered);
  t.equal(replies.length, 1, 'answered once, after the pause');
  t.match(replies[0], /Dr Polling/);
  await h.medBot.recorder.flush();
  const [usage] = await h.sql<{ used: number }[]>`SELECT coalesce(sum(used), 0)::int AS used FROM daily_usage WHERE telegram_id = ${user.id}`;
  t.equal(usage!.used, 2, 'two searches, two daily requests');
  const [logged] = await h.sql<{ rows: number }[]>`SELECT count(*)::int AS rows FROM bot_logs WHERE user_id = ${user.id} AND command = 'location'`;
  t.equal(logged!.rows, 2, 'a log row for each, none twice');
  t.equal(h.sim.botMessagesSince(user.id, 0).length, 2, 'two answers in the chat, no more');
});

t.test('a revoked token (401) names BOT_TOKEN; a stop during the pause starts nothing again', async (t) => {
  errors.length = 0;
  const user = await aMember(h, group.id, { firstName: 'Rev' });
  h.sim.failNext('getUpdates', { error_code: 401, description: 'Unauthorized' }, 1);
  await h.locate(user.id, 51.5072, -0.1276);
  await until(() => refusals().length === 1, 'the refusal');
  t.match(refusals()[0]!.message, "Telegram no longer accepts BOT_TOKEN: copy the bot's current token from @BotFather (401: Unauthorized)");
  await h.medBot.stop();
  t.equal(h.medBot.status().state, 'stopped');
  const polls = h.sim.stats().calls.getUpdates;
  t.equal(h.clock.pendingTimers(), 0, 'no pause left to end');
  h.clock.advance(400);
  t.equal(h.sim.stats().calls.getUpdates, polls, 'stopped, the bot does not poll again');
  t.equal(h.medBot.status().state, 'stopped');
});
