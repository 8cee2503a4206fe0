import type { Sql } from './database.js';

/** The tables of the records staff edit in forms that send every field. */
export type EditedTable = 'medical_contacts' | 'authorized_groups' | 'message_templates';

/**
 * Locks a record's row for the rest of the transaction and reads when it last changed, to the
 * millisecond (what the API's ISO times carry of PostgreSQL's microseconds); undefined when it is gone.
 */
export async function lockUpdatedAt(tx: Sql, table: EditedTable, id: number): Promise<Date | undefined> {
  const [row] = await tx<{ updatedAt: Date }[]>`SELECT date_trunc('milliseconds', updated_at) AS updated_at FROM ${tx(table)} WHERE id = ${id} FOR UPDATE`;
  return row?.updatedAt;
}
