import t from 'tap';
import { createRandom, type Random } from '../../scripts/demo/random.js';
import { insertBotLogs, type NewBotLog } from '../../sql/bot-logs.js';
import { hourlyRequests, windowUniqueUserCount, type InstantRange } from '../../sql/dashboard-stats.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { aBotLog } from '../helpers/bot-logs.js';
import { createTestDatabase } from '../helpers/database.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Now is 10:30 on the 21st: the last 24 hours run from 11:00 on the 20th to 11:00 on the 21st. */
const NOW = Date.parse('2026-11-21T10:30:00Z');
const LAST_DAY: InstantRange = { start: new Date('2026-11-20T11:00:00Z'), end: new Date('2026-11-21T11:00:00Z') };
const LAST_WEEK: InstantRange = { start: new Date('2026-11-15T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z') };
const WEEK_BEFORE: InstantRange = { start: new Date('2026-11-08T00:00:00Z'), end: new Date('2026-11-15T00:00:00Z') };

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;

/** A log at a random moment of the last 20 days, up to now: any level, user (or none) and duration (or none). */
function aLog(random: Random): NewBotLog {
  return aBotLog({
    createdAt: new Date(Math.floor(random.float(NOW - 20 * DAY_MS, NOW))),
    level: random.pick(['INFO', 'INFO', 'INFO', 'WARN', 'ERROR', 'DEBUG'] as const),
    userId: random.chance(0.9) ? random.int(1000, 1080) : null,
    durationMs: random.chance(0.9) ? random.int(5, 4000) : null,
  });
}

// The expected figures, computed here from the generated rows alone.
const within = (rows: NewBotLog[], range: InstantRange) =>
  rows.filter((row) => row.createdAt >= range.start && row.createdAt < range.end);
const distinctUsers = (rows: NewBotLog[]) => new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId]))).size;

function expectedHours(rows: NewBotLog[], range: InstantRange) {
  const hours = [];
  for (let at = range.start.getTime(); at < range.end.getTime(); at += HOUR_MS) {
    const inHour = within(rows, { start: new Date(at), end: new Date(at + HOUR_MS) });
    const durations = inHour.flatMap((row) => (row.durationMs === null ? [] : [row.durationMs]));
    hours.push({
      hour: new Date(at),
      requests: inHour.length,
      infoCount: inHour.filter((row) => row.level === 'INFO').length,
      durationCount: durations.length,
      durationSum: durations.reduce((a, b) => a + b, 0),
    });
  }
  return hours;
}

const random = createRandom(7);
const rows = Array.from({ length: 3000 }, () => aLog(random));
// The first two thirds rolled up, the rest above the watermark: the readers must add both.
await insertBotLogs(sql, rows.slice(0, 2000));
await rollUpLogs(sql);
await insertBotLogs(sql, rows.slice(2000));

t.test('hourlyRequests: each hour of the last 24 hours as the raw rows count it', async (t) => {
  const hours = await hourlyRequests(sql, LAST_DAY);
  t.equal(hours.length, 24);
  t.same(hours, expectedHours(rows, LAST_DAY));
  t.ok(hours.reduce((sum, hour) => sum + hour.requests, 0) > 0, 'the window has logs');
});

t.test('windowUniqueUserCount: distinct users of a window starting mid-day or at midnight', async (t) => {
  for (const [label, range] of [['last 24 hours', LAST_DAY], ['last 7 days', LAST_WEEK], ['the 7 days before', WEEK_BEFORE]] as const) {
    t.equal(await windowUniqueUserCount(sql, range), distinctUsers(within(rows, range)), label);
  }
});

t.test('after another roll-up the figures are the same', async (t) => {
  await rollUpLogs(sql);
  t.same(await hourlyRequests(sql, LAST_DAY), expectedHours(rows, LAST_DAY));
  t.equal(await windowUniqueUserCount(sql, LAST_DAY), distinctUsers(within(rows, LAST_DAY)));
  t.equal(await windowUniqueUserCount(sql, WEEK_BEFORE), distinctUsers(within(rows, WEEK_BEFORE)));
});
