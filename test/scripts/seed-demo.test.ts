import type postgres from 'postgres';
import t from 'tap';
import { DEMO_GROUP_IDS, DEMO_GROUPS, DEMO_WHITELISTED_IDS } from '../../scripts/demo/access-control.js';
import { buildDemoWorld } from '../../scripts/demo/world.js';
import { seedDemoData } from '../../scripts/seed-demo.js';
import { NOTIFICATION_STYLES, userMilestone } from '../../api/contract/notifications.js';
import { notificationExists } from '../../sql/notifications.js';
import { ERROR_SPIKE_THRESHOLD, ERROR_SPIKE_WINDOW_MS } from '../../bot/alerts/notification-monitor.js';
import { listMedicalContacts, toMedicalContact } from '../../sql/medical-contacts.js';
import { ContactListQuerySchema } from '../../api/contract/medical-contacts.js';
import { createTestDatabase } from '../helpers/database.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// A Wednesday afternoon: today has traffic, and the last 30 days hold four weekends.
const NOW = new Date('2025-03-12T15:30:00Z');
const TODAY = '2025-03-12';

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;

// The built-in templates first, as the product seeds them before the demo: the demo counts their uses.
await seedDefaultTemplates(sql);
const started = performance.now();
await seedDemoData(sql, { now: NOW });
const seedMs = Math.round(performance.now() - started);
t.comment(`demo data seeded in ${seedMs} ms on ${db.kind === 'embedded' ? 'embedded PGlite' : 'PostgreSQL'}`);

const count = async (query: PromiseLike<postgres.Row[]>) => Number((await query)[0]!.count);

t.test('contacts: a few hundred in many places, every field exercised', async (t) => {
  const [stats] = await sql<Record<string, number>[]>`
    SELECT count(*)::int AS total,
      count(DISTINCT country)::int AS countries, count(DISTINCT city)::int AS cities, count(DISTINCT specialty)::int AS specialties,
      count(*) FILTER (WHERE is_master_of_medicine)::int AS masters,
      count(*) FILTER (WHERE NOT is_active)::int AS inactive,
      count(*) FILTER (WHERE NOT verified)::int AS unverified,
      count(*) FILTER (WHERE verified AND verified_at < ${new Date(NOW.getTime() - 90 * DAY_MS)})::int AS due,
      count(*) FILTER (WHERE verified AND (verified_at IS NULL OR verified_at > ${NOW}
        OR verified_by IS NULL AND last_verification_method IS DISTINCT FROM 'self_confirmed'))::int AS bad_verification,
      count(*) FILTER (WHERE verified AND (last_verified_at IS DISTINCT FROM verified_at
        OR NOT EXISTS (SELECT FROM contact_verifications v WHERE v.contact_id = medical_contacts.id)))::int AS verification_not_in_history,
      count(*) FILTER (WHERE latitude IS NULL)::int AS unlocated,
      count(*) FILTER (WHERE name = '' OR phone = '' OR city = '' OR region = '' OR country = '')::int AS incomplete,
      count(*) FILTER (WHERE contact_method = 'telegram' AND telegram_username IS NULL)::int AS telegram_without_username,
      count(DISTINCT contact_method)::int AS methods,
      count(*) FILTER (WHERE password_required)::int AS password_required,
      count(*) FILTER (WHERE is_whatsapp_only)::int AS whatsapp_only,
      count(*) FILTER (WHERE special_instructions IS NOT NULL)::int AS instructions,
      count(*) FILTER (WHERE comments IS NOT NULL)::int AS comments,
      count(*) FILTER (WHERE rating < 3 OR rating > 5)::int AS bad_rating,
      count(DISTINCT phone)::int AS phones
    FROM medical_contacts`;
  const s = stats!;
  t.ok(s.total! >= 280 && s.total! <= 320, `about 300 contacts (${s.total})`);
  t.ok(s.countries! >= 6, `${s.countries} countries`);
  t.ok(s.cities! >= 15, `${s.cities} cities`);
  t.ok(s.specialties! >= 10, `${s.specialties} specialties`);
  t.equal(s.incomplete, 0, 'every contact has a name, phone, city, region and country');
  t.equal(s.phones, s.total, 'no two contacts share a phone number');
  t.ok(Math.abs(s.masters! / s.total! - 0.1) < 0.02, `about 10% Master of Medicine (${s.masters})`);
  t.ok(Math.abs(s.inactive! / s.total! - 0.1) < 0.02, `about 10% inactive (${s.inactive})`);
  t.ok(Math.abs(s.unverified! / s.total! - 0.25) < 0.03, `about 25% unverified (${s.unverified})`);
  t.ok(s.due! > 0 && s.due! < s.total! / 2, `some verified over 90 days ago (${s.due})`);
  t.equal(s.badVerification, 0, 'verified contacts have a past verification date and verifier (a staff member, or the contact itself)');
  t.equal(s.verificationNotInHistory, 0, 'and that verification in their history');
  t.ok(s.unlocated! >= 3 && s.unlocated! <= 8, `a handful without coordinates (${s.unlocated})`);
  t.equal(s.telegramWithoutUsername, 0);
  t.equal(s.methods, 3, 'phone, telegram and whatsapp contacts');
  t.ok(s.passwordRequired! > 0 && s.whatsappOnly! > 0 && s.instructions! > 0 && s.comments! > 0);
  t.equal(s.badRating, 0, 'ratings between 3.0 and 5.0');
});

t.test('verification history: every age, both staff members and every method, calls nobody answered, and contacts who confirm their own listing through the bot', async (t) => {
  const [history] = await sql<Record<string, number>[]>`
    SELECT count(DISTINCT method)::int AS methods, count(DISTINCT verified_by)::int AS staff,
      count(*) FILTER (WHERE outcome = 'corrected')::int AS corrected,
      count(DISTINCT contact_id) FILTER (WHERE outcome IN ('confirmed', 'corrected'))::int AS contacts,
      count(*) FILTER (WHERE method = 'self_confirmed' AND verified_by_telegram_id IS NOT NULL AND verified_by IS NULL)::int AS self_confirmed
    FROM contact_verifications`;
  t.equal(history!.methods, 5, 'phone calls, websites, visits, report reviews and self-confirmations');
  t.equal(history!.staff, 2, 'by the editor and the admin');
  t.ok(history!.corrected! > 0, `some corrected details (${history!.corrected})`);
  t.ok(history!.contacts! > 100, `the verified contacts' history (${history!.contacts} contacts)`);
  t.equal(history!.selfConfirmed, 11, 'six linked contacts confirmed when linked, five again since');
  const [contacts] = await sql<Record<string, number>[]>`
    SELECT count(*) FILTER (WHERE last_verification_outcome = 'unreachable' AND NOT verified)::int AS unreachable,
      count(*) FILTER (WHERE last_verification_method = 'self_confirmed' AND verified)::int AS self_confirmed,
      count(*) FILTER (WHERE is_active AND verified AND verified_at >= ${new Date(NOW.getTime() - 14 * DAY_MS)})::int AS fresh,
      count(*) FILTER (WHERE is_active AND verified AND verified_at BETWEEN ${new Date(NOW.getTime() - 90 * DAY_MS)} AND ${new Date(NOW.getTime() - 83 * DAY_MS)})::int AS due_this_week,
      count(*) FILTER (WHERE is_active AND verified AND verified_at < ${new Date(NOW.getTime() - 90 * DAY_MS)})::int AS overdue,
      count(*) FILTER (WHERE is_active AND verified_at IS NULL)::int AS never
    FROM medical_contacts`;
  t.equal(contacts!.unreachable, 4, 'four whose last call went unanswered, due again');
  t.equal(contacts!.selfConfirmed, 6, 'the six linked ones last confirmed by the contact itself');
  for (const age of ['fresh', 'dueThisWeek', 'overdue', 'never'] as const) t.ok(contacts![age]! > 0, `${age}: ${contacts![age]}`);
  const linked = await sql<{ stopped: boolean }[]>`SELECT reminders_stopped_at IS NOT NULL AS stopped FROM contact_linked_accounts ORDER BY linked_at`;
  t.equal(linked.length, 6, 'six contacts linked to demo Telegram users');
  t.equal(linked.filter((account) => account.stopped).length, 1, 'one stopped its reminders');
  t.equal(await count(sql`SELECT count(*) FROM contact_linked_accounts a LEFT JOIN telegram_users u ON u.telegram_id = a.telegram_id WHERE u.telegram_id IS NULL`), 0, 'each a demo bot user');
});

t.test('bot users, groups, memberships and whitelisted admins', async (t) => {
  t.equal(await count(sql`SELECT count(*) FROM telegram_users`), 200);
  t.ok(await count(sql`SELECT count(*) FROM telegram_users WHERE NOT is_active`) > 5, 'some blocked the bot');
  t.ok(await count(sql`SELECT count(*) FROM telegram_users WHERE last_seen > ${new Date(NOW.getTime() - 7 * DAY_MS)}`) > 100, 'most were seen this week');

  const groups = await sql<{ groupId: number; dailyLimit: number; isActive: boolean }[]>`
    SELECT group_id, daily_limit, is_active FROM authorized_groups ORDER BY daily_limit`;
  t.same(groups.map((g) => g.groupId), DEMO_GROUPS.map((g) => g.groupId));
  t.same(groups.map((g) => g.dailyLimit), [3, 5, 10]);
  t.equal(groups.filter((g) => !g.isActive).length, 1, 'one group is inactive');

  t.equal(await count(sql`SELECT count(*) FROM user_memberships WHERE group_id <> ALL(${DEMO_GROUP_IDS as number[]})`), 0, 'each membership is in a demo group');
  t.equal(await count(sql`SELECT count(*) FROM user_memberships m LEFT JOIN telegram_users u USING (telegram_id) WHERE u.id IS NULL`), 0);
  const withAccess = await count(sql`
    SELECT count(DISTINCT m.telegram_id) FROM user_memberships m JOIN authorized_groups g ON g.group_id = m.group_id AND g.is_active
    WHERE m.is_active`);
  t.ok(withAccess >= 170 && withAccess < 200, `most users are in an active group, a few in none (${withAccess})`);
  t.ok(await count(sql`SELECT count(*) FROM user_memberships WHERE is_active AND (joined_at IS NULL OR joined_at > last_verified OR last_verified > ${NOW})`) === 0);

  const whitelisted = await sql<{ telegramId: number; addedBy: string }[]>`
    SELECT w.telegram_id, w.added_by FROM admin_whitelist w JOIN telegram_users u USING (telegram_id) ORDER BY w.id`;
  t.same(whitelisted.map((w) => w.telegramId), DEMO_WHITELISTED_IDS, 'the whitelisted admins are bot users');
  t.ok(whitelisted.every((w) => w.addedBy.startsWith('demo.')), 'added by demo staff');
});

t.test('logs shaped like real traffic: a busy last month, lighter history back over 400 days', async (t) => {
  const levels = Object.fromEntries(
    (await sql<{ level: string; count: number }[]>`SELECT level, count(*)::int AS count FROM bot_logs GROUP BY level`).map((r) => [r.level, r.count]),
  ) as Record<string, number>;
  const total = levels.INFO! + levels.WARN! + (levels.ERROR ?? 0);
  t.comment(`log rows: ${JSON.stringify(levels)}`);
  t.ok(levels.INFO! / total > 0.7, 'mostly INFO');
  t.ok(levels.WARN! / total > 0.08 && levels.WARN! / total < 0.25, 'some WARN');
  t.ok(levels.ERROR! > 5 && levels.ERROR! / total < 0.03, 'a few ERROR');
  t.ok(levels.DEBUG! > 5 && levels.DEBUG! / total < 0.01, 'a few DEBUG, from the hours the log level was DEBUG');
  t.equal(await count(sql`SELECT count(*) FROM bot_logs WHERE NOT metadata ? 'updateId'`), 0, 'every row names its update in its metadata');

  t.equal(await count(sql`SELECT count(*) FROM bot_logs l LEFT JOIN telegram_users u ON u.telegram_id = l.user_id WHERE u.id IS NULL`), 0, 'every log user is a demo user');
  const [span] = await sql<{ first: Date; last: Date }[]>`SELECT min(created_at) AS first, max(created_at) AS last FROM bot_logs`;
  t.ok(span!.first.getTime() <= NOW.getTime() - 400 * DAY_MS, `they start at least 400 days ago (${span!.first.toISOString()})`);
  t.ok(span!.last.getTime() <= NOW.getTime() && span!.last.getTime() > NOW.getTime() - 60 * 60 * 1000, 'and run until now');

  const days = await sql<{ day: string; rows: number; weekday: boolean }[]>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS rows,
      extract(isodow FROM created_at AT TIME ZONE 'UTC') < 6 AS weekday
    FROM bot_logs WHERE created_at >= ${new Date(NOW.getTime() - 29 * DAY_MS)} AND created_at < ${new Date(`${TODAY}T00:00:00Z`)}
    GROUP BY 1, 3 ORDER BY 1`;
  const whole = days.filter((d) => d.day > new Date(NOW.getTime() - 29 * DAY_MS).toISOString().slice(0, 10));
  t.ok(whole.every((d) => d.rows >= 150 && d.rows <= 400), `150–400 rows a day (${whole.map((d) => d.rows).join(' ')})`);
  const mean = (rows: typeof whole) => rows.reduce((sum, d) => sum + d.rows, 0) / rows.length;
  t.ok(mean(whole.filter((d) => d.weekday)) > 1.2 * mean(whole.filter((d) => !d.weekday)), 'busier on weekdays');

  const months = await sql<{ month: string; rows: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS rows FROM bot_logs GROUP BY 1 ORDER BY 1`;
  t.ok(months.length >= 14, `${months.length} months`);
  const monthEnds = (first: string, last: string) => months.filter((m) => m.month >= first && m.month <= last);
  t.ok(months.every((m) => m.rows > 0), `every month has rows (${months.map((m) => `${m.month}: ${m.rows}`).join(', ')})`);
  const [firstFull, lastFull] = [months[1]!, months.at(-2)!];
  t.ok(firstFull.rows * 3 < lastFull.rows, 'lighter further back');
  t.ok(monthEnds('2024-03', '2024-12').length > 0, 'the year before last year is there for trends');
  const monthBefore = await count(sql`SELECT count(*) FROM bot_logs WHERE created_at < ${new Date(NOW.getTime() - 30 * DAY_MS)} AND created_at >= ${new Date(NOW.getTime() - 60 * DAY_MS)}`);
  t.ok(monthBefore < 30 * 290, `the month before the last is lighter (${monthBefore} rows)`);

  const night = await count(sql`SELECT count(*) FROM bot_logs WHERE country = 'United Kingdom' AND extract(hour FROM created_at AT TIME ZONE 'UTC') BETWEEN 2 AND 5`);
  const day = await count(sql`SELECT count(*) FROM bot_logs WHERE country = 'United Kingdom' AND extract(hour FROM created_at AT TIME ZONE 'UTC') BETWEEN 12 AND 15`);
  t.ok(day > 5 * night, `busy by day, quiet at night in the UK (${day} vs ${night})`);

  t.equal(
    await count(sql`SELECT count(*) FROM bot_logs WHERE command = 'location' AND level = 'INFO' AND (city IS NULL OR country IS NULL OR latitude IS NULL OR result_count NOT BETWEEN 1 AND 5)`),
    0, 'answered lookups carry their place and 1–5 results',
  );
  t.ok(await count(sql`SELECT count(*) FROM bot_logs WHERE message = 'No contacts within the search radius'`) > 0);
  t.ok(await count(sql`SELECT count(*) FROM bot_logs WHERE message = 'Refused a user who is in no authorized group'`) > 0);
  t.ok(await count(sql`SELECT count(*) FROM bot_logs WHERE message = 'Daily limit reached'`) > 0);
  t.ok(await count(sql`SELECT count(*) FROM bot_logs WHERE level = 'ERROR' AND error_message IS NULL`) === 0, 'errors say what failed');
  t.equal(await count(sql`SELECT count(*) FROM bot_logs WHERE NOT metadata ? 'updateId'`), 0, 'every row has its update id');
});

t.test('counters agree with the logs', async (t) => {
  t.equal(
    await count(sql`
      SELECT count(*) FROM telegram_users u
      WHERE total_requests <> (SELECT count(*) FROM bot_logs l WHERE l.user_id = u.telegram_id AND l.message LIKE 'Answered a location%')`),
    0, 'total requests are the answered lookups of each user',
  );
  t.equal(
    await count(sql`
      SELECT count(*) FROM daily_usage d
      WHERE used <> (SELECT count(*) FROM bot_logs l WHERE l.user_id = d.telegram_id AND l.message LIKE 'Answered a location%'
        AND (l.created_at AT TIME ZONE 'UTC')::date = d.usage_date)`),
    0, 'daily usage counts the answered lookups of each day',
  );
  const today = await sql<{ used: number }[]>`SELECT used FROM daily_usage WHERE usage_date = ${TODAY}`;
  t.ok(today.length >= 10, `usage today for ${today.length} users`);
  t.ok(today.filter((row) => row.used >= 3).length >= 3, 'a few at their limit');
  const [shown] = await sql<{ logged: number; counted: number }[]>`
    SELECT (SELECT sum(result_count) FROM bot_logs WHERE message LIKE 'Answered a location%')::int AS logged,
      (SELECT sum(requests) FROM contact_daily_requests)::int AS counted`;
  t.equal(shown!.counted, shown!.logged, 'contact requests add up to the contacts shown');
  t.equal(
    await count(sql`SELECT count(*) FROM bot_logs, jsonb_array_elements_text(metadata->'contactIds') AS shown (contact_id)
      WHERE contact_id::bigint NOT IN (SELECT id FROM medical_contacts WHERE is_active)`),
    0, 'answers show only active contacts',
  );
});

t.test('each active template counts the answers the logs say it wrote, in its language', async (t) => {
  // The log lines of bot/features/ and bot/answering/answer.ts, by the template each answer is written with.
  const expected = await sql<{ type: string; language: string; uses: number }[]>`
    SELECT type, language, count(*)::int AS uses FROM bot_logs, LATERAL (VALUES
      (CASE WHEN message = 'Sent the welcome message' THEN 'welcome'
        WHEN message IN ('Sent help', 'Unknown command', 'No place matches the text') THEN 'help'
        WHEN message = 'Asked to confirm a place' OR message LIKE 'Offered % places to choose from' THEN 'location_confirmation'
        WHEN message LIKE 'Answered a location%' THEN 'location_result'
        WHEN message = 'Daily limit reached' THEN 'rate_limit'
        WHEN message LIKE 'Refused a user%' OR message IN ('No contacts within the search radius', 'Failed to answer')
          OR message LIKE 'Bot added to unauthorized group%' THEN 'error' END),
      (CASE WHEN message LIKE 'Answered a location%' AND (metadata->>'masters')::int > 0 THEN 'master_of_medicine' END)
    ) AS reply (type)
    WHERE type IS NOT NULL
    GROUP BY type, language ORDER BY type, language`;
  const counted = await sql<{ type: string; language: string; uses: number }[]>`
    SELECT type, language, usage_count::int AS uses FROM message_templates
    WHERE is_active AND usage_count > 0 AND type <> 'broadcast' ORDER BY type, language`;
  t.same(counted, expected);
  const answered = expected.filter((row) => row.type === 'location_result').reduce((sum, row) => sum + row.uses, 0);
  t.ok(answered > 1000, `the location results count ${answered} answers`);
  t.strictSame(
    [...new Set(expected.map((row) => row.type))],
    ['error', 'help', 'location_confirmation', 'location_result', 'master_of_medicine', 'rate_limit', 'welcome'],
    'every reply type the bot answers with',
  );
  t.equal(new Set(expected.map((row) => row.language)).size, 8, 'in each of the 8 languages');
  const [broadcast] = await sql<{ uses: number; delivered: number }[]>`
    SELECT (SELECT usage_count::int FROM message_templates WHERE type = 'broadcast' AND is_active ORDER BY id LIMIT 1) AS uses,
      (SELECT sum(success_count)::int FROM broadcasts WHERE target_type = 'template') AS delivered`;
  t.ok(broadcast!.delivered > 0, 'a broadcast was sent with the template');
  t.equal(broadcast!.uses, broadcast!.delivered, 'the broadcast template counts the messages it delivered');
});

t.test('notifications of every type the product raises, some read by every staff member, one expired', async (t) => {
  const rows = await sql<{ type: string; readers: number; expiresAt: Date | null }[]>`
    SELECT type, (SELECT count(*)::int FROM notification_reads r WHERE r.notification_id = n.id) AS readers, expires_at FROM notifications n`;
  const [staff] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM admin_users`;
  // No kind of notification is raised as 'info'; the seeds raise what the product does.
  t.same(new Set(rows.map((r) => r.type)), new Set(['critical', 'warning', 'success']));
  t.ok(rows.some((r) => r.readers > 0) && rows.some((r) => r.readers === 0));
  t.ok(rows.every((r) => r.readers === 0 || r.readers === staff!.count), 'a read one is read by each staff member');
  t.ok(rows.some((r) => r.expiresAt && r.expiresAt < NOW), 'one expired');
});

t.test('seeded notices look like real ones, and a fresh start raises no milestone the data already passed', async (t) => {
  const kinds = await sql<{ kind: string | null; type: string; priority: number }[]>`SELECT DISTINCT kind, type, priority FROM notifications ORDER BY kind`;
  for (const row of kinds) {
    t.ok(row.kind, 'every seeded notice has its kind');
    const style = NOTIFICATION_STYLES[row.kind as keyof typeof NOTIFICATION_STYLES];
    t.same({ type: row.type, priority: row.priority }, style, `${row.kind}: the type and priority the product raises it with`);
  }
  t.ok(kinds.some((row) => row.kind === 'unauthorized_group'), 'unauthorized groups are among them (priority 4, as the bot raises them)');
  const users = await count(sql`SELECT count(*) FROM telegram_users`);
  const milestone = userMilestone(users);
  t.ok(milestone, `${users} bot users have passed a milestone`);
  // The live check (bot/alerts/notification-monitor.ts) raises one only when none of its kind and figure exists.
  t.ok(await notificationExists(sql, 'user_milestone', 'users', milestone!), `the ${milestone} milestone is seeded, so the live check raises nothing`);

  t.ok(
    await count(sql`SELECT count(*) FROM bot_logs WHERE level = 'ERROR' AND command = 'location' AND city IS NOT NULL`) > 0,
    'failed location answers name their place, as the bot logs them, so regions do not all read 100 % success',
  );
  t.equal(await count(sql`SELECT count(*) FROM bot_logs WHERE level = 'ERROR' AND command <> 'location' AND city IS NOT NULL`), 0, 'other failures name none');

  const [spike] = await sql<{ message: string; createdAt: Date; errors: number }[]>`
    SELECT message, created_at, (metadata->>'errors')::int AS errors FROM notifications WHERE kind = 'error_spike'`;
  t.ok(spike!.errors > ERROR_SPIKE_THRESHOLD, `the error spike is one by the monitor's rule: ${spike!.errors} errors, more than ${ERROR_SPIKE_THRESHOLD}`);
  t.equal(spike!.message, `${spike!.errors} errors in the last 5 minutes`, 'worded as the monitor words it');
  const since = new Date(spike!.createdAt.getTime() - ERROR_SPIKE_WINDOW_MS);
  t.equal(
    await count(sql`SELECT count(*) FROM bot_logs WHERE level = 'ERROR' AND created_at > ${since} AND created_at <= ${spike!.createdAt}`),
    spike!.errors,
    'and the error logs of its five minutes are as many',
  );
});

t.test('past broadcasts: counts match their recipients, blocked users failed with Telegram\'s 403', async (t) => {
  const broadcasts = await sql<{ id: number; title: string; status: string; targetType: string; successCount: number; failureCount: number; totalRecipients: number; createdAt: Date }[]>`
    SELECT id::int, title, status, target_type, success_count, failure_count, total_recipients, created_at FROM broadcasts ORDER BY created_at`;
  t.equal(broadcasts.length, 6);
  t.same(new Set(broadcasts.map((b) => b.status)), new Set(['sent', 'cancelled']));
  t.same(new Set(broadcasts.map((b) => b.targetType)), new Set(['all', 'template', 'selected']));
  t.ok(broadcasts.every((b) => b.createdAt < NOW && b.createdAt > new Date(NOW.getTime() - 30 * DAY_MS)), 'all within the demo month');
  for (const broadcast of broadcasts) {
    const [outcome] = await sql<{ delivered: number; failed: number }[]>`
      SELECT (count(*) FILTER (WHERE status = 'delivered'))::int AS delivered, (count(*) FILTER (WHERE status = 'failed'))::int AS failed
      FROM broadcast_recipients WHERE broadcast_id = ${broadcast.id}`;
    t.strictSame([broadcast.successCount, broadcast.failureCount, broadcast.totalRecipients], [outcome!.delivered, outcome!.failed, outcome!.delivered + outcome!.failed], broadcast.title);
    t.ok(broadcast.successCount > 0, `${broadcast.title} reached people`);
  }
  t.equal(
    await count(sql`SELECT count(*) FROM broadcast_recipients r JOIN telegram_users u USING (telegram_id)
      WHERE r.error LIKE 'Forbidden: bot was blocked%' AND u.is_active`),
    0, 'only users who blocked the bot failed as blocked',
  );
  t.ok(await count(sql`SELECT count(*) FROM broadcast_recipients WHERE error LIKE 'Forbidden: bot was blocked%'`) > 0, 'some had blocked the bot');
  // One broadcast speaks six languages besides English; its Portuguese speakers get the English content.
  const [multilingual] = await sql<{ id: number; languages: string[] }[]>`
    SELECT id::int, array(SELECT jsonb_object_keys(translations) ORDER BY 1) AS languages FROM broadcasts WHERE translations <> '{}'`;
  t.same(multilingual?.languages, ['de', 'es', 'fr', 'it', 'pl', 'uk']);
  const languages = await sql<{ language: string }[]>`SELECT DISTINCT language FROM broadcast_recipients WHERE broadcast_id = ${multilingual!.id} ORDER BY 1`;
  t.ok(['en', 'uk', 'pl', 'pt'].every((code) => languages.some((row) => row.language === code)), `its recipients read ${languages.map((row) => row.language).join(', ')}`);
  t.equal(await count(sql`SELECT count(*) FROM broadcast_recipients WHERE language IS NULL`), 0, 'every recipient has a language');
  t.equal(await count(sql`SELECT count(*) FROM broadcast_recipients WHERE telegram_id NOT IN (SELECT telegram_id FROM telegram_users)`), 0, 'recipients are bot users');
});

t.test('reports from bot users: most open (their contacts due for re-verification, each with its notification), some resolved by the editor', async (t) => {
  const reports = await sql<{ contactId: number; status: string; comment: string | null; resolvedBy: string | null; createdAt: Date }[]>`
    SELECT r.contact_id::int, r.status, r.comment, a.username AS resolved_by, r.created_at
    FROM contact_reports r LEFT JOIN admin_users a ON a.id = r.resolved_by ORDER BY r.created_at DESC`;
  t.equal(reports.length, 8);
  t.same(reports.map((report) => report.status), ['open', 'open', 'open', 'open', 'fixed', 'open', 'fixed', 'not_a_problem']);
  t.ok(reports.some((report) => report.status === 'open' && report.createdAt.getTime() < NOW.getTime() - 4 * DAY_MS), 'one open for over four days: past the two business days a correction is given');
  t.ok(reports.filter((report) => report.status !== 'open').every((report) => report.resolvedBy === 'demo.editor'), 'resolved by the editor');
  t.equal(reports.filter((report) => report.comment).length, 2, 'the two "other" reports say what is wrong');
  t.ok(reports.every((report) => report.createdAt < NOW), 'all in the past');
  t.equal(await count(sql`SELECT count(*) FROM notifications WHERE kind = 'contact_reported'`), 8, 'each raised its notification');
  const open = [...new Set(reports.filter((report) => report.status === 'open').map((report) => report.contactId))];
  const due = await listMedicalContacts(sql, ContactListQuerySchema.parse({ reported: 'yes', pageSize: 200 }), NOW);
  t.same(due.map((contact) => contact.id).sort(), open.sort(), 'the contacts with open reports are the Reported filter\'s');
  t.ok(due.every((contact) => toMedicalContact(contact, NOW).dueForReverification), 'and due for re-verification');
});

t.test('seeding again adds nothing', async (t) => {
  const tables = ['medical_contacts', 'telegram_users', 'authorized_groups', 'admin_whitelist', 'user_memberships', 'bot_logs', 'daily_usage', 'contact_daily_requests', 'notifications', 'admin_users', 'broadcasts', 'broadcast_recipients', 'contact_reports'];
  const counts = async () => Promise.all(tables.map((table) => count(sql`SELECT count(*) FROM ${sql(table)}`)));
  const before = await counts();
  const again = performance.now();
  await seedDemoData(sql, { now: new Date(NOW.getTime() + DAY_MS) });
  t.comment(`a second start spends ${Math.round(performance.now() - again)} ms on demo data`);
  t.same(await counts(), before);
});

t.test('the same moment gives the same data', async (t) => {
  const [a, b] = await Promise.all([buildDemoWorld(NOW), buildDemoWorld(NOW)]);
  t.same(a, b);
});
