/**
 * The contacts directory's figure (issue 4): GET /api/medical-contacts latency with 100,000 contacts
 * for a first page, a search and a filtered sort, through the built app (app.inject), one request
 * at a time and with 20 concurrent clients.
 *
 *   npx tsx bench/contacts.ts                     # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/contacts.ts   # a fresh database on that server (dropped after)
 *
 * Options (environment): BENCH_CONTACTS (100000), BENCH_REQUESTS (300 per case), BENCH_CONCURRENCY (20),
 * BENCH_KEEP=1 (keep the server database, to EXPLAIN its queries).
 * Writes bench/results/contacts.json.
 */
import os from 'node:os';
import type { Sql } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { gazetteerRows } from '../scripts/load-gazetteer.js';
import { createRandom } from '../scripts/demo/random.js';
import { benchToken, buildBenchApp, measureEndpoints, openBenchDatabase, writeResults } from './support.js';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const TARGET_P95_MS = 50;

// Seeded, so runs are comparable.
const random = createRandom(20261121);
const rand = random.next;
const pick = random.pick;



const SPECIALTIES = ['General practice', 'Cardiology', 'Paediatrics', 'Dermatology', 'Gynaecology', 'Orthopaedics', 'Dentistry', 'Psychiatry', 'Neurology', 'Ophthalmology', 'Oncology', 'Urology'];
const FIRST = ['Amara', 'Bruno', 'Chiara', 'Dmitri', 'Elena', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jonas', 'Kira', 'Luca', 'Mei', 'Nadia', 'Omar', 'Priya'];
const LAST = ['Okafor', 'Rossi', 'Muller', 'Dubois', 'Kamau', 'Weber', 'Bianchi', 'Laurent', 'Otieno', 'Fischer', 'Tanaka', 'Silva', 'Novak', 'Haddad'];
const METHODS = ['phone', 'telegram', 'whatsapp'] as const;

/** Contacts in the cities of 100,000 people or more (every country, region and city name real), bulk-inserted. */
async function generateContacts(sql: Sql): Promise<{ countries: Map<string, number> }> {
  const towns = await gazetteerRows((city) => city.population >= 100_000);
  const countries = new Map<string, number>();
  const now = Date.now();
  const BATCH = 10_000;
  for (let start = 0; start < CONTACTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CONTACTS - start) }, (_, offset) => {
      const n = start + offset;
      const town = pick(towns);
      countries.set(town.country, (countries.get(town.country) ?? 0) + 1);
      const method = pick(METHODS);
      const verified = rand() < 0.5;
      const findable = rand() < 0.9;
      return {
        name: `${pick(FIRST)} ${pick(LAST)} ${n}`,
        phone: `+${1 + (n % 98)} ${String(100_000_000 + n * 13).slice(0, 9)}`,
        specialty: pick(SPECIALTIES),
        city: town.name,
        region: town.region,
        country: town.country,
        latitude: findable ? town.latitude : null,
        longitude: findable ? town.longitude : null,
        method,
        username: method === 'telegram' ? `dr_${n}` : null,
        rating: Math.round(rand() * 50) / 10,
        verified: verified ? 1 : 0,
        verifiedAt: verified ? new Date(now - Math.floor(rand() * 200 * 86_400_000)).toISOString() : null,
        active: rand() < 0.9 ? 1 : 0,
        master: rand() < 0.1 ? 1 : 0,
      };
    });
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await sql`
      INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, contact_method,
        telegram_username, rating, verified, verified_at, is_active, is_master_of_medicine)
      SELECT name, phone, specialty, city, region, country, latitude, longitude, method, username, rating, verified <> 0,
        verified_at, active <> 0, master <> 0
      FROM unnest(${column('name')}::text[], ${column('phone')}::text[], ${column('specialty')}::text[], ${column('city')}::text[],
        ${column('region')}::text[], ${column('country')}::text[], ${column('latitude') as (number | null)[]}::float8[],
        ${column('longitude') as (number | null)[]}::float8[], ${column('method')}::text[], ${column('username') as (string | null)[]}::text[],
        ${column('rating')}::numeric[], ${column('verified')}::int[], ${column('verifiedAt') as (string | null)[]}::timestamptz[],
        ${column('active')}::int[], ${column('master')}::int[])
        AS u(name, phone, specialty, city, region, country, latitude, longitude, method, username, rating, verified, verified_at, active, master)`;
    process.stdout.write(`\rcontacts ${(start + rows.length).toLocaleString('en')}/${CONTACTS.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  await sql`ANALYZE medical_contacts`;
  return { countries };
}

async function main() {
  const database = await openBenchDatabase();
  const { sql } = database;
  console.log(`database: ${database.label}`);
  try {
    await runMigrations(sql);
    const generateStarted = performance.now();
    const { countries } = await generateContacts(sql);
    const generateMs = Math.round(performance.now() - generateStarted);
    console.log(`generated ${CONTACTS.toLocaleString('en')} contacts in ${generateMs} ms`);
    const [biggestCountry] = [...countries.entries()].sort((a, b) => b[1] - a[1])[0]!;

    const app = await buildBenchApp(sql);
    const token = await benchToken(app, sql);
    const results = await measureEndpoints(
      app,
      token,
      {
        firstPage: '/api/medical-contacts',
        search: '/api/medical-contacts?search=cardio',
        searchCity: '/api/medical-contacts?search=lyon',
        filteredSort: `/api/medical-contacts?country=${encodeURIComponent(biggestCountry)}&sort=rating&order=desc`,
      },
      { requests: REQUESTS, concurrency: CONCURRENCY },
    );
    await app.close();

    const output = {
      benchmark: 'GET /api/medical-contacts (app.inject)',
      date: new Date().toISOString(),
      database: database.label.replace(/\/bench_[0-9a-f]+$/, ''),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
      contacts: CONTACTS,
      requestsPerCase: REQUESTS,
      concurrency: CONCURRENCY,
      targetP95Ms: TARGET_P95_MS,
      generateMs,
      cases: results,
      withinTarget: Object.values(results).every((result) => result.sequential.p95 < TARGET_P95_MS),
    };
    await writeResults('contacts', output);
  } finally {
    await database.close();
  }
}

await main();
