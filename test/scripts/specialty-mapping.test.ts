import t from 'tap';
import { readFile } from 'node:fs/promises';
import { GENERATED_END, GENERATED_START, MIGRATION_048, specialtyMappingSql } from '../../scripts/specialty-mapping.js';

t.test("migration 048's mapping is what the generator makes of the taxonomy", async (t) => {
  const migration = await readFile(MIGRATION_048, 'utf8');
  const generated = migration.slice(migration.indexOf(GENERATED_START), migration.indexOf(GENERATED_END) + GENERATED_END.length);
  t.equal(generated, specialtyMappingSql(), 'up to date: run `npx tsx scripts/specialty-mapping.ts` when it is not');
});
