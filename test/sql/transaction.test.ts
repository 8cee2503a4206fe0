import t from 'tap';
import { transaction } from '../../sql/transaction.js';
import { createTestDatabase } from '../helpers/database.js';

t.test('transaction(): commits, rolls back on a throw, nests as a savepoint', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  await sql`CREATE TABLE marks (name text)`;
  const names = async () => (await sql<{ name: string }[]>`SELECT name FROM marks ORDER BY name`).map((row) => row.name);

  t.equal(await transaction(sql, async (tx) => (await tx`INSERT INTO marks VALUES ('kept') RETURNING name`).length), 1);
  await t.rejects(transaction(sql, async (tx) => {
    await tx`INSERT INTO marks VALUES ('undone')`;
    throw new Error('no');
  }), { message: 'no' });
  t.strictSame(await names(), ['kept']);

  await transaction(sql, async (tx) => {
    await tx`INSERT INTO marks VALUES ('outer')`;
    await t.rejects(transaction(tx, async (inner) => {
      await inner`INSERT INTO marks VALUES ('inner')`;
      throw new Error('inner fails');
    }));
    await t.rejects(transaction(tx, async () => undefined, 'READ ONLY'), { message: /nested transaction cannot set "READ ONLY"/ });
  });
  t.strictSame(await names(), ['kept', 'outer'], 'the failed savepoint is undone, the outer transaction kept');

  const isolation = await transaction(sql, async (tx) => (await tx<{ level: string }[]>`SELECT current_setting('transaction_isolation') AS level`)[0]!.level, 'ISOLATION LEVEL REPEATABLE READ');
  t.equal(isolation, 'repeatable read', 'the mode applies to an outer transaction');
});
