import t, { type Test } from 'tap';
import { createRandom, type Random } from '../../scripts/demo/random.js';
import { insertBotLogs, type LogLevel, type NewBotLog } from '../../sql/bot-logs.js';
import {
  dailySeries,
  hourOfDayFigures,
  lastDays,
  locationStats,
  placeTotals,
  requestTotals,
  responseTimePercentiles,
  topLocations,
  topUsers,
  uniqueUserCount,
  type DayRange,
  type PlaceLevel,
} from '../../sql/log-analytics.js';
import { applyLogRetention, deleteRolledUpLogsBefore } from '../../sql/log-retention.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { createTestDatabase } from '../helpers/database.js';
import { until } from '../helpers/wait.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-21T10:30:00Z');
const THIS_HOUR = Date.parse('2026-11-21T10:00:00Z');

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;
const [boundsRow] = await sql<{ bounds: number[] }[]>`SELECT log_duration_bounds() AS bounds`;
const bounds = boundsRow!.bounds;

const PLACES = [
  { country: 'Kenya', region: 'Nairobi', city: 'Nairobi' },
  { country: 'Kenya', region: 'Nairobi', city: 'Ruiru' },
  { country: 'Kenya', region: 'Mombasa', city: 'Mombasa' },
  { country: 'Italy', region: 'Lazio', city: 'Rome' },
  { country: 'Italy', region: 'Lombardy', city: 'Milan' },
  { country: 'Italy', region: null, city: 'Frascati' },
  { country: 'France', region: null, city: null },
  { country: null, region: null, city: null },
] as const;
const LEVELS: [LogLevel, number][] = [['INFO', 70], ['WARN', 12], ['ERROR', 10], ['DEBUG', 8]];

/** A log row at a random moment in [from, to): any level, user, place, command and duration, some of them missing. */
function aLog(random: Random, from: number, to: number): NewBotLog {
  const place = random.pick(PLACES);
  return {
    createdAt: new Date(Math.floor(random.float(from, to))),
    level: random.weighted(LEVELS),
    message: 'generated',
    command: random.pick(['start', 'help', 'location', 'city', null]),
    userId: random.chance(0.9) ? random.int(1000, 1060) : null,
    chatId: null,
    // Up to minutes, a few over the last bucket's 100 s bound.
    durationMs: random.chance(0.9) ? Math.round(random.logNormal(150, 1.6)) : null,
    errorMessage: null,
    metadata: {},
    latitude: null,
    longitude: null,
    city: place.city,
    region: place.region,
    country: place.country,
    resultCount: null,
    language: null,
  };
}
function someLogs(random: Random, count: number, from: number, to: number): NewBotLog[] {
  return Array.from({ length: count }, () => aLog(random, from, to));
}
async function insert(rows: NewBotLog[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await insertBotLogs(sql, rows.slice(start, start + 1000));
}

async function resetLogs(): Promise<void> {
  await sql`TRUNCATE bot_logs, log_hourly_totals, log_daily_totals, log_daily_durations,
    log_daily_locations, log_daily_users, log_monthly_users RESTART IDENTITY`;
  await sql`UPDATE log_rollup_state SET last_log_id = 0, rolled_up_at = NULL`;
}

// The expected figures, computed here from the generated rows alone.
const dayOf = (row: NewBotLog) => row.createdAt.toISOString().slice(0, 10);
const within = (rows: NewBotLog[], range: DayRange) => rows.filter((row) => dayOf(row) >= range.from && dayOf(row) <= range.to);
const percent = (part: number, whole: number) => (whole === 0 ? null : (part / whole) * 100);
const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;

function expectedTotals(rows: NewBotLog[]) {
  const durations = rows.flatMap((row) => (row.durationMs === null ? [] : [row.durationMs]));
  const errors = count(rows, (row) => row.level === 'ERROR');
  const infos = count(rows, (row) => row.level === 'INFO');
  return {
    requests: rows.length,
    debugCount: count(rows, (row) => row.level === 'DEBUG'),
    infoCount: infos,
    warnCount: count(rows, (row) => row.level === 'WARN'),
    errorCount: errors,
    successRate: percent(rows.length - errors, rows.length),
    meanDurationMs: durations.length === 0 ? null : durations.reduce((a, b) => a + b, 0) / durations.length,
  };
}
const distinctUsers = (rows: NewBotLog[]) => new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId]))).size;

function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let at = Date.parse(range.from); at <= Date.parse(range.to); at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The bucket [lower, upper) of log_duration_bounds() holding a duration. */
function bucketOf(ms: number): { lower: number; upper: number } {
  const index = bounds.findLastIndex((lower) => lower <= Math.max(ms, 0));
  return { lower: bounds[index]!, upper: bounds[index + 1] ?? bounds[index]! };
}
/** The nearest-rank percentile of the durations, exactly. */
function exactPercentile(rows: NewBotLog[], p: number): number | null {
  const sorted = rows.flatMap((row) => (row.durationMs === null ? [] : [row.durationMs])).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}
/** An estimate is right when it lies in the histogram bucket of the exact value. */
function checkEstimate(t: Test, estimate: number | null, exact: number | null, label: string): void {
  if (exact === null) return void t.equal(estimate, null, `${label}: none`);
  const { lower, upper } = bucketOf(exact);
  t.ok(estimate !== null && estimate >= lower && estimate <= upper, `${label}: ${estimate} is in [${lower}, ${upper}], the bucket of ${exact}`);
}

function placeOf(row: NewBotLog, level: PlaceLevel): string | null {
  if (!row.country && !row.region && !row.city) return null;
  const parts = [row.country, level === 'country' ? null : row.region, level === 'city' ? row.city : null];
  return JSON.stringify(parts.map((part) => part || null));
}
function expectedLocationStats(rows: NewBotLog[], level: PlaceLevel, country?: string) {
  const groups = new Map<string, NewBotLog[]>();
  for (const row of rows) {
    const key = placeOf(row, level);
    if (key === null || (country !== undefined && row.country !== country)) continue;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups]
    .map(([key, group]) => {
      const [placeCountry, region, city] = JSON.parse(key) as (string | null)[];
      const totals = expectedTotals(group);
      return {
        country: placeCountry!,
        region: region!,
        city: city!,
        requests: group.length,
        successful: group.length - totals.errorCount,
        successRate: totals.successRate,
        meanDurationMs: totals.meanDurationMs,
        uniqueUsers: distinctUsers(group),
        lastRequestAt: new Date(Math.max(...group.map((row) => row.createdAt.getTime()))).toISOString(),
      };
    })
    .sort((a, b) => b.requests - a.requests || key(a).localeCompare(key(b)));
}
const key = (place: { country: string | null; region: string | null; city: string | null }) =>
  [place.country, place.region, place.city].map((part) => part ?? '').join('\u0000');

/** Every read function against the figures computed from the rows, over several windows. */
async function checkEveryFigure(t: Test, rows: NewBotLog[]): Promise<void> {
  const windows = [
    lastDays(1, NOW),
    lastDays(7, NOW),
    lastDays(30, NOW),
    lastDays(60, NOW),
    // Whole months only, and whole months with a partial one on either side.
    { from: '2026-10-01', to: '2026-10-31' },
    { from: '2026-09-30', to: '2026-11-01' },
    { from: '2025-01-01', to: '2025-01-31' },
    // A past week inside a month: the month's later days are not in it.
    { from: '2026-10-05', to: '2026-10-11' },
  ];
  for (const range of windows) {
    const label = `${range.from}..${range.to}`;
    const inWindow = within(rows, range);
    t.strictSame(await requestTotals(sql, range), expectedTotals(inWindow), `${label}: totals`);
    t.equal(await uniqueUserCount(sql, range), distinctUsers(inWindow), `${label}: unique users`);

    t.strictSame(
      await dailySeries(sql, range),
      daysOf(range).map((day) => {
        const ofDay = inWindow.filter((row) => dayOf(row) === day);
        return { day, ...expectedTotals(ofDay), uniqueUsers: distinctUsers(ofDay) };
      }),
      `${label}: daily series`,
    );

    t.strictSame(
      await hourOfDayFigures(sql, range),
      Array.from({ length: 24 }, (_, hour) => {
        const ofHour = inWindow.filter((row) => row.createdAt.getUTCHours() === hour);
        return { hour, requests: ofHour.length, errorCount: count(ofHour, (row) => row.level === 'ERROR') };
      }),
      `${label}: hour of day with errors`,
    );

    const times = await responseTimePercentiles(sql, range);
    t.equal(times.count, count(inWindow, (row) => row.durationMs !== null), `${label}: durations counted`);
    checkEstimate(t, times.medianMs, exactPercentile(inWindow, 0.5), `${label}: median`);
    checkEstimate(t, times.p95Ms, exactPercentile(inWindow, 0.95), `${label}: p95`);

    const byUser = new Map<number, { requests: number; last: number }>();
    for (const row of inWindow) {
      if (row.userId === null) continue;
      const user = byUser.get(row.userId) ?? { requests: 0, last: 0 };
      byUser.set(row.userId, { requests: user.requests + 1, last: Math.max(user.last, row.createdAt.getTime()) });
    }
    t.strictSame(
      (await topUsers(sql, range)).map((user) => ({ ...user, lastActiveAt: user.lastActiveAt.toISOString() })),
      [...byUser]
        .sort(([idA, a], [idB, b]) => b.requests - a.requests || idA - idB)
        .slice(0, 20)
        // The logs' users have no telegram_users rows here: no names to show (test/api/analytics.test.ts names them).
        .map(([userId, user]) => ({ userId, requests: user.requests, lastActiveAt: new Date(user.last).toISOString(), firstName: null, lastName: null, username: null })),
      `${label}: top 20 users`,
    );

    for (const level of ['country', 'region', 'city'] as const) {
      const stats = (await locationStats(sql, range, { level })).map((row) => ({ ...row, lastRequestAt: row.lastRequestAt.toISOString() }));
      t.strictSame(stats, expectedLocationStats(inWindow, level), `${label}: stats per ${level}`);
    }
    for (const level of ['country', 'region', 'city'] as const) {
      const durationsAt = (place: { country: string | null; region: string | null; city: string | null }) =>
        count(inWindow, (row) => row.durationMs !== null && placeOf(row, level) === JSON.stringify([place.country, place.region, place.city]));
      t.strictSame(
        (await placeTotals(sql, range, { level })).map((row) => ({ ...row, lastRequestAt: row.lastRequestAt.toISOString() })),
        expectedLocationStats(inWindow, level).map(({ uniqueUsers: _uniqueUsers, ...place }) => ({ ...place, durationCount: durationsAt(place) })),
        `${label}: totals per ${level}`,
      );
    }
    const inItaly = (await locationStats(sql, range, { level: 'city', country: 'Italy' })).map((row) => ({ ...row, lastRequestAt: row.lastRequestAt.toISOString() }));
    t.strictSame(inItaly, expectedLocationStats(inWindow, 'city', 'Italy'), `${label}: stats per city in one country`);
    t.strictSame(
      await topLocations(sql, range, 3),
      expectedLocationStats(inWindow, 'city')
        .slice(0, 3)
        .map(({ country, region, city, requests }) => ({ country, region, city, requests })),
      `${label}: top locations`,
    );
  }
}

/** Every roll-up table's rows and the watermark, in key order. */
async function rollupContents() {
  return {
    state: await sql`SELECT last_log_id FROM log_rollup_state`,
    hourly: await sql`SELECT * FROM log_hourly_totals ORDER BY hour`,
    daily: await sql`SELECT * FROM log_daily_totals ORDER BY day`,
    durations: await sql`SELECT * FROM log_daily_durations ORDER BY day, bucket`,
    locations: await sql`SELECT * FROM log_daily_locations ORDER BY day, country, region, city`,
    users: await sql`SELECT * FROM log_daily_users ORDER BY day, user_id, country, region, city`,
    monthlyUsers: await sql`SELECT * FROM log_monthly_users ORDER BY month, user_id, country, region, city`,
  };
}

t.test('every figure read from the roll-ups equals the same figure computed from the raw rows', async (t) => {
  await resetLogs();
  const random = createRandom(7);
  const past = someLogs(random, 2500, NOW.getTime() - 45 * DAY_MS, THIS_HOUR);
  await insert(past);
  t.strictSame(await rollUpLogs(sql), { logsRolledUp: 2500, lastLogId: 2500 });
  await checkEveryFigure(t, past);

  // The open hour: logs the roll-up has not seen, many from users and places already rolled up today.
  const openHour = someLogs(random, 150, THIS_HOUR, NOW.getTime());
  await insert(openHour);
  t.test('logs of the open hour count before they are rolled up', (t) => checkEveryFigure(t, [...past, ...openHour]));
  t.test('and the same once they are', async (t) => {
    t.strictSame(await rollUpLogs(sql), { logsRolledUp: 150, lastLogId: 2650 });
    await checkEveryFigure(t, [...past, ...openHour]);
  });
});

t.test('incremental, chunked, repeated and concurrent runs hold exactly what one run over all rows holds', async (t) => {
  await resetLogs();
  const random = createRandom(11);
  const all: NewBotLog[] = [];
  for (let round = 0; round < 4; round++) {
    // Each round also writes into days and hours rolled up before.
    const rows = someLogs(random, 400, NOW.getTime() - 10 * DAY_MS, NOW.getTime());
    await insert(rows);
    all.push(...rows);
    const runs = await Promise.all([rollUpLogs(sql, { chunkIds: 150 }), rollUpLogs(sql, { chunkIds: 150 })]);
    t.equal(runs[0].logsRolledUp + runs[1].logsRolledUp, 400, `round ${round}: two overlapping runs add the new rows once between them`);
  }
  const again = await rollUpLogs(sql);
  t.strictSame(again, { logsRolledUp: 0, lastLogId: 1600 }, 'a run with nothing new adds nothing');
  const incremental = await rollupContents();

  await sql`TRUNCATE log_hourly_totals, log_daily_totals, log_daily_durations, log_daily_locations, log_daily_users,
    log_monthly_users`;
  await sql`UPDATE log_rollup_state SET last_log_id = 0`;
  t.strictSame(await rollUpLogs(sql), { logsRolledUp: 1600, lastLogId: 1600 });
  t.strictSame(await rollupContents(), incremental, 'the roll-up tables are identical');
  await checkEveryFigure(t, all);
});

t.test(
  'a log row that commits after a later one is rolled up too',
  { skip: db.kind === 'embedded' ? 'embedded PGlite has one connection: writes cannot interleave' : false },
  async (t) => {
    await resetLogs();
    const random = createRandom(17);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const slowWriter = sql.begin(async (tx) => {
      // Rows of different levels: writers of one level take turns on its row of bot_log_level_counts.
      await insertBotLogs(tx, someLogs(random, 1, THIS_HOUR, NOW.getTime()).map((log) => ({ ...log, level: 'INFO' as const })));
      written();
      await held;
    });
    await firstWritten;
    await insert(someLogs(random, 1, THIS_HOUR, NOW.getTime()).map((log) => ({ ...log, level: 'ERROR' as const })));

    let finished = false;
    const rolling = rollUpLogs(sql).finally(() => (finished = true));
    // Until the roll-up is seen waiting for the open transaction (or has finished without waiting).
    await until(
      async () => finished || (await sql`SELECT FROM pg_locks WHERE NOT granted AND relation = 'bot_logs'::regclass`).length > 0,
      'the roll-up to wait for the open transaction',
    );
    commit();
    await slowWriter;
    t.strictSame(await rolling, { logsRolledUp: 2, lastLogId: 2 }, 'the roll-up waited for the row with the lower id');
  },
);

t.test('retention deletes only old, rolled-up rows, in batches, and the old days still answer from the roll-ups', async (t) => {
  await resetLogs();
  const random = createRandom(13);
  const old = someLogs(random, 1200, NOW.getTime() - 60 * DAY_MS, NOW.getTime() - 20 * DAY_MS);
  const recent = someLogs(random, 300, NOW.getTime() - 20 * DAY_MS, NOW.getTime());
  await insert([...old, ...recent]);
  await rollUpLogs(sql);
  const notRolledUp = someLogs(random, 30, NOW.getTime() - 50 * DAY_MS, NOW.getTime() - 40 * DAY_MS);
  await insert(notRolledUp);

  const cutoff = new Date(NOW.getTime() - 20 * DAY_MS);
  t.strictSame(await deleteRolledUpLogsBefore(sql, cutoff, { batchSize: 500 }), { deleted: 1200, batches: 3 }, '1,200 rows in batches of 500');
  const [left] = await sql<{ old: number; recent: number }[]>`
    SELECT count(*) FILTER (WHERE created_at < ${cutoff})::int AS old, count(*) FILTER (WHERE created_at >= ${cutoff})::int AS recent FROM bot_logs`;
  t.strictSame({ ...left }, { old: 30, recent: 300 }, 'the recent rows and the old ones not rolled up yet are kept');

  await checkEveryFigure(t, [...old, ...recent, ...notRolledUp]);

  t.test('the daily job rolls up first, then deletes what is older than log_retention_days', async (t) => {
    await updateSystemSettings(sql, { logRetentionDays: 45 });
    const result = await applyLogRetention(sql, NOW);
    const olderThan45Days = count(notRolledUp, (row) => row.createdAt.getTime() < NOW.getTime() - 45 * DAY_MS);
    t.equal(result.deleted, olderThan45Days, `the ${olderThan45Days} rows older than 45 days`);
    const [oldest] = await sql<{ at: Date }[]>`SELECT min(created_at) AS at FROM bot_logs`;
    t.ok(oldest!.at.getTime() >= NOW.getTime() - 45 * DAY_MS, 'nothing older is left');
    await checkEveryFigure(t, [...old, ...recent, ...notRolledUp]);
  });
});
