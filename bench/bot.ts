/**
 * The bot's figures (issue 3, "Figures to report"): in-process lookup latency with 100,000 contacts,
 * and answered location updates per second end to end through the Telegram simulator with logging on.
 *
 *   npx tsx bench/bot.ts                     # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/bot.ts   # a fresh database on that server (dropped after)
 *
 * Options (environment): BENCH_CONTACTS (100000), BENCH_LOOKUPS (3000), BENCH_SECONDS (12), BENCH_CONCURRENCY (100),
 * BENCH_USERS (2000). Writes bench/results/bot.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBot } from '../bot/create-bot.js';
import { seedDefaultTemplates } from '../bot/default-templates.js';
import { createTelegramSimulator } from '../bot/simulator/index.js';
import { findNearestContacts } from '../sql/contact-lookup.js';
import type { Sql } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { loadGazetteerOnce } from '../scripts/load-gazetteer.js';
import { createRandom } from '../scripts/demo/random.js';
import { openBenchDatabase, percentiles, progress } from './support.js';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const TARGETS = { lookupP99Ms: 2, updatesPerSecond: 500 };

// Seeded, so runs are comparable.
const random = createRandom(20261121);
const rand = random.next;
const pick = random.pick;




interface Town {
  latitude: number;
  longitude: number;
  name: string;
  country: string;
}

const SPECIALTIES = ['General practice', 'Cardiology', 'Paediatrics', 'Dermatology', 'Gynaecology', 'Orthopaedics', 'Dentistry', 'Psychiatry'];
const METHODS = ['phone', 'telegram', 'whatsapp'] as const;

/** 100,000 active contacts around towns of many countries (larger towns get more), with bulk unnest inserts. */
async function generateContacts(sql: Sql, towns: Town[]) {
  const batchSize = 10_000;
  // Larger towns draw more contacts: each town appears in the pool once per 100,000 people, at least once.
  for (let start = 0; start < CONTACTS; start += batchSize) {
    const size = Math.min(batchSize, CONTACTS - start);
    const rows = Array.from({ length: size }, (_, index) => {
      const town = pick(towns);
      const n = start + index;
      const method = pick(METHODS);
      return {
        name: `Dr ${n} of ${town.name}`,
        phone: `+${10 + (n % 89)} ${String(100000000 + n)}`,
        specialty: pick(SPECIALTIES),
        city: town.name,
        country: town.country,
        latitude: Math.max(-90, Math.min(90, town.latitude + (rand() - 0.5) * 0.4)),
        longitude: ((town.longitude + (rand() - 0.5) * 0.4 + 540) % 360) - 180,
        method,
        username: method === 'telegram' ? `dr_${n}` : null,
        master: rand() < 0.1,
      };
    });
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await sql`
      INSERT INTO medical_contacts (name, phone, specialty, city, country, latitude, longitude, contact_method, telegram_username,
        is_master_of_medicine, is_active, verified)
      SELECT name, phone, specialty, city, country, latitude, longitude, method, username, master <> 0, true, true
      FROM unnest(${column('name')}::text[], ${column('phone')}::text[], ${column('specialty')}::text[],
        ${column('city')}::text[], ${column('country')}::text[], ${column('latitude')}::float8[], ${column('longitude')}::float8[],
        ${column('method')}::text[], ${column('username')}::text[], ${rows.map((row) => (row.master ? 1 : 0))}::int[])
        AS u(name, phone, specialty, city, country, latitude, longitude, method, username, master)`;
    progress('contacts', start + size, CONTACTS);
  }
  await sql`ANALYZE medical_contacts`;
}

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase();
  const { sql } = database;
  console.log(`database: ${database.label}`);
  try {
    await runMigrations(sql);
    await seedDefaultTemplates(sql);
    const gazetteerMs = await loadGazetteerOnce(sql);
    console.log(`gazetteer loaded in ${gazetteerMs} ms`);

    const towns = await sql<Town[]>`
      SELECT latitude, longitude, name, country FROM cities, generate_series(1, greatest(1, population / 100000)::int)
      WHERE population >= 50000`;
    const countries = new Set(towns.map((town) => town.country)).size;
    console.log(`${towns.length.toLocaleString('en')} weighted towns in ${countries} countries`);
    const generateStarted = performance.now();
    await generateContacts(sql, towns);
    const generateMs = Math.round(performance.now() - generateStarted);
    console.log(`generated ${CONTACTS.toLocaleString('en')} contacts in ${generateMs} ms`);

    // (1) In-process lookup latency at points near populated places.
    const point = () => {
      const town = pick(towns);
      return { latitude: Math.max(-90, Math.min(90, town.latitude + (rand() - 0.5) * 0.3)), longitude: ((town.longitude + (rand() - 0.5) * 0.3 + 540) % 360) - 180 };
    };
    const options = { limit: 5, radiusKm: 100 };
    for (let index = 0; index < 300; index += 1) await findNearestContacts(sql, point(), options);
    const lookupMs: number[] = [];
    let found = 0;
    for (let index = 0; index < LOOKUPS; index += 1) {
      const where = point();
      const before = performance.now();
      found += (await findNearestContacts(sql, where, options)).length;
      lookupMs.push(performance.now() - before);
    }
    const lookup = { ...percentiles(lookupMs), averageResults: Math.round((found / LOOKUPS) * 100) / 100 };
    console.log(`lookup latency (ms): p50 ${lookup.p50}, p95 ${lookup.p95}, p99 ${lookup.p99} over ${lookup.n} lookups (${lookup.averageResults} results each)`);
    const sample = point();
    const plan = await sql.unsafe(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
       (SELECT id FROM medical_contacts WHERE is_active AND is_master_of_medicine = true AND latitude IS NOT NULL
          AND earth_box(ll_to_earth($1, $2), 100000) @> ll_to_earth(latitude, longitude)
        ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) LIMIT 5)
       UNION ALL
       (SELECT id FROM medical_contacts WHERE is_active AND is_master_of_medicine = false AND latitude IS NOT NULL
          AND earth_box(ll_to_earth($1, $2), 100000) @> ll_to_earth(latitude, longitude)
        ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) LIMIT 5)`,
      [sample.latitude, sample.longitude],
    );
    const lookupPlan = plan.map((row) => String(Object.values(row)[0]));

    // (2) End to end: group members with a high limit send locations concurrently; the bot answers and logs.
    const groupId = -1_000_000_000_001;
    const userIds = Array.from({ length: USERS }, (_, index) => 1_000_000 + index);
    await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${groupId}, 'Benchmark group', 1000000)`;
    await sql`
      INSERT INTO user_memberships (telegram_id, group_id, membership_status, joined_at, last_verified, is_active)
      SELECT id, ${groupId}, 'member', now(), now(), true FROM unnest(${userIds}::bigint[]) AS id`;
    const sim = await createTelegramSimulator();
    sim.createGroup({ id: groupId, title: 'Benchmark group', type: 'supergroup' });
    for (const id of userIds) {
      sim.upsertUser({ id, first_name: `User ${id}` });
      sim.addMember(groupId, id);
    }
    const errors: unknown[] = [];
    const medBot = createBot({ sql, token: sim.token, apiRoot: sim.apiRoot, onError: (error) => errors.push(error) });
    await medBot.start();
    const handledMs: number[] = [];
    let handled = 0;
    let answeredWithResults = 0;
    sim.events.on('botMessage', (_chatId, message) => {
      if (message.text?.includes('medical contacts near')) answeredWithResults += 1;
    });
    const logsBefore = (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bot_logs`)[0]!.n;
    const warmUntil = performance.now() + 2000;
    let measureFrom = 0;
    let measuring = false;
    let stopAt = Infinity;
    const worker = async () => {
      while (performance.now() < stopAt) {
        const before = performance.now();
        const { update_id } = sim.sendLocation(pick(userIds), point());
        await medBot.whenHandled(update_id, 30_000);
        if (measuring) {
          handled += 1;
          handledMs.push(performance.now() - before);
        } else if (performance.now() >= warmUntil) {
          measuring = true;
          measureFrom = performance.now();
          stopAt = measureFrom + SECONDS * 1000;
          answeredWithResults = 0;
        }
      }
    };
    console.log(`end to end: ${CONCURRENCY} updates in flight for ${SECONDS} s (after 2 s of warm-up)…`);
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsedS = (performance.now() - measureFrom) / 1000;
    await medBot.stop();
    await sim.close();
    const logRows = (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bot_logs`)[0]!.n - logsBefore;
    const endToEnd = {
      updatesPerSecond: Math.round(handled / elapsedS),
      handled,
      seconds: Math.round(elapsedS * 10) / 10,
      concurrency: CONCURRENCY,
      users: USERS,
      answeredWithResults,
      logRowsWritten: logRows,
      errors: errors.length,
      firstErrors: [...new Set(errors.map((error) => (error instanceof Error ? error.message : String(error))))].slice(0, 3),
      updateLatencyMs: percentiles(handledMs),
    };
    console.log(`end to end: ${endToEnd.updatesPerSecond} answered location updates/s (${handled} in ${endToEnd.seconds} s), latency p50 ${endToEnd.updateLatencyMs.p50} ms, p99 ${endToEnd.updateLatencyMs.p99} ms, ${errors.length} errors`);

    const version = (await sql<{ version: string }[]>`SELECT version()`)[0]!.version;
    const results = {
      date: new Date().toISOString(),
      command: `${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL=… ' : ''}npx tsx bench/bot.ts`,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        postgres: version,
        database: database.label,
      },
      data: { contacts: CONTACTS, countries, gazetteerLoadMs: gazetteerMs, generateMs },
      targets: TARGETS,
      lookup: { ...lookup, unit: 'ms', meetsTarget: lookup.p99 < TARGETS.lookupP99Ms, plan: lookupPlan },
      endToEnd: { ...endToEnd, meetsTarget: endToEnd.updatesPerSecond >= TARGETS.updatesPerSecond },
      totalSeconds: Math.round((performance.now() - started) / 1000),
    };
    const file = path.resolve('bench/results/bot.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
