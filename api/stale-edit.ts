import type { Sql } from '../sql/database.js';
import { conflict } from './errors.js';

/** The records staff edit in forms, by table, with their audit target type and what the console calls one. */
const EDITED = {
  medical_contacts: { targetType: 'medical_contact', noun: 'contact' },
  authorized_groups: { targetType: 'authorized_group', noun: 'group' },
  message_templates: { targetType: 'message_template', noun: 'template' },
} as const;

/**
 * Locks a record for the rest of the transaction and refuses the save (409) when it changed since the
 * form was opened: `expected` is the `updatedAt` the form was loaded with. A form sends every field, so
 * a save over a colleague's later change would undo it without a word. A client that sends no
 * `expected` saves as before.
 */
export async function refuseStaleEdit(tx: Sql, table: keyof typeof EDITED, id: number, expected: string | undefined): Promise<void> {
  if (expected === undefined) return;
  // Milliseconds: what the API's ISO times carry of PostgreSQL's microseconds.
  const [row] = await tx<{ updatedAt: Date }[]>`SELECT date_trunc('milliseconds', updated_at) AS updated_at FROM ${tx(table)} WHERE id = ${id} FOR UPDATE`;
  if (!row || row.updatedAt.getTime() === Date.parse(expected)) return;
  const { targetType, noun } = EDITED[table];
  const [last] = await tx<{ actorUsername: string | null }[]>`
    SELECT actor_username FROM audit_log WHERE target_type = ${targetType} AND target_id = ${String(id)} ORDER BY id DESC LIMIT 1`;
  const by = last?.actorUsername ? ` by ${last.actorUsername}` : '';
  throw conflict(`This ${noun} was changed${by} since you opened it. Close the form and open it again to see that change, then make yours.`);
}
