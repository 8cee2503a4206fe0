import type { Sql } from '../sql/database.js';

/**
 * `count` log rows spread evenly over [from, to), in id order, in one INSERT … SELECT: skewed users
 * (the square of a uniform number), four in five requests about the user's home town, a tenth
 * without a place, levels 80/8/7/5 % INFO/WARN/ERROR/DEBUG, log-normal durations around 200 ms.
 * setseed makes runs comparable. `users` distinct user ids at most.
 */
export async function generateLogs(sql: Sql, count: number, from: Date, to: Date, seed: number, users: number): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT setseed(${seed})`;
    await tx`
      INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms, latitude, longitude, city, region, country, result_count)
      SELECT ${from}::timestamptz + (${to}::timestamptz - ${from}::timestamptz) * (i::float8 / ${count}),
        CASE WHEN r.level < 0.80 THEN 'INFO' WHEN r.level < 0.88 THEN 'WARN' WHEN r.level < 0.95 THEN 'ERROR' ELSE 'DEBUG' END,
        'generated', (ARRAY['location', 'location', 'location', 'city', 'start', 'help'])[1 + floor(r.command * 6)::int],
        1000000 + r.user, NULL,
        round(200 * exp(0.8 * sqrt(-2 * ln(1 - r.u1)) * cos(2 * pi() * r.u2)))::int, NULL, NULL,
        CASE WHEN r.place < 0.9 THEN 'City ' || c.city END,
        CASE WHEN r.place < 0.9 THEN 'Region ' || (c.city % 150) END,
        CASE WHEN r.place < 0.9 THEN 'Country ' || (c.city % 40) END,
        NULL
      FROM generate_series(0, ${count - 1}) AS i,
        LATERAL (SELECT random() AS level, random() AS command, floor(${users} * random() ^ 2)::int AS user, random() AS u1,
          random() AS u2, random() AS place, random() AS elsewhere, floor(400 * random() ^ 2)::int AS any_city, i AS correlated) r,
        -- Most requests are about the user's home town.
        LATERAL (SELECT CASE WHEN r.elsewhere < 0.2 THEN r.any_city ELSE r.user % 400 END AS city) c`;
  });
}
