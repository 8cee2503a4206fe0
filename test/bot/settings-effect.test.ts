import t from 'tap';
import { LEAVE_OUT_LINE } from '../../api/contract/message-templates.js';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { createBotHarness } from '../helpers/bot.js';
import { createTestApp } from '../helpers/app.js';
import { aMember, anAuthorizedGroup, aWhitelistedAdmin, refusal, rendered, texts } from '../helpers/bot-fixtures.js';

// The bot and the API on one database: a setting saved through the API applies to the bot's next update.
const h = await createBotHarness(t);
const { call, userWithToken } = await createTestApp(t, { db: h.db, clock: h.clock });
const admin = await userWithToken('admin');
const group = await anAuthorizedGroup(h, { dailyLimit: 3 });
const DEFAULTS = { dailyLimit: 3, maxResponseTime: 30, allowedGroups: String(group.id), maintenanceMode: false, autoBackup: true, logLevel: 'INFO', logRetentionDays: 90 };

async function save(changes: Partial<typeof DEFAULTS>) {
  const response = await call(admin.token, { method: 'PUT', url: '/api/system-settings', payload: { ...DEFAULTS, ...changes } });
  t.equal(response.statusCode, 200, `saved ${JSON.stringify(changes)}`);
}
const logCount = async (userId: number) => (await h.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bot_logs WHERE user_id = ${userId}`)[0]!.n;

t.test('maintenance mode on refuses non-whitelisted users at once; off serves them again', async (t) => {
  const member = await aMember(h, group.id, { firstName: 'Mia' });
  const whitelisted = await aWhitelistedAdmin(h, { firstName: 'Ops' });
  t.same(texts(await h.say(member.id, '/start')), [rendered('welcome', { first_name: 'Mia', searches_left: '3 of 3 searches left today' })], 'served before');

  await save({ maintenanceMode: true });
  t.same(texts(await h.say(member.id, '/start')), [refusal(REFUSALS.maintenance)], 'the very next message is refused');
  t.same(texts(await h.say(whitelisted.id, '/start')), [rendered('welcome', { first_name: 'Ops', searches_left: LEAVE_OUT_LINE })], 'whitelisted admins still served');

  await save({ maintenanceMode: false });
  t.same(texts(await h.say(member.id, '/start')), [rendered('welcome', { first_name: 'Mia', searches_left: '3 of 3 searches left today' })], 'served again at once');
});

t.test('log level WARN: INFO rows are no longer recorded, WARN rows still are; INFO again records them', async (t) => {
  const member = await aMember(h, group.id, { firstName: 'Lou' });
  await save({ logLevel: 'WARN' });
  const before = await logCount(member.id);
  await h.say(member.id, '/start');
  t.equal(await logCount(member.id), before, 'an answered /start (INFO) is not recorded');
  await h.say(member.id, '/nonsense');
  t.match(await h.sql`SELECT level, command FROM bot_logs WHERE user_id = ${member.id} ORDER BY id DESC LIMIT 1`, [{ level: 'WARN', command: '/nonsense' }]);
  t.equal(await logCount(member.id), before + 1, 'a WARN is');

  await save({ logLevel: 'ERROR' });
  await h.say(member.id, '/nonsense');
  t.equal(await logCount(member.id), before + 1, 'at ERROR, WARN rows are left out too');

  await save({ logLevel: 'INFO' });
  await h.say(member.id, '/start');
  t.match(await h.sql`SELECT level, command FROM bot_logs WHERE user_id = ${member.id} ORDER BY id DESC LIMIT 1`, [{ level: 'INFO', command: '/start' }]);
});

t.test('a group taken off the allowed groups is no longer served, at once', async (t) => {
  const member = await aMember(h, group.id, { firstName: 'Gus' });
  t.same(texts(await h.say(member.id, '/help')).length, 1);
  await save({ allowedGroups: '' });
  t.same(texts(await h.say(member.id, '/help')), [refusal(REFUSALS.accessDenied)], 'a member of no allowed group is refused');
  await save({ allowedGroups: String(group.id) });
  t.same(texts(await h.say(member.id, '/help')), [rendered('help', { first_name: 'Gus', searches_left: '3 of 3 searches left today' })]);
});

t.test('the default daily limit is every served user\'s at once; a group with a higher limit gives more', async (t) => {
  const member = await aMember(h, group.id, { firstName: 'Kim' });
  await save({ dailyLimit: 7 });
  t.same(texts(await h.say(member.id, '/help')), [rendered('help', { first_name: 'Kim', searches_left: '7 of 7 searches left today' })], 'raised on the next request');
  await save({ dailyLimit: 2 });
  t.same(texts(await h.say(member.id, '/help')), [rendered('help', { first_name: 'Kim', searches_left: '3 of 3 searches left today' })], 'the group allows more than the default');
  await save({ dailyLimit: 3 });
});
