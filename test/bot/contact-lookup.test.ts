import t from 'tap';
import { createContactLookup, type ContactDirectory } from '../../bot/answering/contact-lookup.js';
import type { Sql } from '../../sql/database.js';
import { CONTACT_PLACES, manyContacts, seededRandom } from '../helpers/contacts.js';
import { createTestDatabase } from '../helpers/database.js';
import { aContact } from '../helpers/bot-fixtures.js';
import type { LanguageCode } from '../../api/contract/languages.js';

/** The names of the directory's findable contacts, in its items' order. */
function directoryNames(directory: ContactDirectory): string[] {
  const names: string[] = [];
  directory.forEachItem((item) => names.push(directory.nameOf(item)));
  return names;
}

/** What the lookup answered before its places were kept in memory: two KNN scans in the database. */
async function nearestInDatabase(sql: Sql, point: { latitude: number; longitude: number }, options: { limit: number; radiusKm: number }) {
  const origin = sql`ll_to_earth(${point.latitude}, ${point.longitude})`;
  const tier = (master: boolean) => sql`
    SELECT id, earth_distance(ll_to_earth(latitude, longitude), ${origin}) / 1000 AS distance_km
    FROM medical_contacts
    WHERE is_active AND is_master_of_medicine = ${master} AND latitude IS NOT NULL
      AND earth_box(${origin}, ${options.radiusKm * 1000}) @> ll_to_earth(latitude, longitude)
    ORDER BY ll_to_earth(latitude, longitude) <-> ${origin}
    LIMIT ${options.limit}`;
  const rows = await sql<{ id: number; distanceKm: number }[]>`(${tier(true)}) UNION ALL (${tier(false)})`;
  return rows.filter((row) => row.distanceKm <= options.radiusKm).slice(0, options.limit);
}

const idsAndKm = (rows: { id: number; distanceKm: number }[]) => rows.map((row) => [row.id, Math.round(row.distanceKm * 1e6) / 1e6]);

t.test('the nearest contacts, found in memory', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const { sql } = db;
  const lookup = createContactLookup(sql);

  t.strictSame(await lookup.findNearest({ latitude: 48.85, longitude: 2.35 }, { limit: 5, radiusKm: 100 }), [], 'an empty directory finds nothing');

  await manyContacts(sql, 3000, 11);
  // Spread the contacts around their cities, so that no two are as far from a point.
  await sql`SELECT setseed(0.42)`;
  await sql`UPDATE medical_contacts SET latitude = latitude + (random() - 0.5), longitude = longitude + (random() - 0.5) WHERE latitude IS NOT NULL`;

  t.test('the same contacts, in the same order and at the same distances, as the database finds', async (t) => {
    const random = seededRandom(5);
    let compared = 0;
    for (let index = 0; index < 150; index++) {
      const place = CONTACT_PLACES[index % CONTACT_PLACES.length]!;
      const point = { latitude: place.latitude + (random() - 0.5) * 2, longitude: place.longitude + (random() - 0.5) * 2 };
      for (const options of [{ limit: 5, radiusKm: 100 }, { limit: 10, radiusKm: 25 }, { limit: 3, radiusKm: 500 }]) {
        const expected = idsAndKm(await nearestInDatabase(sql, point, options));
        t.strictSame(idsAndKm(await lookup.findNearest(point, options)), expected, `${JSON.stringify(point)} ${JSON.stringify(options)}`);
        compared += expected.length;
      }
    }
    t.ok(compared > 1000, `${compared} contacts compared`);
  });

  t.test('a change to the directory by anyone, SQL by hand included, shows in the next lookup', async (t) => {
    const point = { latitude: 10, longitude: 10 };
    const options = { limit: 5, radiusKm: 50 };
    t.strictSame(await lookup.findNearest(point, options), [], 'nobody near 10°N 10°E');
    const [moved] = await sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE is_active AND NOT is_master_of_medicine ORDER BY id LIMIT 1`;
    await sql`UPDATE medical_contacts SET latitude = 10.1, longitude = 10 WHERE id = ${moved!.id}`;
    const found = await lookup.findNearest(point, options);
    t.strictSame(found.map((contact) => contact.id), [moved!.id], 'a contact moved there is found');
    t.equal(Math.round(found[0]!.distanceKm * 10) / 10, 11.1, 'at its distance');

    const [master] = await sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE is_active AND is_master_of_medicine ORDER BY id LIMIT 1`;
    await sql`UPDATE medical_contacts SET latitude = 10.3, longitude = 10 WHERE id = ${master!.id}`;
    t.strictSame((await lookup.findNearest(point, options)).map((contact) => contact.id), [master!.id, moved!.id], 'a Master of Medicine comes first, though farther');

    await sql`UPDATE medical_contacts SET is_active = false WHERE id = ${master!.id}`;
    t.strictSame((await lookup.findNearest(point, options)).map((contact) => contact.id), [moved!.id], 'a deactivated contact is not');
    await sql`DELETE FROM medical_contacts WHERE id = ${moved!.id}`;
    t.strictSame(await lookup.findNearest(point, options), [], 'nor a deleted one');
  });

  t.test('the radius is a circle on the sphere, its edge included', async (t) => {
    const [contact] = await sql<{ id: number }[]>`
      UPDATE medical_contacts SET latitude = -20, longitude = -20
      WHERE id = (SELECT id FROM medical_contacts WHERE is_active AND latitude IS NOT NULL ORDER BY id LIMIT 1) RETURNING id`;
    const point = { latitude: -20.5, longitude: -20 };
    const [edge] = await sql<{ km: number }[]>`SELECT earth_distance(ll_to_earth(-20, -20), ll_to_earth(-20.5, -20)) / 1000 AS km`;
    const km = edge!.km;
    t.strictSame((await lookup.findNearest(point, { limit: 5, radiusKm: km })).map((found) => found.id), [contact!.id], `found at exactly ${km} km`);
    t.strictSame(await lookup.findNearest(point, { limit: 5, radiusKm: km - 0.001 }), [], 'not a metre closer');
  });
});

t.test("contacts who speak the asker's language come first among the nearly as near", async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const lookup = createContactLookup(db.sql);
  /** 0.01 degree of latitude is 1.113 km on earthdistance's sphere. */
  const kyiv = { latitude: 50.45, longitude: 30.52 };
  const at = (degrees: number) => ({ latitude: kyiv.latitude + degrees, longitude: kyiv.longitude });
  const add = (name: string, degrees: number, spec: { languages?: string[]; isMasterOfMedicine?: boolean } = {}) =>
    aContact(db.sql, { name, ...at(degrees), languages: ['en'], ...spec });
  const names = async (options: { limit: number; radiusKm: number; language?: LanguageCode }, point = kyiv) =>
    (await lookup.findNearest(point, options)).map((contact) => contact.name);

  await add('Near', 0.01);
  await add('Second', 0.012);
  await add('Third', 0.013);
  await add('Speaker at 1.4x', 0.014, { languages: ['en', 'uk'] });
  await add('Speaker at 2x', 0.02, { languages: ['uk'] });
  await add('Master, far', 0.1, { isMasterOfMedicine: true });
  await add('Master, near', 0.09, { isMasterOfMedicine: true, languages: ['pl', 'en'] });
  await add('Master speaker beyond 1.5x', 0.14, { isMasterOfMedicine: true, languages: ['uk'] });

  t.strictSame(
    await names({ limit: 8, radiusKm: 50 }),
    ['Master, near', 'Master, far', 'Master speaker beyond 1.5x', 'Near', 'Second', 'Third', 'Speaker at 1.4x', 'Speaker at 2x'],
    'without a language, the order of today: masters, then the rest, each nearest first',
  );
  t.strictSame(
    await names({ limit: 8, radiusKm: 50, language: 'uk' }),
    ['Master, near', 'Master, far', 'Master speaker beyond 1.5x', 'Speaker at 1.4x', 'Near', 'Second', 'Third', 'Speaker at 2x'],
    'the speaker within 1.5x comes first among the rest; the one at 2x and the master at 1.56x keep their places',
  );
  t.strictSame(
    await names({ limit: 3, radiusKm: 50, language: 'pl' }),
    ['Master, near', 'Master, far', 'Master speaker beyond 1.5x'],
    'Master of Medicine first, though a nearer non-master speaks the language',
  );
  t.strictSame(
    await names({ limit: 4, radiusKm: 50, language: 'uk' }),
    ['Master, near', 'Master, far', 'Master speaker beyond 1.5x', 'Speaker at 1.4x'],
    'as many as the limit, the speaker among them though three others were nearer',
  );
  t.strictSame(
    await names({ limit: 4, radiusKm: 50, language: 'en' }),
    ['Master, near', 'Master, far', 'Master speaker beyond 1.5x', 'Near'],
    'when everyone speaks it, distance decides',
  );

  // Only non-masters near this point: their window is measured from their own nearest.
  const away = { latitude: 40, longitude: 30.52 };
  await aContact(db.sql, { name: 'Away near', latitude: 40.01, longitude: 30.52, languages: ['en'] });
  await aContact(db.sql, { name: 'Away speaker at 1.49x', latitude: 40.0149, longitude: 30.52, languages: ['uk'] });
  await aContact(db.sql, { name: 'Away speaker at 1.6x', latitude: 40.016, longitude: 30.52, languages: ['uk'] });
  t.strictSame(
    await names({ limit: 3, radiusKm: 50, language: 'uk' }, away),
    ['Away speaker at 1.49x', 'Away near', 'Away speaker at 1.6x'],
    'a speaker just within 1.5 times the distance comes first, one at 1.6 times keeps its place',
  );
  t.strictSame(
    await names({ limit: 3, radiusKm: 1.5, language: 'uk' }, away),
    ['Away near'],
    'and never from beyond the radius',
  );
});

t.test('changes are read once each, in order, while the directory kept keeps answering; a failed read keeps it and is tried again', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  let failing = false;
  /** The database, or one that refuses every statement while `failing`. */
  const sql = new Proxy(db.sql, {
    apply(target, thisArg, args) {
      if (failing) return Promise.reject(new Error('the database is away'));
      return Reflect.apply(target, thisArg, args) as unknown;
    },
  }) as Sql;
  const reads = { all: 0, changes: 0 };
  const lookup = createContactLookup(sql, { loaded: (what) => (reads[what] += 1) });
  const paris = { latitude: 48.8566, longitude: 2.3522 };
  const names = async () => directoryNames(await lookup.directory()).sort();
  const version = async () => (await db.sql<{ version: number }[]>`SELECT version FROM contact_directory_version`)[0]!.version;

  const first = await aContact(db.sql, { ...paris, name: 'Dr First' });
  t.strictSame(await names(), ['Dr First']);

  await db.sql`UPDATE medical_contacts SET name = 'Dr One' WHERE id = ${first.id}`;
  const second = await aContact(db.sql, { ...paris, name: 'Dr Second' });
  const current = await version();
  const kept = await lookup.directory();
  lookup.prefetch(current);
  t.equal(await lookup.directory(), kept, 'told of a change by a notification, answers keep reading the directory kept while it is read');
  lookup.refresh(current);
  lookup.refresh(current);
  const [one, other] = await Promise.all([lookup.directory(), lookup.directory()]);
  t.equal(one, other, 'two callers share one read');
  t.strictSame(await names(), ['Dr One', 'Dr Second'], 'both changes, applied in order');
  t.strictSame(reads, { all: 1, changes: 1 }, 'the changes read once, the directory never again');

  await db.sql`DELETE FROM medical_contacts WHERE id = ${second.id}`;
  lookup.refresh(await version());
  failing = true;
  await t.rejects(lookup.directory(), { message: 'the database is away' });
  failing = false;
  t.strictSame(await names(), ['Dr One'], 'read again on the next call, from the directory kept');
  t.strictSame(reads, { all: 1, changes: 2 });
});

t.test('a database moved back (restored from a backup) is read again whole, once', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const reads = { all: 0, changes: 0 };
  const lookup = createContactLookup(db.sql, { loaded: (what) => (reads[what] += 1) });
  const paris = { latitude: 48.8566, longitude: 2.3522 };
  await aContact(db.sql, { ...paris, name: 'Dr Kept' });
  const gone = await aContact(db.sql, { ...paris, name: 'Dr Gone' });
  const loaded = await lookup.directory();
  t.ok(loaded.version > 1);

  await db.sql`UPDATE contact_directory_version SET version = 0`;
  await db.sql`DELETE FROM contact_directory_changes`;
  await db.sql`DELETE FROM medical_contacts WHERE id = ${gone.id}`;
  const [current] = await db.sql<{ version: number }[]>`SELECT version FROM contact_directory_version`;
  t.ok(current!.version < loaded.version, 'behind the version the lookup holds');
  lookup.refresh(current!.version);
  const restored = await lookup.directory();
  t.strictSame(directoryNames(restored), ['Dr Kept']);
  t.equal(restored.version, current!.version);
  t.equal(await lookup.directory(), restored, 'kept from then on');
  t.strictSame(reads, { all: 2, changes: 0 });
});

t.test('many changes are read a page at a time and compacted once; more than an eighth of the directory, it is read again whole', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const reads = { all: 0, changes: 0 };
  const lookup = createContactLookup(db.sql, { loaded: (what) => (reads[what] += 1) }, 2);
  const paris = { latitude: 48.8566, longitude: 2.3522 };
  const contacts = [];
  for (let count = 0; count < 24; count += 1) contacts.push(await aContact(db.sql, { ...paris, name: `Dr ${count}` }));
  const version = async () => (await db.sql<{ version: number }[]>`SELECT version FROM contact_directory_version`)[0]!.version;
  const loaded = await lookup.directory();
  t.equal(loaded.size, 24);

  // Three contacts (an eighth of 24): three pages of two ids at most, the last moving the version.
  await db.sql`UPDATE medical_contacts SET name = name || ' (edited)' WHERE id IN ${db.sql(contacts.slice(0, 2).map((contact) => contact.id))}`;
  await db.sql`UPDATE medical_contacts SET is_active = false WHERE id = ${contacts[2]!.id}`;
  lookup.refresh(await version());
  const caughtUp = await lookup.directory();
  t.equal(caughtUp, loaded, 'the same directory, edited in place');
  t.strictSame([caughtUp.version, caughtUp.size], [await version(), 23]);
  t.strictSame(directoryNames(caughtUp).filter((name) => name.endsWith('(edited)')).sort(), ['Dr 0 (edited)', 'Dr 1 (edited)']);
  t.strictSame(reads, { all: 1, changes: 1 });

  // Four contacts: more than an eighth of 23.
  await db.sql`UPDATE medical_contacts SET name = name || '!' WHERE id IN ${db.sql(contacts.slice(3, 7).map((contact) => contact.id))}`;
  lookup.refresh(await version());
  const reloaded = await lookup.directory();
  t.not(reloaded, loaded, 'a new directory');
  t.strictSame([reloaded.version, reloaded.size, directoryNames(reloaded).filter((name) => name.endsWith('!')).length], [await version(), 23, 4]);
  t.strictSame(reads, { all: 2, changes: 1 }, 'read again whole');
});
