import t from 'tap';
import type { TelegramUserDetail, TelegramUserIds, TelegramUsersPage } from '../../api/contract/bot-users.js';
import { consumeDailyRequest } from '../../sql/daily-usage.js';
import { insertBotLogs } from '../../sql/bot-logs.js';
import { insertTelegramUsers, type NewTelegramUser } from '../../sql/bot-users.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { createTestApp } from '../helpers/app.js';

// The test clock starts at 2026-11-21T10:00:00Z.
const TODAY_UTC = '2026-11-21';
const FIRST_NAMES = ['Amara', 'Bruno', 'Chen', 'Dana', 'Élodie', 'Farid', 'Greta', 'Hiro'];
const LAST_NAMES = ['Okafor', 'Silva', null, 'Kowalski', "O'Brien", null, 'Lindqvist', 'Tanaka'];

/** 240 users with varied names, activity and totals; every 7th unreachable, every 40th never seen, a few blocked. */
function generatedUsers(): NewTelegramUser[] {
  return Array.from({ length: 240 }, (_, index) => ({
    telegramId: 500_000 + index,
    firstName: FIRST_NAMES[index % FIRST_NAMES.length]!,
    lastName: LAST_NAMES[(index * 3) % LAST_NAMES.length]!,
    username: index % 5 === 0 ? null : `user_${index}`,
    languageCode: 'en',
    isActive: index % 7 !== 0,
    isBlocked: index % 50 === 2,
    totalRequests: (index * 13) % 50,
    lastSeen: index % 40 === 0 ? null : new Date(Date.UTC(2026, 10, 21, 9, 0, 0) - index * 60_000),
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000),
  }));
}

t.test('the bot users list', async (t) => {
  const { call, db, clock, userWithToken } = await createTestApp(t);
  const { sql } = db;
  const viewer = (await userWithToken('viewer')).token;
  const admin = (await userWithToken('admin')).token;
  const users = generatedUsers();
  await insertTelegramUsers(sql, users);
  for (let used = 0; used < 3; used += 1) await consumeDailyRequest(sql, 500_003, TODAY_UTC, null);
  await consumeDailyRequest(sql, 500_003, '2026-11-20', null);

  const list = async (query: string, token = viewer) => {
    const response = await call(token, { method: 'GET', url: `/api/telegram-users${query}` });
    t.equal(response.statusCode, 200, `GET /api/telegram-users${query}`);
    return response.json() as TelegramUsersPage;
  };
  const searchable = (user: { firstName: string; lastName: string | null; username: string | null; telegramId: number | string }) =>
    `${user.firstName} ${user.lastName ?? ''} ${user.username ?? ''} ${user.telegramId}`.toLowerCase();

  t.test('the summary cards count every user whatever the filter', async (t) => {
    const expected = {
      totalUsers: 240,
      activeUsers: users.filter((user) => user.isActive).length,
      inactiveUsers: users.filter((user) => !user.isActive).length,
      totalRequests: users.reduce((sum, user) => sum + user.totalRequests, 0),
      reachableUsers: users.filter((user) => user.isActive && !user.isBlocked).length,
    };
    t.strictSame((await list('')).summary, expected);
    t.strictSame((await list('?search=greta&status=inactive')).summary, expected);
  });

  t.test('the summary is read again after five seconds, and at once after an admin blocks someone', async (t) => {
    await insertTelegramUsers(sql, [{ ...users[1]!, telegramId: 999_999, isActive: false }]);
    t.teardown(() => sql`DELETE FROM telegram_users WHERE telegram_id = 999999`);
    t.equal((await list('')).summary.totalUsers, 240, 'within five seconds the last figures are reused');
    clock.advance(5_000);
    t.match((await list('')).summary, { totalUsers: 241, inactiveUsers: users.filter((user) => !user.isActive).length + 1 });
    t.equal((await list('')).total, 241, 'the unfiltered total comes from the same figures');
    await call(admin, { method: 'PATCH', url: '/api/telegram-users/500001', payload: { isBlocked: true } });
    t.equal((await list('')).summary.reachableUsers, users.filter((user) => user.isActive && !user.isBlocked).length - 1);
    await call(admin, { method: 'PATCH', url: '/api/telegram-users/500001', payload: { isBlocked: false } });
    clock.advance(5_000);
  });

  t.test('pages most recently seen first, never-seen users last', async (t) => {
    const first = await list('?page=1&pageSize=50');
    t.equal(first.total, 240);
    t.equal(first.items.length, 50);
    t.strictSame(first.items.slice(0, 3).map((user) => user.telegramId), ['500001', '500002', '500003']);
    const last = await list('?page=5&pageSize=50');
    t.equal(last.items.length, 40);
    t.ok(last.items.slice(-6).every((user) => user.lastSeen === null), 'the six never-seen users end the list');
    const all = [...(await list('?pageSize=200')).items, ...(await list('?page=2&pageSize=200')).items];
    t.equal(new Set(all.map((user) => user.telegramId)).size, 240, 'every user exactly once across pages');
  });

  t.test('a row carries today\'s requests in the configured time zone', async (t) => {
    const [user] = (await list('?search=500003')).items;
    t.match(user, { telegramId: '500003', firstName: 'Dana', requestsToday: 3, totalRequests: 39, isActive: true, isBlocked: false });
    await updateSystemSettings(sql, { timeZone: 'Pacific/Pago_Pago' });
    t.teardown(() => updateSystemSettings(sql, { timeZone: 'UTC' }));
    // 10:00 UTC is 23:00 on the 20th in Pago Pago, the day the user made one request.
    t.equal((await list('?search=500003')).items[0]!.requestsToday, 1);
  });

  t.test('search matches first name, last name, username or id, in any case', async (t) => {
    for (const search of ['greta', 'KOWAL', "o'brien", 'USER_12', '@user_12', '5000', 'élodie', '500123']) {
      const needle = search.toLowerCase().replace(/^@/, '');
      const expected = users.filter((user) => searchable(user).includes(needle)).length;
      const page = await list(`?search=${encodeURIComponent(search)}&pageSize=200`);
      t.equal(page.total, expected, `"${search}" matches ${expected}`);
      t.ok(page.items.every((user) => searchable(user).includes(needle)));
    }
    t.equal((await list('?search=50%25')).total, 0, 'LIKE wildcards are searched for literally');
  });

  t.test('the status filter', async (t) => {
    t.equal((await list('?status=active')).total, users.filter((user) => user.isActive).length);
    const inactive = await list('?status=inactive&pageSize=200');
    t.equal(inactive.total, users.filter((user) => !user.isActive).length);
    t.ok(inactive.items.every((user) => !user.isActive));
    t.equal((await list('?status=inactive&search=hiro')).total, users.filter((user) => !user.isActive && user.firstName === 'Hiro').length);
  });

  t.test('bad queries are 400s naming the field', async (t) => {
    for (const [query, field, message] of [
      ['?status=gone', 'status', 'Status must be all, active or inactive.'],
      ['?page=0', 'page', 'Page must be a whole number, 1 or more.'],
      ['?pageSize=500', 'pageSize', 'Page size must be a whole number from 1 to 200.'],
      ['?page=two', 'page', 'Page must be a whole number, 1 or more.'],
    ] as const) {
      const response = await call(viewer, { method: 'GET', url: `/api/telegram-users${query}` });
      t.equal(response.statusCode, 400, query);
      t.match(response.json(), { field, message }, query);
    }
  });

  t.test('ids: every matching user, for Select All', async (t) => {
    const response = await call(admin, { method: 'GET', url: '/api/telegram-users/ids?search=greta&status=active' });
    const body = response.json() as TelegramUserIds;
    const expected = users.filter((user) => user.firstName === 'Greta' && user.isActive).map((user) => String(user.telegramId));
    t.strictSame(body, { ids: expected, total: expected.length });
  });

  t.test('a user\'s details with their recent requests, newest first', async (t) => {
    await insertBotLogs(sql, Array.from({ length: 25 }, (_, index) => ({
      createdAt: new Date(Date.UTC(2026, 10, 21, 8, index)),
      level: index === 24 ? ('ERROR' as const) : ('INFO' as const),
      message: `Location request ${index}`,
      command: 'location',
      userId: 500_003,
      chatId: 500_003,
      durationMs: 100 + index,
      errorMessage: index === 24 ? 'Telegram timed out' : null,
      metadata: {},
      latitude: null, longitude: null, city: null, region: null, country: null, resultCount: null, language: null,
    })));
    const response = await call(viewer, { method: 'GET', url: '/api/telegram-users/500003' });
    t.equal(response.statusCode, 200);
    const detail = response.json() as TelegramUserDetail;
    t.match(detail, { telegramId: '500003', firstName: 'Dana', languageCode: 'en', requestsToday: 3 });
    t.equal(detail.recentRequests.length, 20, 'the latest 20');
    t.match(detail.recentRequests[0], { level: 'ERROR', message: 'Location request 24', errorMessage: 'Telegram timed out', chatId: '500003', durationMs: 124 });
    t.equal(detail.recentRequests[19]!.message, 'Location request 5');

    const missing = await call(viewer, { method: 'GET', url: '/api/telegram-users/42' });
    t.equal(missing.statusCode, 404);
    t.equal(missing.json().message, 'No bot user has that Telegram ID');
    const bad = await call(viewer, { method: 'GET', url: '/api/telegram-users/abc' });
    t.equal(bad.statusCode, 400);
    t.match(bad.json(), { field: 'telegramId', message: 'Telegram ID must be a Telegram user ID: a whole number above 0, such as 123456789.' });
  });

  t.test('an admin resets a user\'s count for today, audited', async (t) => {
    const response = await call(admin, { method: 'POST', url: '/api/telegram-users/500003/reset-daily-usage' });
    t.equal(response.statusCode, 200);
    t.equal((response.json() as TelegramUserDetail).requestsToday, 0);
    const [usage] = await sql`SELECT used FROM daily_usage WHERE telegram_id = 500003 AND usage_date = '2026-11-20'`;
    t.equal(usage!.used, 1, 'other days are left alone');
    const [entry] = await sql`SELECT action, target_id, before, after FROM audit_log WHERE action = 'telegram-user.reset-daily-usage'`;
    t.match(entry, { targetId: '500003', before: { requestsToday: 3 }, after: { requestsToday: 0 } });
    t.equal((await call(viewer, { method: 'POST', url: '/api/telegram-users/500003/reset-daily-usage' })).statusCode, 403, 'viewers may not');
    t.equal((await call(admin, { method: 'POST', url: '/api/telegram-users/42/reset-daily-usage' })).statusCode, 404);
  });

  t.test('an admin blocks and unblocks a user, audited', async (t) => {
    const blocked = await call(admin, { method: 'PATCH', url: '/api/telegram-users/500010', payload: { isBlocked: true } });
    t.equal(blocked.statusCode, 200);
    t.equal((blocked.json() as TelegramUserDetail).isBlocked, true);
    const [row] = await sql`SELECT is_blocked FROM telegram_users WHERE telegram_id = 500010`;
    t.equal(row!.isBlocked, true);
    const unblocked = await call(admin, { method: 'PATCH', url: '/api/telegram-users/500010', payload: { isBlocked: false } });
    t.equal((unblocked.json() as TelegramUserDetail).isBlocked, false);
    const entries = await sql`SELECT action FROM audit_log WHERE target_type = 'telegram-user' AND target_id = '500010' ORDER BY id`;
    t.strictSame(entries.map((entry) => entry.action), ['telegram-user.block', 'telegram-user.unblock']);
    const bad = await call(admin, { method: 'PATCH', url: '/api/telegram-users/500010', payload: { isBlocked: 'yes' } });
    t.equal(bad.statusCode, 400);
    t.match(bad.json(), { field: 'isBlocked', message: 'Blocked must be true or false.' });
    t.equal((await call(viewer, { method: 'PATCH', url: '/api/telegram-users/500010', payload: { isBlocked: true } })).statusCode, 403);
  });
});

t.test("each user's language, whether they chose it, and the language filter", async (t) => {
  const { call, db, userWithToken } = await createTestApp(t);
  const viewer = (await userWithToken('viewer')).token;
  const base = { lastName: null, username: null, isActive: true, isBlocked: false, totalRequests: 0, lastSeen: null, createdAt: new Date('2026-11-01T00:00:00Z') };
  await insertTelegramUsers(db.sql, [
    { ...base, telegramId: 801, firstName: 'Olena', languageCode: 'uk' },
    { ...base, telegramId: 802, firstName: 'Piotr', languageCode: 'pl' },
    { ...base, telegramId: 803, firstName: 'João', languageCode: 'pt-BR' },
    { ...base, telegramId: 804, firstName: 'Hana', languageCode: 'ja' },
    { ...base, telegramId: 805, firstName: 'Marta', languageCode: 'en' },
  ]);
  await db.sql`UPDATE telegram_users SET chosen_language = 'uk' WHERE telegram_id = 805`;
  const languages = async (query = '') => {
    const response = await call(viewer, { method: 'GET', url: `/api/telegram-users${query}` });
    t.equal(response.statusCode, 200, response.body);
    const page = response.json() as TelegramUsersPage;
    return Object.fromEntries(page.items.map((user) => [user.firstName, `${user.language}${user.languageChosen ? ' chosen' : ''}`]));
  };
  t.strictSame(await languages(), { Olena: 'uk', Piotr: 'pl', 'João': 'pt', Hana: 'en', Marta: 'uk chosen' }, "Telegram's, without its region; the default for one the bot lacks");
  t.strictSame(await languages('?language=uk'), { Olena: 'uk', Marta: 'uk chosen' }, 'the filter');
  t.equal(((await call(viewer, { method: 'GET', url: '/api/telegram-users?language=uk' })).json() as TelegramUsersPage).total, 2, 'counted with the filter');

  await updateSystemSettings(db.sql, { botLanguages: ['de', 'uk', 'pt'], defaultLanguage: 'de' });
  t.strictSame(await languages(), { Olena: 'uk', Piotr: 'de', 'João': 'pt', Hana: 'de', Marta: 'uk chosen' }, 'a language no longer offered gives the default');
  t.strictSame(await languages('?language=de'), { Piotr: 'de', Hana: 'de' });

  const detail = (await call(viewer, { method: 'GET', url: '/api/telegram-users/805' })).json() as TelegramUserDetail;
  t.match(detail, { language: 'uk', languageChosen: true, languageCode: 'en' }, 'the details too');
  const refused = await call(viewer, { method: 'GET', url: '/api/telegram-users?language=xx' });
  t.equal(refused.statusCode, 400);
  t.match(refused.json(), { field: 'language', message: 'Choose a language: en, uk, pl, de, fr, es, it, pt.' });
});
