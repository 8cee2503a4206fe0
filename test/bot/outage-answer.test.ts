import { setTimeout as sleep } from 'node:timers/promises';
import { LEAVE_OUT_LINE } from '../../api/contract/message-templates.js';
import t from 'tap';
import { createBot } from '../../bot/create-bot.js';
import { seedDefaultTemplates, unavailableText } from '../../bot/replies/default-templates.js';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { logsOf, nextId, rendered, texts } from '../helpers/bot-fixtures.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';
import { createTestClock } from '../helpers/clock.js';

// The bot reaches its database through a proxy the test cuts, and waits at most 3 s for it to come back: 3 s of a
// clock the test moves.
const RETRY_WINDOW_MS = 3000;
const clock = createTestClock();
const { direct, proxied, proxy } = await aProxiedDatabase(t);
await seedDefaultTemplates(direct.sql);
const sim = await createTelegramSimulator();
const medBot = createBot({ sql: proxied.sql, token: sim.token, apiRoot: sim.apiRoot, clock, updateRetryWindowMs: RETRY_WINDOW_MS });
await medBot.start();
// Teardowns run last first: the bot stops (and writes its last rows) before the database closes.
t.teardown(async () => {
  await proxy.restore();
  await medBot.stop();
  await sim.close();
});

/**
 * Cuts the database off, and lets the client see its idle connection reset. (A query sent in the same
 * instant as the reset leaves postgres.js connecting until its connect timeout, 3 s, which would blur what
 * these tests measure.)
 */
async function cutDatabase() {
  await proxy.refuse();
  await sleep(300);
}

/**
 * Moves the clock from one wait of the bot to the next until it has handled the update: the log recorder's
 * flush timer is always set, the update's next try is the second timer.
 */
async function driveUntilHandled(updateId: number): Promise<void> {
  let handled = false;
  const handling = medBot.whenHandled(updateId, 60_000).then(() => (handled = true));
  while (!handled) {
    await Promise.race([handling, clock.untilTimers(2)]);
    if (!handled) clock.advanceToNextTimer();
  }
}

/** A whitelisted user (no group needed) whose Telegram reports the language given. */
async function aUser(languageCode: string) {
  const user = sim.upsertUser({ id: nextId(), first_name: 'Ute', language_code: languageCode });
  await direct.sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${user.id}, ${user.first_name}, 'test')`;
  return user;
}

t.test('an update the database stays away for is answered "temporarily unavailable" in the user\'s language, and logged once it is back', async (t) => {
  const ute = await aUser('de');
  await cutDatabase();
  const delivery = sim.sendText(ute.id, '/start');
  await driveUntilHandled(delivery.update_id);
  t.same(texts(sim.botMessagesSince(ute.id, 0)), [unavailableText('de')]);
  t.match(unavailableText('de'), /vorübergehend nicht verfügbar/);
  t.equal(unavailableText('pt-br'), 'O serviço está temporariamente indisponível, tente novamente em um minuto.', 'a regional code in its language');
  t.equal(unavailableText('ja'), 'The service is temporarily unavailable, please try again in a minute.', 'English where the language is not known');

  await medBot.recorder.flush();
  t.same(await logsOf(direct.sql, delivery.update_id), [], 'not logged while the database is away');
  await proxy.restore();
  await medBot.recorder.flush();
  t.match(await logsOf(direct.sql, delivery.update_id), [
    { level: 'ERROR', message: 'Answered that the service is temporarily unavailable', command: '/start', userId: ute.id, errorMessage: /ECONNREFUSED|CONNECTION|timeout/ },
  ]);
  const [claim] = await direct.sql<{ answered: boolean }[]>`
    SELECT answered_at IS NOT NULL AS answered FROM processed_updates WHERE update_id = ${delivery.update_id}`;
  t.same(claim, { answered: true }, 'recorded as answered, so a redelivery is not answered again');
});

t.test('an update the database comes back for within the window gets its real answer', async (t) => {
  const ivo = await aUser('en');
  await cutDatabase();
  const delivery = sim.sendText(ivo.id, '/start');
  // A third of the window passes (the update is tried again meanwhile) before the database is back.
  await clock.untilTimers(2);
  clock.advance(RETRY_WINDOW_MS / 3);
  await proxy.restore();
  await driveUntilHandled(delivery.update_id);
  t.same(texts(sim.botMessagesSince(ivo.id, 0)), [rendered('welcome', { first_name: 'Ute', searches_left: LEAVE_OUT_LINE })]);
  await medBot.recorder.flush();
  t.match(await logsOf(direct.sql, delivery.update_id), [{ level: 'INFO', command: '/start' }]);
});
