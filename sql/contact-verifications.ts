import type postgres from 'postgres';
import {
  STANDING_OUTCOMES,
  type FieldChange,
  type Verification,
  type VerificationMethod,
  type VerificationOutcome,
} from '../api/contract/contact-verifications.js';
import { AUDIT_ACTIONS, type AuditAction } from '../api/contract/audit-actions.js';
import type { Sql } from './database.js';
import { findMedicalContact, updateMedicalContact, type ContactActor, type ContactColumns, type MedicalContactRecord } from './medical-contacts.js';

/**
 * Contact verifications (migration 053): each one a row of contact_verifications, written with the
 * contact's last_* columns and its stored `verified`, `verified_at` and `verified_by` in the same
 * transaction, so that the history and the contact never tell two stories.
 */

/** A verification to record, by a staff member or by the contact through the bot. */
export interface NewVerification {
  contactId: number;
  at: Date;
  /** The staff member; null for the contact through the bot (verifiedByTelegramId). */
  verifiedBy: number | null;
  verifiedByTelegramId: number | null;
  method: VerificationMethod;
  outcome: VerificationOutcome;
  /** The contact's fields as corrected (outcome corrected): written to it, and those that change kept with their old values. */
  corrections: Partial<ContactColumns>;
  note: string | null;
}

/** A row of the history, with the staff member's username. */
export interface VerificationRecord {
  id: number;
  contactId: number;
  verifiedAt: Date;
  verifiedBy: string | null;
  verifiedByTelegramId: number | null;
  method: VerificationMethod;
  outcome: VerificationOutcome;
  changes: FieldChange[];
  note: string | null;
}

export interface RecordedVerification {
  verification: VerificationRecord;
  /** The contact as it stood before the verification. */
  before: MedicalContactRecord;
  /** The contact as it stands after it. */
  contact: MedicalContactRecord;
  /** The verification deactivated the contact: closed, or unreachable a second time in a row. */
  deactivated: boolean;
}

export function toVerification(record: VerificationRecord): Verification {
  return { ...record, verifiedAt: record.verifiedAt.toISOString() };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Records one verification of a contact: its history row, its corrections, its last_* columns, and
 * the stored verification (`verified` stands after confirmed or corrected, and no longer after
 * unreachable or closed). Closed, or unreachable after unreachable, deactivates the contact. Run it
 * in the transaction that audits it. Undefined when the contact does not exist.
 */
export async function recordVerification(tx: Sql, input: NewVerification): Promise<RecordedVerification | undefined> {
  // Locked first: two verifications of one contact at once each see the other's outcome as the last.
  const [locked] = await tx<{ id: number }[]>`SELECT id FROM medical_contacts WHERE id = ${input.contactId} FOR UPDATE`;
  if (!locked) return undefined;
  const before = (await findMedicalContact(tx, input.contactId))!;
  const changed = (Object.keys(input.corrections) as (keyof ContactColumns)[]).filter((field) => !sameValue(input.corrections[field], before[field]));
  const changes: FieldChange[] = changed.map((field) => ({ field, before: before[field] ?? null, after: input.corrections[field] ?? null }));
  const stands = STANDING_OUTCOMES.includes(input.outcome);
  const deactivated =
    before.isActive && (input.outcome === 'closed' || (input.outcome === 'unreachable' && before.lastVerificationOutcome === 'unreachable'));
  const columns: Partial<ContactColumns> = {
    ...Object.fromEntries(changed.map((field) => [field, input.corrections[field]])),
    verified: stands,
    ...(stands && { verifiedAt: input.at, verifiedBy: input.verifiedBy }),
    ...(deactivated && { isActive: false }),
    lastVerifiedAt: input.at,
    lastVerificationOutcome: input.outcome,
    lastVerificationMethod: input.method,
  };
  const [row] = await tx<{ id: number }[]>`
    INSERT INTO contact_verifications (contact_id, verified_at, verified_by, verified_by_telegram_id, method, outcome, changes, note)
    VALUES (${input.contactId}, ${input.at}, ${input.verifiedBy}, ${input.verifiedByTelegramId}, ${input.method}, ${input.outcome},
      ${tx.json(changes as postgres.JSONValue)}, ${input.note})
    RETURNING id`;
  // After the history row: the contact read back names who made its last verification.
  const contact = (await updateMedicalContact(tx, input.contactId, columns, input.at))!;
  const [verification] = await selectVerifications(tx, tx`v.id = ${row!.id}`);
  return { verification: verification!, before, contact, deactivated };
}

/**
 * Records a confirmation of each of these contacts by the actor at `at` (a bulk edit ticking
 * Verified): their history rows, their stored verification and last_* columns, and an audit entry
 * each, in one statement. Returns how many were recorded.
 */
export async function recordConfirmations(
  sql: Sql,
  contactIds: number[],
  how: { method: VerificationMethod; at: Date; actor: ContactActor },
): Promise<number> {
  if (contactIds.length === 0) return 0;
  const source = sql`SELECT id, ${how.at}::timestamptz AS at FROM medical_contacts WHERE id = ANY(${contactIds}::bigint[])`;
  return confirmEach(sql, source, { ...how, update: true });
}

/**
 * Records the verification each contact of an import was given by its row (its "Verified at", or the
 * import's moment for a row ticked without a date), by method import: their history rows and an audit
 * entry each, in one statement. The import wrote their stored verification and last_* columns with
 * them (insertStagedContacts, sql/contact-import-staging.ts): updating a million rows again, each
 * with the table's indexes, was a fifth of an import's time.
 */
export async function recordImportedVerifications(sql: Sql, importId: number, how: { at: Date; actor: ContactActor }): Promise<number> {
  const source = sql`SELECT id, verified_at AS at FROM medical_contacts WHERE import_id = ${importId} AND verified_at IS NOT NULL`;
  return confirmEach(sql, source, { method: 'import', at: how.at, actor: how.actor, update: false });
}

/**
 * Gives contacts loaded in bulk with a verification date (demo data) that verification as history, by
 * `method`, without audit entries: nobody made them here.
 */
export async function recordLoadedVerifications(sql: Sql, contactIds: number[], method: VerificationMethod): Promise<void> {
  await sql`
    WITH loaded AS (
      SELECT id, verified_at, verified_by FROM medical_contacts WHERE id = ANY(${contactIds}::bigint[]) AND verified_at IS NOT NULL),
    recorded AS (
      INSERT INTO contact_verifications (contact_id, verified_at, verified_by, method, outcome)
      SELECT id, verified_at, verified_by, ${method}::text, 'confirmed' FROM loaded ORDER BY id)
    UPDATE medical_contacts c SET last_verified_at = l.verified_at, last_verification_outcome = 'confirmed', last_verification_method = ${method}::text
    FROM loaded l WHERE c.id = l.id`;
}

/** The audit action of the verifications written in bulk, per contact by the statement that records it. */
const VERIFY = 'contact.verify' satisfies AuditAction;

/**
 * A confirmed verification of each contact of `source` (its id and `at`), audited; `update` writes the
 * contacts' stored verification and last_* columns too, unless they were written with the contacts.
 * Every part reads the contacts as they were before the statement.
 */
async function confirmEach(
  sql: Sql,
  source: postgres.PendingQuery<postgres.Row[]>,
  how: { method: VerificationMethod; at: Date; actor: ContactActor; update: boolean },
): Promise<number> {
  const { actor, method } = how;
  const updated = how.update
    ? sql`
      updated AS (
        UPDATE medical_contacts c SET verified = true, verified_at = s.at, verified_by = ${actor.id}::bigint,
          last_verified_at = s.at, last_verification_outcome = 'confirmed', last_verification_method = ${method}::text, updated_at = ${how.at}::timestamptz
        FROM source s WHERE c.id = s.id
        RETURNING c.id),`
    : sql``;
  const [row] = await sql<{ count: number }[]>`
    WITH source AS (${source}),
    recorded AS (
      INSERT INTO contact_verifications (contact_id, verified_at, verified_by, method, outcome)
      SELECT id, at, ${actor.id}::bigint, ${method}::text, 'confirmed' FROM source ORDER BY id
      RETURNING id, contact_id, verified_at),
    ${updated}
    audited AS (
      INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after, ip)
      SELECT ${actor.id}::bigint, ${actor.username}::text, ${VERIFY}::text, ${AUDIT_ACTIONS[VERIFY]}::text, r.contact_id::text,
        jsonb_build_object('verified', c.verified, 'verifiedAt', c.verified_at),
        jsonb_build_object('verified', true, 'verifiedAt', r.verified_at,
          'verification', jsonb_build_object('id', r.id, 'method', ${method}::text, 'outcome', 'confirmed')),
        ${actor.ip}::text
      FROM recorded r JOIN medical_contacts c ON c.id = r.contact_id)
    SELECT count(*)::int AS count FROM recorded`;
  return row?.count ?? 0;
}

function selectVerifications(sql: Sql, condition: postgres.PendingQuery<postgres.Row[]>) {
  return sql<VerificationRecord[]>`
    SELECT v.id, v.contact_id, v.verified_at, u.username AS verified_by, v.verified_by_telegram_id, v.method, v.outcome, v.changes, v.note
    FROM contact_verifications v LEFT JOIN admin_users u ON u.id = v.verified_by
    WHERE ${condition}
    ORDER BY v.verified_at DESC, v.id DESC`;
}

/** A contact's verifications, newest first. */
export async function listVerifications(sql: Sql, contactId: number): Promise<VerificationRecord[]> {
  return selectVerifications(sql, sql`v.contact_id = ${contactId}`);
}

/** A verification loaded in bulk as history (demo data), by staff or by a linked Telegram account: what it changed, not the corrections to write. */
export type LoadedVerification = Omit<NewVerification, 'corrections'> & { changes: FieldChange[] };

/**
 * Loads verifications in bulk as history (demo data), without audit entries: nobody made them here.
 * Each contact's last_* columns and stored verification follow its newest row, as recordVerification
 * leaves them (`verified` while the newest confirmed the details; `verified_at` and `verified_by` of the
 * newest that did), in two statements whatever the number of rows.
 */
export async function loadVerificationHistory(sql: Sql, rows: LoadedVerification[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  await sql`
    INSERT INTO contact_verifications (contact_id, verified_at, verified_by, verified_by_telegram_id, method, outcome, changes, note)
    SELECT r."contactId", r.at, r."verifiedBy", r."verifiedByTelegramId", r.method, r.outcome, r.changes, r.note
    FROM jsonb_to_recordset(${sql.json(records as unknown as postgres.JSONValue)}) AS r(
      "contactId" bigint, at timestamptz, "verifiedBy" bigint, "verifiedByTelegramId" bigint, method text, outcome text, changes jsonb, note text)
    ORDER BY r.at`;
  const ids = [...new Set(rows.map((row) => row.contactId))];
  await sql`
    WITH newest AS (
      SELECT DISTINCT ON (contact_id) contact_id, verified_at, method, outcome FROM contact_verifications
      WHERE contact_id = ANY(${ids}::bigint[]) ORDER BY contact_id, verified_at DESC, id DESC),
    confirmed AS (
      SELECT DISTINCT ON (contact_id) contact_id, verified_at, verified_by FROM contact_verifications
      WHERE contact_id = ANY(${ids}::bigint[]) AND outcome IN ${sql(STANDING_OUTCOMES)} ORDER BY contact_id, verified_at DESC, id DESC)
    UPDATE medical_contacts c SET
      last_verified_at = n.verified_at, last_verification_outcome = n.outcome, last_verification_method = n.method,
      verified = n.outcome IN ${sql(STANDING_OUTCOMES)},
      verified_at = coalesce(f.verified_at, c.verified_at),
      verified_by = CASE WHEN f.contact_id IS NULL THEN c.verified_by ELSE f.verified_by END
    FROM newest n LEFT JOIN confirmed f ON f.contact_id = n.contact_id
    WHERE c.id = n.contact_id`;
}

/** A Telegram account linked to a contact (migration 055), loaded in bulk: demo data. */
export interface LoadedLinkedAccount {
  contactId: number;
  telegramId: number;
  linkedAt: Date;
  lastRemindedAt: Date | null;
  remindersStoppedAt: Date | null;
}

/** Links Telegram accounts to contacts in bulk (demo data), as opening a confirmation link would; their self-confirmations are loadVerificationHistory's. */
export async function loadLinkedAccounts(sql: Sql, accounts: LoadedLinkedAccount[]): Promise<void> {
  if (accounts.length === 0) return;
  await sql`
    INSERT INTO contact_linked_accounts ${sql(
      accounts.map((account) => ({ ...account })),
      'contactId',
      'telegramId',
      'linkedAt',
      'lastRemindedAt',
      'remindersStoppedAt',
    )}`;
}
