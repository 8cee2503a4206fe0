import t from 'tap';
import { createBot } from '../../bot/create-bot.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { aContact, nextId, texts } from '../helpers/bot-fixtures.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';

// The bot reaches its database through a proxy the test drops; an update waits up to 10 s for it.
const RETRY_WINDOW_MS = 10_000;
const { direct, proxied, proxy } = await aProxiedDatabase(t);
await seedDefaultTemplates(direct.sql);
const sim = await createTelegramSimulator();
const medBot = createBot({ sql: proxied.sql, token: sim.token, apiRoot: sim.apiRoot, updateRetryWindowMs: RETRY_WINDOW_MS });
await medBot.start();
t.teardown(async () => {
  await proxy.restore();
  await medBot.stop();
  await sim.close();
});

const contact = await aContact(direct.sql, { name: 'Dr Carla', latitude: 41.91, longitude: 12.5, city: 'Rome', country: 'IT' });

t.test('a report press tried again after the database dropped with the report stored is thanked, not refused', async (t) => {
  const user = sim.upsertUser({ id: nextId(), first_name: 'Ria', language_code: 'en' });
  await direct.sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${user.id}, ${user.first_name}, 'test')`;
  const located = sim.sendLocation(user.id, { latitude: 41.9028, longitude: 12.4964 });
  await medBot.whenHandled(located.update_id, RETRY_WINDOW_MS);
  const answer = sim.botMessagesSince(user.id, 0).at(-1)!;
  const chose = sim.pressButton(user.id, user.id, answer.message_id, 'report');
  await medBot.whenHandled(chose.update_id, RETRY_WINDOW_MS);
  const choice = sim.botMessagesSince(user.id, answer.message_id).at(-1)!;
  const picked = sim.pressButton(user.id, user.id, choice.message_id, `report:${contact.id}`);
  await medBot.whenHandled(picked.update_id, RETRY_WINDOW_MS);

  // The report's transaction commits, but the database drops before its answer comes back.
  const dropped = proxy.dropAfter('INSERT INTO contact_reports', 'COMMIT');
  const press = sim.pressButton(user.id, user.id, choice.message_id, `report:${contact.id}:wrong_number`);
  await dropped;
  t.same(await direct.sql`SELECT update_id FROM contact_reports WHERE contact_id = ${contact.id}`, [{ updateId: press.update_id }], 'stored by the first attempt');
  await proxy.restore();
  await medBot.whenHandled(press.update_id, 3 * RETRY_WINDOW_MS);

  t.same(texts(sim.botMessagesSince(user.id, choice.message_id)), ['Thank you! We will check this contact.']);
  t.equal((await direct.sql`SELECT id FROM contact_reports WHERE contact_id = ${contact.id}`).length, 1);
  t.equal((await direct.sql`SELECT id FROM notifications WHERE kind = 'contact_reported'`).length, 1, 'one notification');

});
