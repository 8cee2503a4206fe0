import type { Sql } from '../sql/database.js';
import { lastActorOf } from '../sql/audit-log.js';
import { lockUpdatedAt, type EditedTable } from '../sql/edited-records.js';
import { conflict } from './errors.js';

/** Each edited table's audit target type and what the console calls one of its records. */
const EDITED: Record<EditedTable, { targetType: string; noun: string }> = {
  medical_contacts: { targetType: 'medical_contact', noun: 'contact' },
  authorized_groups: { targetType: 'authorized_group', noun: 'group' },
  message_templates: { targetType: 'message_template', noun: 'template' },
};

/**
 * Locks a record for the rest of the transaction and refuses the save (409) when it changed since the
 * form was opened: `expected` is the `updatedAt` the form was loaded with. A form sends every field, so
 * a save over a colleague's later change would undo it without a word. A client that sends no
 * `expected` saves as before.
 */
export async function refuseStaleEdit(tx: Sql, table: EditedTable, id: number, expected: string | undefined): Promise<void> {
  if (expected === undefined) return;
  const updatedAt = await lockUpdatedAt(tx, table, id);
  if (!updatedAt || updatedAt.getTime() === Date.parse(expected)) return;
  const { targetType, noun } = EDITED[table];
  const actor = await lastActorOf(tx, targetType, id);
  throw conflict(`This ${noun} was changed${actor ? ` by ${actor}` : ''} since you opened it. Close the form and open it again to see that change, then make yours.`);
}
