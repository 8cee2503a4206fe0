import t from 'tap';
import { REFUSAL_REASONS } from '../../api/contract/bot-access.js';
import type { DailyUsage, TelegramUserDetail, UserMembership } from '../../api/contract/bot-users.js';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { DAILY_LIMIT_REFUSAL } from '../../bot/answering/answer.js';
import { aMember, anAuthorizedGroup, aUser, lastLog, leave, refusal, texts, withSettings } from '../helpers/bot-fixtures.js';
import { aContactAt, createSandboxApp } from '../helpers/sandbox.js';

const PARIS = { latitude: 48.8566, longitude: 2.3522 };

/**
 * The Bot Users details say what the bot does: each case first asks the real bot (through the
 * Telegram simulator), then reads the details the console shows of the same user.
 */
t.test('Daily Usage and Group Memberships agree with the bot', async (t) => {
  const api = await createSandboxApp(t);
  const { bot, call } = api;
  const viewer = (await api.userWithToken('viewer')).token;
  const admin = (await api.userWithToken('admin')).token;
  const paris = await anAuthorizedGroup(bot, { title: 'Paris Clinics', dailyLimit: 2 });
  await anAuthorizedGroup(bot, { title: 'Lyon Clinics' });
  await anAuthorizedGroup(bot, { title: 'Nice Clinics' });
  await aContactAt(bot.sql, { name: 'Dr Amélie Laurent', city: 'Paris', country: 'FR', ...PARIS });

  const usage = async (userId: number) => {
    const response = await call(viewer, { method: 'GET', url: `/api/daily-usage?userId=${userId}` });
    t.equal(response.statusCode, 200);
    return response.json() as DailyUsage;
  };
  const memberships = async (userId: number) => {
    const response = await call(viewer, { method: 'GET', url: `/api/user-memberships?userId=${userId}` });
    t.equal(response.statusCode, 200);
    return response.json() as UserMembership[];
  };

  t.test('a user in no authorized group: refused by the bot, No access with the reason, no memberships', async (t) => {
    const outsider = aUser(bot, { firstName: 'Olga' });
    t.strictSame(texts(await bot.say(outsider.id, '/start')), [refusal(REFUSALS.accessDenied)], 'the bot refuses');
    const checked = await bot.sql`SELECT membership_status, is_active FROM user_memberships WHERE telegram_id = ${outsider.id}`;
    t.equal(checked.length, 3, 'the bot stored Telegram\'s answer for each of the three groups');
    t.ok(checked.every((row) => row.membershipStatus === 'left' && !row.isActive), 'each says "left": not a member');

    t.match(await usage(outsider.id), { used: 0, remaining: 0, limit: 3, allowed: false, refusal: 'notAMember', reason: REFUSAL_REASONS.notAMember });
    t.strictSame(await memberships(outsider.id), [], 'answers about groups never joined are not memberships');
  });

  t.test('a member: answered by the bot, Allowed with what is left', async (t) => {
    const member = await aMember(bot, paris.id, { firstName: 'Marie' });
    const answer = await bot.locate(member.id, PARIS.latitude, PARIS.longitude);
    t.match(answer[0]?.text, /Dr Amélie Laurent|contacts/, 'the bot answers the location');
    t.match(await usage(member.id), { used: 1, remaining: 2, limit: 3, allowed: true, refusal: null, reason: null }, 'the default 3 is more than the group\'s 2');
    t.match(await memberships(member.id), [{ groupName: 'Paris Clinics', membershipStatus: 'member', isActive: true }]);
    t.equal((await memberships(member.id)).length, 1, 'only the group they are in');

    await bot.locate(member.id, PARIS.latitude, PARIS.longitude);
    await bot.locate(member.id, PARIS.latitude, PARIS.longitude);
    await bot.locate(member.id, PARIS.latitude, PARIS.longitude);
    t.match(await lastLog(bot.sql, member.id), { level: 'WARN', message: DAILY_LIMIT_REFUSAL }, 'the bot refuses the fourth');
    t.match(await usage(member.id), { used: 3, remaining: 0, limit: 3, allowed: false, refusal: 'dailyLimit', reason: REFUSAL_REASONS.dailyLimit }, 'the limit reached: refused, not blocked');
  });

  t.test('a member who left: refused by the bot, No access, the group listed as left', async (t) => {
    const member = await aMember(bot, paris.id, { firstName: 'Léa' });
    await leave(bot, paris.id, member.id);
    t.strictSame(texts(await bot.say(member.id, '/help')), [refusal(REFUSALS.accessDenied)], 'the bot refuses');
    t.match(await usage(member.id), { allowed: false, remaining: 0, refusal: 'notAMember', reason: REFUSAL_REASONS.notAMember });
    const listed = await memberships(member.id);
    t.equal(listed.length, 1, 'the group they left, and not the ones they never joined');
    t.match(listed[0], { groupName: 'Paris Clinics', isActive: false, joinedAt: String });
  });

  t.test('blocked by staff: refused by the bot, Blocked with that reason', async (t) => {
    const member = await aMember(bot, paris.id, { firstName: 'Noé' });
    await bot.say(member.id, '/start');
    const blocked = await call(admin, { method: 'PATCH', url: `/api/telegram-users/${member.id}`, payload: { isBlocked: true } });
    t.equal(blocked.statusCode, 200);
    t.strictSame(texts(await bot.say(member.id, '/help')), [refusal(REFUSALS.blocked)], 'the bot refuses');
    t.match(await usage(member.id), { allowed: false, remaining: 0, limit: 3, refusal: 'blocked', reason: REFUSAL_REASONS.blocked });
  });

  t.test('maintenance mode: members refused, Maintenance with that reason', async (t) => {
    const member = await aMember(bot, paris.id, { firstName: 'Jules' });
    await withSettings(t, bot.sql, { maintenanceMode: true });
    t.strictSame(texts(await bot.say(member.id, '/help')), [refusal(REFUSALS.maintenance)], 'the bot refuses');
    t.match(await usage(member.id), { allowed: false, remaining: 0, refusal: 'maintenance', reason: REFUSAL_REASONS.maintenance });
  });

  t.test('Recent Requests say what each request was', async (t) => {
    const member = await aMember(bot, paris.id, { firstName: 'Inès' });
    await bot.say(member.id, '/help');
    await bot.say(member.id, '/nonsense');
    await bot.say(member.id, 'Paris');
    await bot.locate(member.id, PARIS.latitude, PARIS.longitude);
    const response = await call(viewer, { method: 'GET', url: `/api/telegram-users/${member.id}` });
    t.equal(response.statusCode, 200);
    const detail = response.json() as TelegramUserDetail;
    t.strictSame(detail.recentRequests.map((request) => request.request), ['Location', 'Text: Paris', '/nonsense', '/help', 'Group membership change']);
  });
});
