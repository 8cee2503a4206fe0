import t from 'tap';
import { LEAVE_OUT_LINE } from '../../api/contract/message-templates.js';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, aWhitelistedAdmin, join, lastLog, refusal, rendered, texts, withSettings } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 3 });
await aContact(h.sql, { name: 'Vienna GP', latitude: 48.21, longitude: 16.37, city: 'Vienna' });

t.test('maintenance mode refuses users but not whitelisted admins; switching it off works at once', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Mia' });
  const admin = await aWhitelistedAdmin(h, { firstName: 'Ops' });
  await withSettings(t, h.sql, { maintenanceMode: true });

  t.same(texts(await h.say(user.id, '/start')), [refusal(REFUSALS.maintenance)]);
  t.equal(refusal(REFUSALS.maintenance), '⚠️ The bot is down for maintenance. Please try again a little later.');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Refused during maintenance', command: '/start' });
  t.same(texts(await h.locate(user.id, 48.2, 16.37)), [refusal(REFUSALS.maintenance)]);
  t.same(texts(await h.say(user.id, '/start', group.id)), [refusal(REFUSALS.maintenance)], 'in the group too');
  t.same(await h.sql`SELECT used FROM daily_usage WHERE telegram_id = ${user.id}`, [], 'nothing was counted');

  t.same(texts(await h.say(admin.id, '/start')), [rendered('welcome', { first_name: 'Ops', searches_left: LEAVE_OUT_LINE })]);
  t.match(texts(await h.locate(admin.id, 48.2, 16.37))[0], /<b>1\. Vienna GP<\/b>/);

  await h.sql`UPDATE system_settings SET maintenance_mode = false`;
  t.same(texts(await h.say(user.id, '/start')), [rendered('welcome', { first_name: 'Mia', searches_left: '3 of 3 searches left today' })]);
});

t.test('a stranger during maintenance is told about maintenance or access, never left without an answer', async (t) => {
  await withSettings(t, h.sql, { maintenanceMode: true });
  const stranger = aUser(h);
  const replies = texts(await h.say(stranger.id, '/start'));
  t.equal(replies.length, 1);
  t.ok([refusal(REFUSALS.accessDenied), refusal(REFUSALS.maintenance)].includes(replies[0]!));
});

t.test('during maintenance, membership changes are still recorded and the group is not told about maintenance', async (t) => {
  await withSettings(t, h.sql, { maintenanceMode: true });
  const user = aUser(h, { firstName: 'Newcomer' });
  const before = h.sim.messages(group.id).length;
  await join(h, group.id, user.id);
  const [membership] = await h.sql`SELECT membership_status, is_active FROM user_memberships WHERE telegram_id = ${user.id} AND group_id = ${group.id}`;
  t.match(membership, { membershipStatus: 'member', isActive: true });
  t.equal(h.sim.messages(group.id).length, before, 'the bot said nothing in the group');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'chat_member' });
});
