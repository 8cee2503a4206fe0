import type { Sql } from './database.js';

/** The figures the notification monitor watches, read from the bot's own records. */

/** ERROR log rows written in [from, to). */
export async function countErrorsBetween(sql: Sql, from: Date, to: Date): Promise<number> {
  const [row] = await sql<{ errors: number }[]>`
    SELECT count(*)::int AS errors FROM bot_logs WHERE level = 'ERROR' AND created_at >= ${from} AND created_at < ${to}`;
  return row!.errors;
}

export async function countBotUsers(sql: Sql): Promise<number> {
  const [row] = await sql<{ users: number }[]>`SELECT count(*)::int AS users FROM telegram_users`;
  return row!.users;
}

/** One local day's activity, for the daily report. */
export interface DayFigures {
  requests: number;
  /** Share of requests not logged as ERROR, in percent with one decimal; null without requests. */
  successRate: number | null;
  uniqueUsers: number;
  newUsers: number;
  errors: number;
}

/** The instant a local calendar day (YYYY-MM-DD) starts in a time zone, as SQL. */
const dayStart = (sql: Sql, day: string, timeZone: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${timeZone})`;
const nextDayStart = (sql: Sql, day: string, timeZone: string) => sql`(((${day}::date + 1))::timestamp AT TIME ZONE ${timeZone})`;

export async function dayFigures(sql: Sql, day: string, timeZone: string): Promise<DayFigures> {
  const from = dayStart(sql, day, timeZone);
  const to = nextDayStart(sql, day, timeZone);
  const [logs] = await sql<{ requests: number; errors: number; uniqueUsers: number }[]>`
    SELECT count(*)::int AS requests,
      count(*) FILTER (WHERE level = 'ERROR')::int AS errors,
      count(DISTINCT user_id)::int AS unique_users
    FROM bot_logs WHERE created_at >= ${from} AND created_at < ${to}`;
  const [users] = await sql<{ newUsers: number }[]>`
    SELECT count(*)::int AS new_users FROM telegram_users WHERE created_at >= ${from} AND created_at < ${to}`;
  const { requests, errors, uniqueUsers } = logs!;
  return {
    requests,
    successRate: requests === 0 ? null : Math.round(((requests - errors) / requests) * 1000) / 10,
    uniqueUsers,
    newUsers: users!.newUsers,
    errors,
  };
}

/** A bot user refused on every day of a run of local days. */
export interface RefusedUser {
  telegramId: number;
  firstName: string;
}

/**
 * The users who have a log row with the given refusal message on each of `days` consecutive
 * local days ending with `lastDay`.
 */
export async function usersRefusedEveryDay(
  sql: Sql,
  options: { refusal: string; lastDay: string; days: number; timeZone: string },
): Promise<RefusedUser[]> {
  const { refusal, lastDay, days, timeZone } = options;
  return sql<RefusedUser[]>`
    SELECT l.user_id AS telegram_id, coalesce(max(u.first_name), '') AS first_name
    FROM bot_logs l LEFT JOIN telegram_users u ON u.telegram_id = l.user_id
    WHERE l.level = 'WARN' AND l.message = ${refusal} AND l.user_id IS NOT NULL
      AND l.created_at >= ((${lastDay}::date - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone})
      AND l.created_at < ${nextDayStart(sql, lastDay, timeZone)}
    GROUP BY l.user_id
    HAVING count(DISTINCT (l.created_at AT TIME ZONE ${timeZone})::date) = ${days}
    ORDER BY l.user_id`;
}
