import t from 'tap';
import { runMigrations } from '../../sql/migrate.js';
import { unrecognisedContactValues } from '../../sql/medical-contacts.js';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';

/** Contacts as the directory held them before codes: countries and languages as staff typed them. */
const WRITTEN: { name: string; country: string; languages: string[] }[] = [
  { name: 'Dr English', country: 'Germany', languages: ['German', 'English'] },
  { name: 'Dr Deutsch', country: 'Deutschland', languages: ['Deutsch', 'English', 'German'] },
  { name: 'Dr Ukrainian', country: 'Німеччина', languages: ['німецька', 'українська'] },
  { name: 'Dr Code', country: 'de', languages: ['de'] },
  { name: 'Dr Britain', country: 'UK', languages: ['English'] },
  { name: 'Dr Typo', country: 'Germny', languages: ['Deutsh', 'English'] },
  { name: 'Dr Atlantis', country: 'Atlantis', languages: ['Klingon'] },
  { name: 'Dr Congo', country: 'Congo', languages: ['French', 'Lingala'] },
  { name: 'Dr Nowhere', country: '', languages: [] },
];

t.test('migrations 046 and 047 turn the names they know into codes and set the rest aside for staff, never guessed', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  await runMigrationsBefore(sql, '046');
  for (const contact of WRITTEN) {
    await sql`INSERT INTO medical_contacts (name, phone, city, region, country, languages)
      VALUES (${contact.name}, '+49 30 1234567', 'Berlin', 'Berlin', ${contact.country}, ${contact.languages}::text[])`;
  }

  const applied = await runMigrations(sql);
  t.strictSame(applied.slice(0, 2), ['046_contact_country_codes.sql', '047_contact_language_codes.sql'], 'the next two migrations to run');

  const rows = await sql<{ name: string; country: string; countryUnrecognised: string | null; languages: string[]; languagesUnrecognised: string[] }[]>`
    SELECT name, country, country_unrecognised, languages, languages_unrecognised FROM medical_contacts ORDER BY id`;
  t.strictSame([...rows], [
    { name: 'Dr English', country: 'DE', countryUnrecognised: null, languages: ['de', 'en'], languagesUnrecognised: [] },
    { name: 'Dr Deutsch', country: 'DE', countryUnrecognised: null, languages: ['de', 'en'], languagesUnrecognised: [] },
    { name: 'Dr Ukrainian', country: 'DE', countryUnrecognised: null, languages: ['de', 'uk'], languagesUnrecognised: [] },
    { name: 'Dr Code', country: 'DE', countryUnrecognised: null, languages: ['de'], languagesUnrecognised: [] },
    { name: 'Dr Britain', country: 'GB', countryUnrecognised: null, languages: ['en'], languagesUnrecognised: [] },
    { name: 'Dr Typo', country: '', countryUnrecognised: 'Germny', languages: ['en'], languagesUnrecognised: ['Deutsh'] },
    { name: 'Dr Atlantis', country: '', countryUnrecognised: 'Atlantis', languages: [], languagesUnrecognised: ['Klingon'] },
    { name: 'Dr Congo', country: '', countryUnrecognised: 'Congo', languages: ['fr', 'ln'], languagesUnrecognised: [] },
    { name: 'Dr Nowhere', country: '', countryUnrecognised: null, languages: [], languagesUnrecognised: [] },
  ], 'known names become codes, each language once in the order written; typos, unknown and ambiguous names wait for staff');

  t.strictSame(await unrecognisedContactValues(sql), {
    country: { contacts: 3, values: [{ value: 'Atlantis', contacts: 1 }, { value: 'Congo', contacts: 1 }, { value: 'Germny', contacts: 1 }], otherValues: 0 },
    languages: { contacts: 2, values: [{ value: 'Deutsh', contacts: 1 }, { value: 'Klingon', contacts: 1 }], otherValues: 0 },
  }, 'the console lists them');

  await t.rejects(
    sql`UPDATE medical_contacts SET country = 'Germany' WHERE name = 'Dr Code'`,
    /medical_contacts_country_code/,
    'from now on, a country is a code',
  );
  await t.rejects(
    sql`UPDATE medical_contacts SET languages = '{German}' WHERE name = 'Dr Code'`,
    /medical_contacts_language_codes/,
    'and so are the languages',
  );
  const [fresh] = await sql<{ languages: string[] }[]>`
    INSERT INTO medical_contacts (name, phone, city, region, country) VALUES ('Dr New', '+49 30 7654321', 'Berlin', 'Berlin', 'DE') RETURNING languages`;
  t.strictSame(fresh!.languages, ['en'], 'a new contact speaks English by default, as a code');
});
