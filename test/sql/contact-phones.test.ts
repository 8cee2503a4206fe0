import t from 'tap';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';
import { runMigrations } from '../../sql/migrate.js';
import { readContactPhones } from '../../sql/contact-phones.js';
import { insertCities } from '../../sql/cities.js';
import { contactStats, listMedicalContacts } from '../../sql/medical-contacts.js';
import { ContactListQuerySchema } from '../../api/contract/medical-contacts.js';

const NOW = new Date('2026-11-21T10:00:00Z');

t.test('migration 049 with its reading puts the phones of their country in E.164, keeps the rest as typed for staff, and marks city-centre places', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  // The database as it was before 046, holding today's values: phones and countries as typed (046 makes the countries codes).
  await runMigrationsBefore(db.sql, '046');
  await insertCities(db.sql, [
    { id: 2950159, name: 'Berlin', altName: '', countryCode: 'DE', country: 'Germany', adminCode: '16', region: 'Berlin', population: 3_426_354, latitude: 52.52437, longitude: 13.41053 },
  ]);
  const contacts: [name: string, phone: string, country: string, latitude: number | null, longitude: number | null][] = [
    ['Dr National', '030 1234567', 'Germany', 52.52437, 13.41053],
    ['Dr Named In German', '(030) 765-4321', 'Deutschland', 52.5, 13.4],
    ['Dr Code', '030 7654329', 'DE', null, null],
    ['Dr International', '+44 20 7946 0958', 'Germany', 52.52437, 13.41053],
    ['Dr Too Short', '030 12', 'Germany', 52.51, 13.39],
    ['Dr Words', 'ask at the desk', 'Germany', null, null],
    ['Dr Unknown Country', '030 1234568', 'Atlantis', null, null],
  ];
  for (const [name, phone, country, latitude, longitude] of contacts) {
    await db.sql`
      INSERT INTO medical_contacts (name, phone, city, region, country, latitude, longitude)
      VALUES (${name}, ${phone}, 'Berlin', 'Berlin', ${country}, ${latitude}, ${longitude})`;
  }

  t.ok((await runMigrations(db.sql)).includes('049_contact_phones_and_approximate_places.sql'), '049 is pending');
  t.equal(await readContactPhones(db.sql), contacts.length, 'every contact is read once');
  const rows = await db.sql<{ name: string; phone: string; phoneStatus: string; locationApproximate: boolean }[]>`
    SELECT name, phone, phone_status, location_approximate FROM medical_contacts ORDER BY id`;
  t.strictSame(
    rows.map((row) => [row.name, row.phone, row.phoneStatus, row.locationApproximate]),
    [
      ['Dr National', '+49301234567', 'e164', true],
      ['Dr Named In German', '+49307654321', 'e164', false],
      ['Dr Code', '+49307654329', 'e164', false],
      ['Dr International', '+442079460958', 'e164', true],
      ['Dr Too Short', '030 12', 'unreadable', false],
      ['Dr Words', 'ask at the desk', 'unreadable', false],
      ['Dr Unknown Country', '030 1234568', 'unreadable', false],
    ],
    "valid numbers of the contact's country in E.164, the rest as typed and marked; the contacts standing on their city's point approximate",
  );
  t.equal(await readContactPhones(db.sql), 0, 'nothing is read twice');

  const stats = await contactStats(db.sql, NOW);
  t.match(stats, { phonesNotReadable: 3, locationApproximate: 2 }, 'the list counts them for staff');
  const listed = await listMedicalContacts(db.sql, ContactListQuerySchema.parse({ phoneStatus: 'unreadable' }), NOW);
  t.strictSame(listed.map((contact) => contact.name).sort(), ['Dr Too Short', 'Dr Unknown Country', 'Dr Words'], 'and lists them');

  await db.sql`UPDATE medical_contacts SET country = 'DE', country_unrecognised = NULL WHERE name = 'Dr Unknown Country'`;
  await db.sql`UPDATE medical_contacts SET phone = '030 1234569' WHERE name = 'Dr Too Short'`;
  t.equal(await readContactPhones(db.sql), 2, 'a change of phone or country is read again');
  const changed = await db.sql<{ name: string; phone: string; phoneStatus: string }[]>`
    SELECT name, phone, phone_status FROM medical_contacts WHERE name IN ('Dr Too Short', 'Dr Unknown Country') ORDER BY name`;
  t.strictSame(changed.map((row) => ({ ...row })), [
    { name: 'Dr Too Short', phone: '+49301234569', phoneStatus: 'e164' },
    { name: 'Dr Unknown Country', phone: '+49301234568', phoneStatus: 'e164' },
  ]);
});
