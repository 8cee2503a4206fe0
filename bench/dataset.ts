/**
 * The benchmark's data set: contacts around the gazetteer's towns in many countries, bot
 * users, a year of bot logs, authorized groups with their members, and finished broadcasts with
 * their recipients, generated in the database (INSERT … SELECT over generate_series, a chunk per
 * statement, seeded), then rolled up as the product does. Every size is multiplied by the scale.
 */
import type { Sql } from '../sql/database.js';
import { addLogPartitions } from '../sql/log-partitions.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import { NAMES } from '../scripts/demo/names.js';
import { progress } from './support.js';
import { transaction } from '../sql/transaction.js';
import { recordLoadedVerifications } from '../sql/contact-verifications.js';
import { classifyContactHours } from '../sql/contact-hours.js';
import { readContactPhones } from '../sql/contact-phones.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bot users have consecutive Telegram ids from here: user n is FIRST_USER_ID + n. */
export const FIRST_USER_ID = 100_000_000;
/** Authorized group n is FIRST_GROUP_ID - n. */
const FIRST_GROUP_ID = -1_001_000_000_000;
const FIRST_NAMES = Object.values(NAMES).flatMap((names) => names.first);
const LAST_NAMES = Object.values(NAMES).flatMap((names) => names.last);
/** The contacts' specialties. */
export const SPECIALTIES = ['General practice', 'Cardiology', 'Paediatrics', 'Dermatology', 'Gynaecology', 'Orthopaedics', 'Dentistry', 'Psychiatry', 'Neurology', 'Ophthalmology', 'Oncology', 'Urology'];

export interface DatasetSizes {
  contacts: number;
  botUsers: number;
  logs: number;
  groups: number;
  broadcasts: number;
  recipientsPerBroadcast: number;
  /** Distinct contacts shown on a day (contact_daily_requests rows per day). */
  contactsShownPerDay: number;
}

/**
 * The sizes times `scale` (0.01 for a quick run), never below what makes each figure meaningful;
 * `contacts` sets the directory's size on its own (BENCH_CONTACTS: a country-sized directory without a
 * country-sized year of logs).
 */
export function datasetSizes(scale: number, contacts?: number): DatasetSizes {
  const scaled = (size: number, least: number) => Math.max(least, Math.round(size * scale));
  return {
    contacts: contacts ?? scaled(100_000, 200),
    botUsers: scaled(100_000, 200),
    logs: scaled(3_000_000, 2_000),
    groups: scaled(500, 5),
    broadcasts: scaled(50, 2),
    recipientsPerBroadcast: scaled(2_000, 20),
    contactsShownPerDay: scaled(5_000, 10),
  };
}

export interface TableGeneration {
  rows: number;
  ms: number;
  rowsPerSecond: number;
}

export interface Dataset {
  sizes: DatasetSizes;
  /** Countries the contacts are in. */
  countries: number;
  /** Rows, time and rate per generated table, and the first roll-up of the logs. */
  generation: Record<string, TableGeneration>;
  /** Towns to ask the bot about (larger towns more often, as the contacts are placed). */
  towns: Town[];
}

export interface Town {
  name: string;
  region: string;
  country: string;
  latitude: number;
  longitude: number;
}

/**
 * Generates the data set into a migrated database with the gazetteer loaded, then rolls the logs
 * up. Logs span the year before `now`, up to a minute ago (the last minute is the roll-up job's).
 */
export async function generateDataset(sql: Sql, sizes: DatasetSizes, now: Date): Promise<Dataset> {
  const generation: Record<string, TableGeneration> = {};
  const timed = async (table: string, rows: () => Promise<number>) => {
    const started = performance.now();
    const count = await rows();
    const ms = Math.round(performance.now() - started);
    generation[table] = { rows: count, ms, rowsPerSecond: Math.round(count / (Math.max(ms, 1) / 1000)) };
    console.log(`  ${table}: ${count.toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s (${generation[table].rowsPerSecond.toLocaleString('en')} rows/s)`);
  };
  const towns = await createPlaces(sql);
  try {
    await timed('medical_contacts', () =>
      withIndexesBuiltAfter(sql, 'medical_contacts', async () => {
        const rows = await generateContacts(sql, sizes.contacts, now);
        // What the product reads at start in contacts written without it (scripts/product.ts): here, before the
        // indexes are built, rather than in one statement over a million indexed rows as the benchmark's product starts.
        await classifyContactHours(sql);
        await readContactPhones(sql);
        return rows;
      }),
    );
    await timed('contact_verifications', () => generateVerificationHistory(sql));
    await timed('telegram_users', () => withIndexesBuiltAfter(sql, 'telegram_users', () => generateBotUsers(sql, sizes.botUsers, now)));
    await timed('authorized_groups + user_memberships', () => generateGroups(sql, sizes, now));
    const logsUntil = new Date(now.getTime() - 60_000);
    const logsFrom = new Date(now.getTime() - 365 * DAY_MS);
    // Each month's partition made before its rows come, rather than moved out of the default partition after.
    await addLogPartitions(sql, logsFrom, now);
    // Their texts' trigram index too: the logs add a text per kind and place they log.
    await timed('bot_logs', () =>
      withIndexesBuiltAfter(sql, 'bot_logs', () => withIndexesBuiltAfter(sql, 'bot_log_texts', () => generateLogs(sql, sizes, logsFrom, logsUntil))),
    );
    await timed('contact_daily_requests', () => generateContactRequests(sql, sizes, now));
    await timed('broadcasts + broadcast_recipients', () => generateBroadcasts(sql, sizes, now));
  } finally {
    await sql`DROP TABLE IF EXISTS bench_places`;
  }
  await timed('log roll-ups (first run)', async () => (await rollUpLogs(sql)).logsRolledUp);
  await sql`VACUUM ANALYZE`;
  const [counted] = await sql<{ countries: number }[]>`SELECT count(DISTINCT country)::int AS countries FROM medical_contacts`;
  return { sizes, countries: counted!.countries, generation, towns };
}

/**
 * bench_places: the gazetteer's towns of 15,000 people or more, numbered, each repeated once per
 * 200,000 inhabitants so that larger towns draw more contacts, users and requests.
 */
async function createPlaces(sql: Sql): Promise<Town[]> {
  await sql`DROP TABLE IF EXISTS bench_places`;
  await sql`
    CREATE UNLOGGED TABLE bench_places AS
    SELECT (row_number() OVER (ORDER BY c.id, g) - 1)::int AS n, c.name, c.region, c.country, c.country_code, c.latitude, c.longitude
    FROM cities c, generate_series(1, greatest(1, c.population / 200000)::int) AS g
    WHERE c.population >= 15000`;
  const places = await sql<Town[]>`SELECT name, region, country, latitude, longitude FROM bench_places ORDER BY n`;
  if (places.length === 0) throw new Error('the gazetteer is empty: load it before generating the data set');
  return places;
}

/**
 * Drops the table's indexes other than its constraints' and its unique ones (ON CONFLICT needs those), runs
 * the load, and builds them again, as their definitions were: one build is much faster than keeping GiST
 * and trigram indexes up to date row by row.
 */
async function withIndexesBuiltAfter(sql: Sql, table: string, load: () => Promise<number>): Promise<number> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes i
    WHERE schemaname = current_schema() AND tablename = ${table}
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      AND NOT (SELECT indisunique FROM pg_index WHERE indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass)`;
  for (const { name } of indexes) await sql`DROP INDEX ${sql(name)}`;
  const rows = await load();
  for (const [index, { definition }] of indexes.entries()) {
    await transaction(sql, async (tx) => {
      await tx`SET LOCAL maintenance_work_mem = '128MB'`;
      // A partitioned table's index reads `ON ONLY`, which would build it for the parent alone.
      await tx.unsafe(definition.replace(' ON ONLY ', ' ON '));
    });
    progress(`  ${table} indexes`, index + 1, indexes.length);
  }
  return rows;
}

/**
 * Runs `statement(from, to)` over [0, total) in chunks, each in its own seeded transaction (so
 * runs are comparable), with the progress bar. Returns the rows inserted.
 */
async function inChunks(sql: Sql, label: string, total: number, chunk: number, statement: (tx: Sql, from: number, to: number) => Promise<{ count: number }>): Promise<number> {
  let rows = 0;
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk);
    rows += await transaction(sql, async (tx) => {
      await tx`SELECT setseed(${(from / total) * 0.9})`;
      return (await statement(tx, from, to)).count;
    });
    progress(`  ${label}`, to, total);
  }
  return rows;
}

/** Contacts near towns (a few km around), most findable on the map, a tenth Master of Medicine. */
async function generateContacts(sql: Sql, count: number, now: Date): Promise<number> {
  return inChunks(sql, 'contacts', count, 20_000, (tx, from, to) => tx`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, contact_method,
      telegram_username, rating, verified, verified_at, is_active, is_master_of_medicine, available_hours, response_time, created_at)
    SELECT 'Dr ' || f.first || ' ' || f.last, '+' || (1 + i % 98) || ' ' || (100000000 + i * 13), f.specialty, p.name, p.region, p.country_code,
      CASE WHEN r.findable THEN greatest(-90, least(90, p.latitude + r.dlat)) END,
      CASE WHEN r.findable THEN ((p.longitude + r.dlon + 540)::numeric % 360 - 180)::float8 END,
      r.method, CASE WHEN r.method = 'telegram' THEN 'dr_' || i END, round((r.rating * 5)::numeric, 1), r.verified,
      CASE WHEN r.verified THEN ${now}::timestamptz - make_interval(days => floor(r.age * 400)::int) END,
      r.active, r.master, CASE WHEN i % 10 = 0 THEN '24/7' ELSE 'Mon–Fri 09:00–17:00' END,
      (ARRAY['within 30 minutes', 'within 2 hours', 'same day'])[1 + i % 3],
      ${now}::timestamptz - make_interval(days => floor(r.age * 700)::int)
    FROM generate_series(${from}::int, ${to - 1}::int) AS i
      CROSS JOIN LATERAL (SELECT floor(random() * (SELECT count(*) FROM bench_places))::int AS place, random() < 0.95 AS findable,
        (random() - 0.5) * 0.1 AS dlat, (random() - 0.5) * 0.1 AS dlon,
        (ARRAY['phone', 'phone', 'telegram', 'whatsapp'])[1 + floor(random() * 4)::int] AS method, random() AS rating,
        random() < 0.6 AS verified, random() AS age, random() < 0.9 AS active, random() < 0.1 AS master, i AS row) r
      -- Each lateral names a column of the row before, so that it is drawn again for every row.
      CROSS JOIN LATERAL (SELECT (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length})::int] AS first,
        (${LAST_NAMES}::text[])[1 + floor(random() * ${LAST_NAMES.length})::int] AS last,
        (${SPECIALTIES}::text[])[1 + floor(random() * ${SPECIALTIES.length})::int] AS specialty, r.row) f
      JOIN bench_places p ON p.n = r.place`);
}

/**
 * The verified contacts' verifications as history, as a directory verified before the history was kept
 * has them (method import): the bot's directory and the figures read them as they would a real one's.
 */
async function generateVerificationHistory(sql: Sql): Promise<number> {
  const verified = await sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE verified_at IS NOT NULL AND last_verified_at IS NULL`;
  await recordLoadedVerifications(sql, verified.map((row) => row.id), 'import');
  return verified.length;
}

/** Bot users with names from the demo lists, first seen over two years, a tenth unreachable. */
async function generateBotUsers(sql: Sql, count: number, now: Date): Promise<number> {
  return inChunks(sql, 'bot users', count, 20_000, (tx, from, to) => tx`
    INSERT INTO telegram_users (telegram_id, first_name, last_name, username, language_code, is_active, total_requests, last_seen, created_at)
    SELECT ${FIRST_USER_ID}::bigint + i, f.first, CASE WHEN random() < 0.7 THEN f.last END,
      CASE WHEN random() < 0.6 THEN lower(f.first) || '_' || i END,
      (ARRAY['en', 'fr', 'de', 'es', 'it', 'pt', 'uk', 'ar'])[1 + i % 8], random() < 0.9, floor(400 * random() ^ 3)::int,
      ${now}::timestamptz - make_interval(secs => random() * 365 * 86400), ${now}::timestamptz - make_interval(secs => (365 + random() * 365) * 86400)
    FROM generate_series(${from}::int, ${to - 1}::int) AS i
      CROSS JOIN LATERAL (SELECT (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length})::int] AS first,
        (${LAST_NAMES}::text[])[1 + floor(random() * ${LAST_NAMES.length})::int] AS last, i AS row) f`);
}

/** Authorized groups named after towns; every user is a member of one, a fifth of a second one. */
async function generateGroups(sql: Sql, sizes: DatasetSizes, now: Date): Promise<number> {
  const groups = await sql`
    INSERT INTO authorized_groups (group_id, group_name, group_type, daily_limit, description, is_active, created_at)
    SELECT ${FIRST_GROUP_ID}::bigint - g, 'Clinic network ' || p.name || ' ' || g, CASE WHEN g % 7 = 0 THEN 'group' ELSE 'supergroup' END,
      (ARRAY[3, 5, 10, 20])[1 + g % 4], 'Patients of the ' || p.name || ' clinics', g % 20 <> 0, ${now}::timestamptz - make_interval(days => g % 700)
    FROM generate_series(0, ${sizes.groups - 1}::int) AS g JOIN bench_places p ON p.n = (g * 7919) % (SELECT count(*) FROM bench_places)`;
  const memberships = await inChunks(sql, 'memberships', sizes.botUsers, 50_000, (tx, from, to) => tx`
    INSERT INTO user_memberships (telegram_id, group_id, membership_status, joined_at, last_verified, is_active)
    SELECT ${FIRST_USER_ID}::bigint + i, ${FIRST_GROUP_ID}::bigint - m.g, CASE WHEN random() < 0.95 THEN 'member' ELSE 'left' END,
      ${now}::timestamptz - make_interval(days => floor(random() * 700)::int), ${now}::timestamptz - make_interval(mins => floor(random() * 1440)::int), true
    FROM generate_series(${from}::int, ${to - 1}::int) AS i
      CROSS JOIN LATERAL (SELECT i % ${sizes.groups} AS g UNION ALL SELECT (i * 31 + 7) % ${sizes.groups} WHERE i % 5 = 0 AND ${sizes.groups} > 1) m
    ON CONFLICT DO NOTHING`);
  return groups.count + memberships;
}

/**
 * What the bot logs, with each kind's share of requests: the level, message, command, whether it
 * carries a place, and how many contacts it answered with (null: not a lookup).
 */
const LOG_KINDS = `(VALUES
  (0.00, 0.45, 'INFO', 'Answered a location with % contacts', 'location', true, 1, NULL),
  (0.45, 0.49, 'WARN', 'No contacts within the search radius', 'location', true, 0, NULL),
  (0.49, 0.54, 'WARN', 'Daily limit reached', 'location', false, NULL, NULL),
  (0.54, 0.64, 'INFO', 'Asked to confirm a place', 'text', true, NULL, NULL),
  (0.64, 0.67, 'WARN', 'No place matches the text', 'text', false, NULL, NULL),
  (0.67, 0.73, 'INFO', 'Answered a confirmed place with % contacts', 'callback', true, 1, NULL),
  (0.73, 0.83, 'INFO', 'Sent the welcome message', '/start', false, NULL, NULL),
  (0.83, 0.88, 'INFO', 'Sent help', '/help', false, NULL, NULL),
  (0.88, 0.91, 'ERROR', 'Failed to answer', 'location', true, NULL, 'ETIMEDOUT while contacting Telegram'),
  (0.91, 0.92, 'ERROR', 'Failed to answer', 'text', false, NULL, 'canceling statement due to statement timeout'),
  (0.92, 0.97, 'DEBUG', 'Checked membership of 1 authorized group with Telegram', 'location', false, NULL, NULL),
  (0.97, 1.01, 'WARN', 'Refused: not a member of an authorized group', '/start', false, NULL, NULL)
) AS k(from_p, to_p, level, message, command, has_place, results, error_message)`;

/**
 * `sizes.logs` rows over [from, to), in id order, the same number each day with more by day than
 * by night. Skewed users (a few ask a lot), four requests in five about the user's home town,
 * three in ten from a group chat, log-normal durations around 180 ms (errors wait for a timeout).
 */
async function generateLogs(sql: Sql, sizes: DatasetSizes, from: Date, to: Date): Promise<number> {
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  const perDay = sizes.logs / days;
  const kinds = sql.unsafe(LOG_KINDS);
  // Each row takes the id of its text as the bot's recorder gives it (sql/bot-logs.ts): the message, command and
  // error with the row's place (migration 059), so bot_log_texts holds a text per kind and place logged, as a
  // product's database does after a year. The chunk's rows are numbered by their distinct text, and one
  // bot_log_text_ids call per chunk adds or finds those texts (their day moves on chunk by chunk) and returns
  // their ids in that order: the insert trigger would call it once per row.
  return inChunks(sql, 'bot logs', sizes.logs, 100_000, (tx, first, last) => tx`
    WITH chunk AS MATERIALIZED (
      SELECT *, dense_rank() OVER (ORDER BY message, command, error_message, request) AS text_n
      FROM (
        SELECT i, created_at, level, message, command, user_id, chat_id, duration_ms, error_message, metadata,
          latitude, longitude, city, region, country, result_count, bot_log_request_text(metadata, city, region, country) AS request
        FROM (
          SELECT i, ${from}::timestamptz + make_interval(secs => 86400 * (t.day + t.part - 0.6 * sin(2 * pi() * t.part) / (2 * pi()))) AS created_at,
            k.level, replace(k.message, '%', coalesce(c.results::text, '')) AS message, k.command, ${FIRST_USER_ID}::bigint + r.user AS user_id,
            CASE WHEN r.group_chat THEN ${FIRST_GROUP_ID}::bigint - r.user % ${sizes.groups} ELSE ${FIRST_USER_ID}::bigint + r.user END AS chat_id,
            CASE WHEN k.level = 'ERROR' THEN 5000 + floor(r.u1 * 5000)::int
              ELSE round(180 * exp(0.6 * sqrt(-2 * ln(1 - r.u1)) * cos(2 * pi() * r.u2)))::int END AS duration_ms,
            k.error_message, jsonb_build_object('updateId', 500000000 + i) AS metadata,
            CASE WHEN k.command = 'location' AND k.has_place THEN p.latitude + r.dlat END AS latitude,
            CASE WHEN k.command = 'location' AND k.has_place THEN p.longitude + r.dlon END AS longitude,
            CASE WHEN k.has_place THEN p.name END AS city, CASE WHEN k.has_place THEN p.region END AS region,
            CASE WHEN k.has_place THEN p.country END AS country, c.results AS result_count
          FROM generate_series(${first}::bigint, ${last - 1}::bigint) AS i
            -- The day of the row and how far into it; the sine puts fewer rows at night (UTC) than by day.
            CROSS JOIN LATERAL (SELECT floor(i / ${perDay}::float8) AS day, i / ${perDay}::float8 - floor(i / ${perDay}::float8) AS part) t
            CROSS JOIN LATERAL (SELECT random() AS kind, floor(${sizes.botUsers} * random() ^ 2)::int AS user, random() < 0.3 AS group_chat,
              random() AS u1, random() AS u2, random() < 0.2 AS elsewhere, random() AS anywhere,
              (random() - 0.5) * 0.2 AS dlat, (random() - 0.5) * 0.2 AS dlon, random() AS found, i AS row) r
            JOIN ${kinds} ON r.kind >= k.from_p AND r.kind < k.to_p
            CROSS JOIN LATERAL (SELECT CASE WHEN k.results = 1 THEN 1 + floor(r.found * 5)::int ELSE k.results END AS results,
              CASE WHEN r.elsewhere THEN floor(r.anywhere * (SELECT count(*) FROM bench_places))::int
                ELSE (r.user * 7919) % (SELECT count(*) FROM bench_places) END AS place) c
            JOIN bench_places p ON p.n = c.place
        ) generated
      ) requests
    ), texts AS MATERIALIZED (
      -- Each text's columns are the same in all its rows; its day is its newest row's, in UTC.
      SELECT text_n, min(message) AS message, min(command) AS command, min(error_message) AS error_message, min(request) AS request,
        max((created_at AT TIME ZONE 'UTC')::date) AS day
      FROM chunk GROUP BY text_n
    ), ids AS MATERIALIZED (
      SELECT bot_log_text_ids(array_agg(message ORDER BY text_n), array_agg(command ORDER BY text_n), array_agg(error_message ORDER BY text_n),
        array_agg(request ORDER BY text_n), array_agg(day ORDER BY text_n)) AS ids
      FROM texts
    )
    INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms, error_message, metadata,
      latitude, longitude, city, region, country, result_count, text_id)
    SELECT created_at, level, message, command, user_id, chat_id, duration_ms, error_message, metadata,
      latitude, longitude, city, region, country, result_count, ids.ids[text_n]
    FROM chunk CROSS JOIN ids
    ORDER BY i`);
}

/** Each day of the year, `contactsShownPerDay` contacts shown in answers, a few times each. */
async function generateContactRequests(sql: Sql, sizes: DatasetSizes, now: Date): Promise<number> {
  return inChunks(sql, 'contact requests', 365, 30, (tx, from, to) => tx`
    INSERT INTO contact_daily_requests (contact_id, day, requests)
    SELECT c.id, (${now}::timestamptz - make_interval(days => d))::date, 1 + floor(6 * random() ^ 2)::int
    FROM generate_series(${from}::int, ${to - 1}::int) AS d
      -- Drawn again for each day: the offset by d makes the subquery depend on it.
      CROSS JOIN LATERAL (SELECT DISTINCT (SELECT min(id) FROM medical_contacts) + (floor(random() * ${sizes.contacts})::int + d * 7919) % ${sizes.contacts} AS id
        FROM generate_series(1, ${sizes.contactsShownPerDay})) c
    ON CONFLICT DO NOTHING`);
}

/** Finished broadcasts over the year, each to a run of users, 3 % of them unreachable. */
async function generateBroadcasts(sql: Sql, sizes: DatasetSizes, now: Date): Promise<number> {
  const broadcasts = await sql<{ id: number }[]>`
    INSERT INTO broadcasts (title, content, target_type, status, success_count, failure_count, total_recipients, created_at, started_at, finished_at)
    SELECT 'Notice ' || b, 'Hello {first_name}, the clinics of your network have news (' || b || ').', 'selected', 'sent',
      0, 0, ${sizes.recipientsPerBroadcast}, at, at, at + interval '2 minutes'
    FROM generate_series(1, ${sizes.broadcasts}::int) AS b, LATERAL (SELECT ${now}::timestamptz - make_interval(days => 365 * b / (${sizes.broadcasts} + 1)) AS at) t
    RETURNING id::int`;
  let rows = broadcasts.length;
  for (const [index, { id }] of broadcasts.entries()) {
    const firstUser = (index * sizes.recipientsPerBroadcast) % Math.max(1, sizes.botUsers - sizes.recipientsPerBroadcast);
    const recipients = await sql`
      INSERT INTO broadcast_recipients (broadcast_id, telegram_id, status, attempts, error, unreachable, sent_at)
      SELECT ${id}, ${FIRST_USER_ID}::bigint + ${firstUser} + u, CASE WHEN u % 33 = 0 THEN 'failed' ELSE 'delivered' END, 1,
        CASE WHEN u % 33 = 0 THEN 'Forbidden: bot was blocked by the user' END, u % 33 = 0, b.started_at + make_interval(secs => u / 30.0)
      FROM generate_series(0, ${sizes.recipientsPerBroadcast - 1}::int) AS u, broadcasts b WHERE b.id = ${id}`;
    await sql`
      UPDATE broadcasts SET success_count = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ${id} AND status = 'delivered'),
        failure_count = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ${id} AND status = 'failed')
      WHERE id = ${id}`;
    rows += recipients.count;
    progress('  broadcasts', index + 1, broadcasts.length);
  }
  return rows;
}
