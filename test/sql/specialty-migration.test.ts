import t from 'tap';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';
import { runMigrations } from '../../sql/migrate.js';

t.test('migration 048 maps the free-text specialties a known name or synonym names, and leaves the rest for staff', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  await runMigrationsBefore(db.sql, '048');
  const typed = [
    'Kinderarzt', 'pediatrician', 'PÄDIATRIE', 'Педіатр', '  dentistry ', 'Zahnärztin', 'Pediatrics', 'Médecin  Généraliste',
    'Sleep medicine', 'Kinderarzd', 'Allergologie', '',
  ];
  const ids = new Map<string, number>();
  for (const [index, specialty] of typed.entries()) {
    const [row] = await db.sql<{ id: number }[]>`
      INSERT INTO medical_contacts (name, phone, specialty, city, region, country) VALUES (${`Contact ${index}`}, ${`+4930123456${index}`}, ${specialty}, 'Berlin', 'Berlin', 'DE')
      RETURNING id`;
    ids.set(specialty, row!.id);
  }

  await runMigrations(db.sql);

  const rows = await db.sql<{ id: number; specialty: string }[]>`SELECT id, specialty FROM medical_contacts ORDER BY id`;
  t.strictSame(
    rows.map((row) => row.specialty),
    [
      'Pediatrics', 'Pediatrics', 'Pediatrics', 'Pediatrics', 'Dentistry', 'Dentistry', 'Pediatrics', 'General Practice',
      'Sleep medicine', 'Kinderarzd', 'Allergologie', '',
    ],
    'known names and synonyms in any language, case and accents become the specialty; the rest stay as typed',
  );
  const audited = await db.sql<{ targetId: string; action: string; before: { specialty: string }; after: { specialty: string } }[]>`
    SELECT target_id, action, before, after FROM audit_log WHERE target_type = 'medical_contact' ORDER BY target_id::bigint`;
  t.strictSame(
    audited.map((entry) => [Number(entry.targetId), entry.action, entry.before.specialty, entry.after.specialty]),
    [
      [ids.get('Kinderarzt'), 'contact.specialty-mapped', 'Kinderarzt', 'Pediatrics'],
      [ids.get('pediatrician'), 'contact.specialty-mapped', 'pediatrician', 'Pediatrics'],
      [ids.get('PÄDIATRIE'), 'contact.specialty-mapped', 'PÄDIATRIE', 'Pediatrics'],
      [ids.get('Педіатр'), 'contact.specialty-mapped', 'Педіатр', 'Pediatrics'],
      [ids.get('  dentistry '), 'contact.specialty-mapped', '  dentistry ', 'Dentistry'],
      [ids.get('Zahnärztin'), 'contact.specialty-mapped', 'Zahnärztin', 'Dentistry'],
      [ids.get('Médecin  Généraliste'), 'contact.specialty-mapped', 'Médecin  Généraliste', 'General Practice'],
    ],
    'each change is in its contact\'s history; a contact already right is not touched',
  );
  const [table] = await db.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM specialties`;
  t.equal(table!.count, 0, 'nothing unknown was turned into a specialty');
});
