import type postgres from 'postgres';
import type { Client, Sql } from './database.js';

/** A client that can open a transaction: the pool, not a transaction already open. */
function isClient(sql: Sql): sql is Client {
  return 'begin' in sql && typeof sql.begin === 'function';
}

/** A transaction already open, which can nest one as a savepoint. */
function isTransaction(sql: Sql): sql is postgres.TransactionSql {
  return 'savepoint' in sql && typeof sql.savepoint === 'function';
}

/**
 * Runs `fn` in one transaction and hands it the transaction as the `Sql` every query module
 * accepts. `mode` (e.g. 'ISOLATION LEVEL REPEATABLE READ READ ONLY') applies to an outer
 * transaction; inside one already open, `fn` runs in a savepoint and a mode is refused.
 */
export function transaction<T>(sql: Sql, fn: (tx: Sql) => Promise<T>, mode?: string): Promise<T> {
  // postgres.js types the result as UnwrapPromiseArray<T>: the same T once `fn`'s promise settles.
  if (isClient(sql)) return (mode === undefined ? sql.begin(fn) : sql.begin(mode, fn)) as Promise<T>;
  if (isTransaction(sql)) {
    if (mode !== undefined) return Promise.reject(new Error(`A nested transaction cannot set "${mode}": open it outside the transaction`));
    return sql.savepoint(fn) as Promise<T>;
  }
  return Promise.reject(new Error('This client can neither begin a transaction nor open a savepoint'));
}
