import type { Sql } from './database.js';
import { transaction } from './transaction.js';

/**
 * Runs load() once per database: the seed is recorded in the same transaction, so a crash
 * half-way loads it again next time, and two processes starting together load it once.
 */
export async function runSeedOnce(sql: Sql, name: string, load: (tx: Sql) => Promise<void>): Promise<boolean> {
  return transaction(sql, async (tx) => {
    const claimed = await tx`INSERT INTO seeds (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING RETURNING name`;
    if (claimed.length === 0) return false;
    await load(tx);
    return true;
  });
}
