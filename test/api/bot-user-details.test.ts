import t from 'tap';
import { REFUSAL_REASONS } from '../../api/contract/bot-access.js';
import type { DailyUsage, UserMembership } from '../../api/contract/bot-users.js';
import { saveMembership } from '../../sql/access-control.js';
import { consumeDailyRequest } from '../../sql/daily-usage.js';
import { updateSystemSettings } from '../../sql/settings.js';
import type { Sql } from '../../sql/database.js';
import { createTestApp } from '../helpers/app.js';
import { whitelist } from '../helpers/sandbox.js';

// The test clock starts at 2026-11-21T10:00:00Z.
const TODAY_UTC = '2026-11-21';

async function aGroup(sql: Sql, groupId: number, groupName: string, dailyLimit: number, isActive = true): Promise<void> {
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit, is_active) VALUES (${groupId}, ${groupName}, ${dailyLimit}, ${isActive})`;
}

async function use(sql: Sql, telegramId: number, times: number, day = TODAY_UTC): Promise<void> {
  for (let i = 0; i < times; i += 1) await consumeDailyRequest(sql, telegramId, day, null);
}

t.test('daily usage and memberships of bot users', async (t) => {
  const { call, db, clock, userWithToken } = await createTestApp(t);
  const viewer = (await userWithToken('viewer')).token;
  const sql = db.sql;
  const verifiedAt = clock.now();
  await aGroup(sql, -1001, 'Berlin Doctors', 5);
  await aGroup(sql, -1002, 'Lisbon Nurses', 10);
  await aGroup(sql, -1003, 'Retired Group', 50, false);

  const usage = async (query = '') => {
    const response = await call(viewer, { method: 'GET', url: `/api/daily-usage${query}` });
    t.equal(response.statusCode, 200, `GET /api/daily-usage${query}`);
    return response.json() as DailyUsage;
  };

  t.test('without a user: the fallback of spec §3', async (t) => {
    t.strictSame(await usage(), { used: 0, remaining: 3, limit: 3, allowed: true, refusal: null, reason: null, resetTime: '2026-11-22T00:00:00.000Z' });
  });

  t.test('a member: the largest limit of their active groups, used today, reset at local midnight', async (t) => {
    await saveMembership(sql, { telegramId: 701, groupId: -1001, status: 'member', isActive: true, verifiedAt });
    await saveMembership(sql, { telegramId: 701, groupId: -1002, status: 'administrator', isActive: true, verifiedAt });
    await saveMembership(sql, { telegramId: 701, groupId: -1003, status: 'member', isActive: true, verifiedAt });
    await use(sql, 701, 4);
    await use(sql, 701, 2, '2026-11-20');
    t.strictSame(await usage('?userId=701'), { used: 4, remaining: 6, limit: 10, allowed: true, refusal: null, reason: null, resetTime: '2026-11-22T00:00:00.000Z' },
      'the inactive group’s 50 does not count; yesterday’s use does not either');
  });

  t.test('a member who left a group keeps only the limits of the groups they are still in', async (t) => {
    await saveMembership(sql, { telegramId: 702, groupId: -1001, status: 'member', isActive: true, verifiedAt });
    await saveMembership(sql, { telegramId: 702, groupId: -1002, status: 'left', isActive: false, verifiedAt });
    await use(sql, 702, 5);
    t.strictSame(await usage('?userId=702'), { used: 5, remaining: 0, limit: 5, allowed: false, refusal: 'dailyLimit', reason: REFUSAL_REASONS.dailyLimit, resetTime: '2026-11-22T00:00:00.000Z' });
  });

  t.test('a user in no group: the bot refuses them, so Blocked with the reason and nothing remaining', async (t) => {
    await use(sql, 703, 1);
    t.match(await usage('?userId=703'), { used: 1, remaining: 0, limit: 3, allowed: false, refusal: 'notAMember', reason: REFUSAL_REASONS.notAMember });
  });

  t.test('a whitelisted admin is never limited: limit and remaining are null', async (t) => {
    await whitelist(sql, 704);
    await saveMembership(sql, { telegramId: 704, groupId: -1001, status: 'member', isActive: true, verifiedAt });
    await use(sql, 704, 12);
    t.strictSame(await usage('?userId=704'), { used: 12, remaining: null, limit: null, allowed: true, refusal: null, reason: null, resetTime: '2026-11-22T00:00:00.000Z' });
  });

  t.test('the day and its reset follow the configured time zone', async (t) => {
    await updateSystemSettings(sql, { timeZone: 'Asia/Tokyo', defaultDailyLimit: 4 });
    t.teardown(() => updateSystemSettings(sql, { timeZone: 'UTC', defaultDailyLimit: 3 }));
    // 10:00 UTC is 19:00 in Tokyo on the 21st; the next midnight there is 15:00 UTC.
    await saveMembership(sql, { telegramId: 705, groupId: -1001, status: 'member', isActive: true, verifiedAt });
    await use(sql, 705, 1);
    t.strictSame(await usage('?userId=705'), { used: 1, remaining: 4, limit: 5, allowed: true, refusal: null, reason: null, resetTime: '2026-11-21T15:00:00.000Z' });
    t.strictSame(await usage(), { used: 0, remaining: 4, limit: 4, allowed: true, refusal: null, reason: null, resetTime: '2026-11-21T15:00:00.000Z' },
      'the fallback uses the configured default');
  });

  t.test('memberships: the groups they are or were in, current first; answers of groups never joined are left out', async (t) => {
    await saveMembership(sql, { telegramId: 706, groupId: -1001, status: 'left', isActive: false, verifiedAt });
    await saveMembership(sql, { telegramId: 706, groupId: -1003, status: 'member', isActive: true, verifiedAt });
    await saveMembership(sql, { telegramId: 706, groupId: -1003, status: 'kicked', isActive: false, verifiedAt });
    await saveMembership(sql, { telegramId: 706, groupId: -1002, status: 'member', isActive: true, verifiedAt });
    await saveMembership(sql, { telegramId: 706, groupId: -9999, status: 'member', isActive: true, verifiedAt });
    const response = await call(viewer, { method: 'GET', url: '/api/user-memberships?userId=706' });
    t.equal(response.statusCode, 200);
    const memberships = response.json() as UserMembership[];
    t.match(memberships, [
      { groupId: -1002, groupName: 'Lisbon Nurses', membershipStatus: 'member', isActive: true, joinedAt: verifiedAt.toISOString(), lastVerified: verifiedAt.toISOString() },
      { groupId: -9999, groupName: null, membershipStatus: 'member', isActive: true },
      { groupId: -1003, groupName: 'Retired Group', membershipStatus: 'kicked', isActive: false, joinedAt: verifiedAt.toISOString() },
    ]);
    t.equal(memberships.length, 3);
    t.ok(memberships.every((membership) => typeof membership.id === 'number'), 'each has its id');

    const none = await call(viewer, { method: 'GET', url: '/api/user-memberships?userId=123456789' });
    t.strictSame(none.json(), [], 'a user with none: an empty list');
  });

  t.test('bad user ids are refused naming the field', async (t) => {
    for (const url of ['/api/daily-usage?userId=abc', '/api/user-memberships?userId=-5', '/api/user-memberships']) {
      const response = await call(viewer, { method: 'GET', url });
      t.equal(response.statusCode, 400, url);
      t.match(response.json(), { field: 'userId', message: /^User ID must be a Telegram user ID/ }, url);
    }
  });

  t.test('every role may read; anonymous may not', async (t) => {
    for (const role of ['viewer', 'editor', 'admin', 'super_admin'] as const) {
      const { token } = await userWithToken(role);
      for (const url of ['/api/daily-usage?userId=701', '/api/daily-usage', '/api/user-memberships?userId=701']) {
        t.equal((await call(token, { method: 'GET', url })).statusCode, 200, `${url} as ${role}`);
      }
    }
    for (const url of ['/api/daily-usage', '/api/user-memberships?userId=701']) {
      const response = await call(undefined, { method: 'GET', url });
      t.equal(response.statusCode, 401, `${url} anonymous`);
    }
  });
});
