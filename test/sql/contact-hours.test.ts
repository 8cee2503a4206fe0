import t from 'tap';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';
import { runMigrations } from '../../sql/migrate.js';
import { classifyContactHours } from '../../sql/contact-hours.js';

t.test('migration 034 with its reading converts the free-text hours that parse and leaves the rest, marked', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  // The database as it was before 034: every migration up to 033.
  await runMigrationsBefore(db.sql, '034');
  const hours = ['Mon–Fri 09:00–17:00', 'Mon, Wed, Fri 14:00–19:00', 'Mon–Fri 9:00–17:00; Sat 10:00–14:00', '24/7', 'Mo-Su 00:00-24:00', 'By appointment', 'Call first', ''];
  for (const [index, text] of hours.entries()) {
    await db.sql`
      INSERT INTO medical_contacts (name, phone, city, country, latitude, longitude, available_hours)
      VALUES (${`Contact ${index}`}, ${`+380 44 000 00${index}`}, 'Kyiv', 'UA', 50.45, 30.52, ${text})`;
  }

  t.equal((await runMigrations(db.sql))[0], '034_contact_hours.sql', '034 is the first migration pending');
  t.equal(await classifyContactHours(db.sql), hours.length, 'every contact is read once');
  const rows = await db.sql<{ availableHours: string; hoursKind: string; timeZone: string }[]>`
    SELECT available_hours, hours_kind, time_zone FROM medical_contacts ORDER BY name`;
  t.strictSame(
    rows.map((row) => [row.availableHours, row.hoursKind]),
    [
      ['Mo-Fr 09:00-17:00', 'scheduled'],
      ['Mo,We,Fr 14:00-19:00', 'scheduled'],
      ['Mo-Fr 09:00-17:00; Sa 10:00-14:00', 'scheduled'],
      ['24/7', 'always'],
      ['Mo-Su 00:00-24:00', 'always'],
      ['By appointment', 'unverified'],
      ['Call first', 'unverified'],
      ['', 'none'],
    ],
  );
  t.ok(rows.every((row) => row.timeZone === 'Europe/Kyiv'), 'each contact has the zone of its coordinates');
  t.equal(await classifyContactHours(db.sql), 0, 'nothing is read twice');

  await db.sql`UPDATE medical_contacts SET available_hours = 'Sat 10:00-14:00' WHERE name = 'Contact 6'`;
  await db.sql`UPDATE medical_contacts SET latitude = 40.71, longitude = -74.0 WHERE name = 'Contact 0'`;
  t.equal(await classifyContactHours(db.sql), 2, 'a change of hours or place is read again');
  const changed = await db.sql<{ availableHours: string; hoursKind: string; timeZone: string }[]>`
    SELECT available_hours, hours_kind, time_zone FROM medical_contacts WHERE name IN ('Contact 0', 'Contact 6') ORDER BY name`;
  t.strictSame(changed.map((row) => ({ ...row })), [
    { availableHours: 'Mo-Fr 09:00-17:00', hoursKind: 'scheduled', timeZone: 'America/New_York' },
    { availableHours: 'Sa 10:00-14:00', hoursKind: 'scheduled', timeZone: 'Europe/Kyiv' },
  ]);
});

t.test('migration 052 has every contact read again by the rule set of the hours field', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  await runMigrationsBefore(db.sql, '052');
  // As the earlier reading left them: "Mon-Fri 9-5" stored as open all night, day words it did not know unread.
  const before = [
    ['Mo-Fr 09:00-05:00', 'scheduled'],
    ['Lun-Ven 9h-17h', 'unverified'],
    ['Mo-Fr 22:00-06:00', 'scheduled'],
    ['By appointment', 'unverified'],
    ['24/7', 'always'],
  ] as const;
  for (const [index, [text, kind]] of before.entries()) {
    await db.sql`
      INSERT INTO medical_contacts (name, phone, city, country, latitude, longitude, available_hours, hours_kind, time_zone)
      VALUES (${`Contact ${index}`}, ${`+380 44 000 00${index}`}, 'Kyiv', 'UA', 50.45, 30.52, ${text}, ${kind}, 'Europe/Kyiv')`;
  }

  t.equal((await runMigrations(db.sql))[0], '052_contact_hours_read_again.sql', '052 is the first migration pending');
  t.equal(await classifyContactHours(db.sql), before.length, 'every contact is read again');
  const rows = await db.sql<{ availableHours: string; hoursKind: string }[]>`SELECT available_hours, hours_kind FROM medical_contacts ORDER BY name`;
  t.strictSame(
    rows.map((row) => [row.availableHours, row.hoursKind]),
    [
      ['Mo-Fr 09:00-05:00', 'unverified'],
      ['Mo-Fr 09:00-17:00', 'scheduled'],
      ['Mo-Fr 22:00-06:00', 'scheduled'],
      ['By appointment', 'unverified'],
      ['24/7', 'always'],
    ],
  );
});
