import t from 'tap';
import { LEAVE_OUT_LINE } from '../../api/contract/message-templates.js';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, aWhitelistedAdmin, join, lastLog, leave, refusal, rendered, texts } from '../helpers/bot-fixtures.js';
import { updateSystemSettings } from '../../sql/settings.js';

const HOUR = 60 * 60 * 1000;
const h = await createBotHarness(t);
// The system's default daily limit is every served user's floor; at 1, each group's own limit shows.
await updateSystemSettings(h.sql, { defaultDailyLimit: 1 });
const group = await anAuthorizedGroup(h, { title: 'Clinic staff', dailyLimit: 5 });
// Contacts in Rome for the lookups below.
for (let index = 1; index <= 3; index += 1) await aContact(h.sql, { name: `Rome ${index}`, city: 'Rome', latitude: 41.9 + index / 100, longitude: 12.5 });
const ROME = { latitude: 41.9, longitude: 12.5 };

const membershipOf = async (userId: number, groupId = group.id) => {
  const [row] = await h.sql`SELECT * FROM user_memberships WHERE telegram_id = ${userId} AND group_id = ${groupId}`;
  return row;
};
const getChatMemberCalls = () => h.sim.stats().calls.getChatMember ?? 0;
const activeGroupCount = async () => (await h.sql`SELECT count(*)::int AS n FROM authorized_groups WHERE is_active`)[0]!.n as number;

t.test('a user in no authorized group is refused, with a WARN log', async (t) => {
  const stranger = aUser(h, { firstName: 'Stranger' });
  t.same(texts(await h.say(stranger.id, '/start')), [refusal(REFUSALS.accessDenied)]);
  t.same(texts(await h.locate(stranger.id, ROME.latitude, ROME.longitude)), [refusal(REFUSALS.accessDenied)]);
  t.match(await lastLog(h.sql, stranger.id), { level: 'WARN', message: 'Refused a user who is in no authorized group', command: 'location' });
  const [usage] = await h.sql`SELECT count(*)::int AS n FROM daily_usage WHERE telegram_id = ${stranger.id}`;
  t.equal(usage!.n, 0, 'nothing was counted');
});

t.test('joining a group lets a user in and stores the membership; leaving revokes it', async (t) => {
  const user = aUser(h, { firstName: 'Joiner' });
  t.same(texts(await h.say(user.id, '/start')), [refusal(REFUSALS.accessDenied)]);

  await join(h, group.id, user.id);
  const joinedAt = h.clock.now();
  t.match(await membershipOf(user.id), { membershipStatus: 'member', isActive: true, joinedAt, lastVerified: joinedAt });
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'chat_member', chatId: group.id, message: `Membership of ${user.id} is now member` });
  t.same(texts(await h.say(user.id, '/start')), [rendered('welcome', { first_name: 'Joiner', searches_left: '5 of 5 searches left today' })]);

  h.clock.advance(HOUR);
  await leave(h, group.id, user.id);
  t.match(await membershipOf(user.id), { membershipStatus: 'left', isActive: false, joinedAt, lastVerified: h.clock.now() });
  t.same(texts(await h.say(user.id, '/start')), [refusal(REFUSALS.accessDenied)]);
});

t.test('a member the bot never saw join is found with getChatMember and stored', async (t) => {
  const early = aUser(h, { firstName: 'Early' });
  const id = -1_009_999;
  h.sim.createGroup({ id, title: 'Older group', type: 'supergroup' });
  h.sim.addMember(id, early.id, 'creator');
  h.sim.addMember(id, aUser(h).id);
  await h.sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${id}, 'Older group', 2)`;
  t.teardown(() => h.sql`UPDATE authorized_groups SET is_active = false WHERE group_id = ${id}`);
  const added = h.sim.addBot(id, early.id, 'administrator');
  await h.handled(added!.update_id);

  const before = getChatMemberCalls();
  t.same(texts(await h.say(early.id, '/start')), [rendered('welcome', { first_name: 'Early', searches_left: '2 of 2 searches left today' })]);
  t.equal(getChatMemberCalls() - before, await activeGroupCount(), 'one check per active group');
  t.match(await membershipOf(early.id, id), { membershipStatus: 'creator', isActive: true, lastVerified: h.clock.now() });
  t.match(await membershipOf(early.id), { membershipStatus: 'left', isActive: false }, 'the other group said no, and that is stored too');
});

t.test('a stored membership is trusted for 24 hours, then checked again with getChatMember', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Trusted' });
  await h.say(user.id, '/start'); // checks (and stores) the groups the user is not in
  const before = getChatMemberCalls();
  h.clock.advance(23 * HOUR);
  t.same(texts(await h.say(user.id, '/start')), [rendered('welcome', { first_name: 'Trusted', searches_left: '5 of 5 searches left today' })]);
  t.equal(getChatMemberCalls(), before, 'no check within 24 hours');

  h.clock.advance(2 * HOUR);
  t.same(texts(await h.say(user.id, '/start')), [rendered('welcome', { first_name: 'Trusted', searches_left: '5 of 5 searches left today' })]);
  t.equal(getChatMemberCalls() - before, await activeGroupCount(), 'every stored answer older than 24 hours is checked again');
  t.match(await membershipOf(user.id), { isActive: true, lastVerified: h.clock.now() });
});

t.test('a stale membership the user has lost since is found out at the re-check', async (t) => {
  const user = aUser(h, { firstName: 'Gone' });
  // Stored as a member, though Telegram (the simulator) has never seen the user in the group.
  const now = h.clock.now();
  for (const { groupId } of await h.sql<{ groupId: number }[]>`SELECT group_id FROM authorized_groups WHERE is_active`) {
    await h.sql`INSERT INTO user_memberships (telegram_id, group_id, membership_status, joined_at, last_verified, is_active)
      VALUES (${user.id}, ${groupId}, ${groupId === group.id ? 'member' : 'left'}, ${now}, ${now}, ${groupId === group.id})`;
  }
  t.same(texts(await h.say(user.id, '/start')), [rendered('welcome', { first_name: 'Gone', searches_left: '5 of 5 searches left today' })], 'trusted for now');
  h.clock.advance(25 * HOUR);
  t.same(texts(await h.say(user.id, '/start')), [refusal(REFUSALS.accessDenied)]);
  t.match(await membershipOf(user.id), { membershipStatus: 'left', isActive: false });
});

t.test('a deactivated authorized group stops serving its members on their next message, and the bot stays for its return', async (t) => {
  const other = await anAuthorizedGroup(h, { dailyLimit: 4 });
  const user = await aMember(h, other.id, { firstName: 'Dana' });
  t.same(texts(await h.say(user.id, '/start')), [rendered('welcome', { first_name: 'Dana', searches_left: '4 of 4 searches left today' })]);
  await h.sql`UPDATE authorized_groups SET is_active = false WHERE group_id = ${other.id}`;
  t.same(texts(await h.say(user.id, '/start')), [refusal(REFUSALS.accessDenied)]);
  const inGroup = await h.locate(user.id, ROME.latitude, ROME.longitude, other.id);
  t.same(texts(inGroup), [refusal(REFUSALS.groupPaused)], 'in the group, the user is told the bot is paused there');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: `Refused a request in inactive authorized group ${other.title} (${other.id})`, chatId: other.id });
  t.equal(h.sim.listGroups().find((g) => g.id === other.id)!.botStatus, 'administrator', 'the bot stays in a group staff switched off');
  const notifications = await h.sql`SELECT 1 FROM notifications WHERE metadata->>'groupId' = ${String(other.id)}`;
  t.equal(notifications.length, 0, 'and raises no alarm: staff did it');
  const [usage] = await h.sql`SELECT count(*)::int AS n FROM daily_usage WHERE telegram_id = ${user.id}`;
  t.equal(usage!.n, 0, 'nothing was counted');

  await h.sql`UPDATE authorized_groups SET is_active = true WHERE group_id = ${other.id}`;
  const [answer] = texts(await h.locate(user.id, ROME.latitude, ROME.longitude, other.id));
  t.match(answer, /Medical contacts near Rome/, 'switched on again, the group is served without adding the bot back');

  await h.sql`DELETE FROM authorized_groups WHERE group_id = ${other.id}`;
  await h.locate(user.id, ROME.latitude, ROME.longitude, other.id);
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: `Bot added to unauthorized group ${other.title} (${other.id})` });
  t.equal(h.sim.listGroups().find((g) => g.id === other.id)!.botStatus, 'left', 'a deleted group is a stranger: the bot leaves');
});

t.test('whitelisted admins get in without a group and are never limited', async (t) => {
  const admin = await aWhitelistedAdmin(h, { firstName: 'Root' });
  t.same(texts(await h.say(admin.id, '/start')), [rendered('welcome', { first_name: 'Root', searches_left: LEAVE_OUT_LINE })]);
  for (let search = 1; search <= 6; search += 1) {
    const [answer] = texts(await h.locate(admin.id, ROME.latitude, ROME.longitude));
    t.match(answer, /^📍 <b>Medical contacts near Rome, Lazio, Italy<\/b>: 3\n\n/, `search ${search} answered`);
    t.notMatch(answer, 'Searches left today', 'without a count of searches left, which they do not have');
  }
  t.equal(getChatMemberCalls() >= 0 && (await h.sql`SELECT count(*)::int AS n FROM user_memberships WHERE telegram_id = ${admin.id}`)[0]!.n, 0, 'no membership check for them');
});

t.test('a user blocked by staff is refused, in private and in a group', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Blocked' });
  await h.say(user.id, '/start');
  await h.sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${user.id}`;
  t.same(texts(await h.say(user.id, '/start')), [refusal(REFUSALS.blocked)]);
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Refused a user blocked by staff' });
  t.same(texts(await h.locate(user.id, ROME.latitude, ROME.longitude, group.id)), [refusal(REFUSALS.blocked)]);
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Refused a user blocked by staff', chatId: group.id });
});

t.test('added to an unauthorized group, the bot logs a WARN, raises a notification and leaves', async (t) => {
  const owner = aUser(h, { firstName: 'Owner' });
  const id = -1_005_555;
  h.sim.createGroup({ id, title: 'Random <chat>', type: 'supergroup' });
  h.sim.addMember(id, owner.id, 'creator');
  const added = h.sim.addBot(id, owner.id);
  await h.handled(added!.update_id);
  const message = `Bot added to unauthorized group Random <chat> (${id})`;
  t.match(await lastLog(h.sql, owner.id), { level: 'WARN', message, chatId: id, command: 'my_chat_member' });
  const notifications = await h.sql`SELECT type, title, message, metadata FROM notifications WHERE message = ${message}`;
  t.match(notifications, [{ type: 'critical', title: 'Unauthorized group', message, metadata: { groupId: id, groupTitle: 'Random <chat>' } }]);
  t.equal(h.sim.listGroups().find((g) => g.id === id)!.botStatus, 'left');
  t.equal(h.sim.stats().calls.leaveChat! >= 1, true);
});

t.test('in an authorized group the bot answers, with that group\'s daily limit', async (t) => {
  const strict = await anAuthorizedGroup(h, { dailyLimit: 1 });
  const user = await aMember(h, strict.id, { firstName: 'Gail' });
  await join(h, group.id, user.id);
  t.same(texts(await h.say(user.id, '/start', strict.id)), [rendered('welcome', { first_name: 'Gail', searches_left: '1 of 1 search left today' })]);
  const [first] = texts(await h.locate(user.id, ROME.latitude, ROME.longitude, strict.id));
  t.match(first, rendered('location_result', { count: 3, city: 'Rome, Lazio, Italy', remaining: 0, daily_limit: 1 }));
  const [second] = texts(await h.locate(user.id, ROME.latitude, ROME.longitude, strict.id));
  t.match(second, /^⏳ Sorry, Gail, you have used today’s searches\. 0 of 1 search left today; the next in /);
  const [inPrivate] = texts(await h.locate(user.id, ROME.latitude, ROME.longitude));
  t.match(inPrivate, rendered('location_result', { count: 3, city: 'Rome, Lazio, Italy', remaining: 3, daily_limit: 5 }), 'in private the larger limit of the user\'s groups');
});
