import t from 'tap';
import { readStateVersions } from '../../sql/bot-state.js';
import { countTemplateUses } from '../../sql/message-templates.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { createTestDatabase } from '../helpers/database.js';

/**
 * The bot keeps the templates in memory while their version stands still. Counting a
 * template's uses (the recorder, on every flush) is no change of it: were it one, every flush would
 * send every update in flight round again (migration 038). Any other write still moves the version.
 */

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;
await seedDefaultTemplates(sql);
const templatesVersion = async () => (await readStateVersions(sql)).templates;
const [template] = await sql<{ id: number }[]>`SELECT id FROM message_templates WHERE type = 'location_result' AND language = 'en' AND is_active`;
const id = Number(template!.id);

t.test('counting uses keeps the version and counts', async (t) => {
  const before = await templatesVersion();
  await countTemplateUses(sql, [id, id, id]);
  t.equal(await templatesVersion(), before);
  const [row] = await sql<{ usageCount: number }[]>`SELECT usage_count FROM message_templates WHERE id = ${id}`;
  t.equal(Number(row!.usageCount), 3);
});

t.test('an edit moves the version, also when it counts uses in the same statement', async (t) => {
  let before = await templatesVersion();
  await sql`UPDATE message_templates SET content = content || ' ' WHERE id = ${id}`;
  t.equal(await templatesVersion(), before + 1, 'content edited');
  before = await templatesVersion();
  await sql`UPDATE message_templates SET is_active = false, usage_count = usage_count + 1 WHERE id = ${id}`;
  t.equal(await templatesVersion(), before + 1, 'switched off while counting');
  before = await templatesVersion();
  await sql`UPDATE message_templates SET is_active = true WHERE id = ${id}`;
  t.equal(await templatesVersion(), before + 1, 'switched on again');
});

t.test('an update that changes nothing of a template but its uses, or matches no row, keeps the version', async (t) => {
  const before = await templatesVersion();
  await sql`UPDATE message_templates SET usage_count = usage_count + 1`;
  await sql`UPDATE message_templates SET content = 'never' WHERE id = -1`;
  t.equal(await templatesVersion(), before);
});

t.test('inserting and deleting a template move the version', async (t) => {
  let before = await templatesVersion();
  const [added] = await sql<{ id: number }[]>`
    INSERT INTO message_templates (name, type, content, language, is_active) VALUES ('Extra', 'help', 'Extra help', 'en', false) RETURNING id`;
  t.equal(await templatesVersion(), before + 1, 'inserted');
  before = await templatesVersion();
  await sql`DELETE FROM message_templates WHERE id = ${added!.id}`;
  t.equal(await templatesVersion(), before + 1, 'deleted');
});
