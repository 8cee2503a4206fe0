import type { ReportStatus } from '../api/contract/contact-reports.js';
import type { QueueReason } from '../api/contract/verification-queue.js';
import type { Sql } from './database.js';
import { openReportSql, verifiedSql, withVerifier, type MedicalContactRecord } from './medical-contacts.js';
import { transaction } from './transaction.js';

/**
 * The verification queue (docs/specification.md "Verification Queue") and the claims on its contacts
 * (migration 054). Every time is the app's clock, handed in: a claim's lease runs on it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many days back "shown in the last 30 days" counts, today (UTC, as contact_daily_requests keeps them) the last. */
const SHOWN_DAYS = 30;

/** A live claim: who holds it and until when. */
export interface ClaimRecord {
  username: string;
  until: Date;
}

export interface QueueRecord {
  contact: MedicalContactRecord;
  reasons: { kind: QueueReason; since: Date | null }[];
  openReports: number;
  shownLast30Days: number;
  lastVerifiedAt: Date | null;
  claimedBy: ClaimRecord | null;
}

/**
 * In the queue: every contact the contact list counts as due (an active one not verified today, any
 * one with an open report) and every one with a pending proposed correction. Uncorrelated, as
 * openReportSql, so that it holds with medical_contacts aliased or not.
 */
function inQueueSql(sql: Sql, at: Date) {
  return sql`((is_active AND NOT ${verifiedSql(sql, at)}) OR ${openReportSql(sql)}
    OR id IN (SELECT contact_id FROM proposed_corrections WHERE status = 'pending'))`;
}

interface QueueRow {
  id: number;
  oldestReport: Date | null;
  openReports: number;
  shown: number;
  oldestProposal: Date | null;
  isActive: boolean;
  verifiedNow: boolean;
  verified: boolean;
  verifiedAt: Date | null;
  lastVerifiedAt: Date | null;
  lastVerificationOutcome: string | null;
  reverifyAfterDays: number;
  claimedBy: string | null;
  claimedUntil: Date | null;
}

/** Why a contact is in the queue, most pressing first. */
function reasonsOf(row: QueueRow): QueueRecord['reasons'] {
  const reasons: QueueRecord['reasons'] = [];
  if (row.oldestReport) reasons.push({ kind: 'reported', since: row.oldestReport });
  if (row.oldestProposal) reasons.push({ kind: 'proposed_correction', since: row.oldestProposal });
  // An inactive contact is not offered by the bot: only a report or a proposal puts it here.
  if (!row.isActive || row.verifiedNow) return reasons;
  if (row.lastVerificationOutcome === 'unreachable') reasons.push({ kind: 'unreachable', since: row.lastVerifiedAt });
  else if (row.verifiedAt === null && row.lastVerifiedAt === null) reasons.push({ kind: 'never_verified', since: null });
  else if (!row.verified || row.verifiedAt === null) reasons.push({ kind: 'unticked', since: null });
  else reasons.push({ kind: 'overdue', since: new Date(row.verifiedAt.getTime() + row.reverifyAfterDays * DAY_MS) });
  return reasons;
}

/** The first UTC day "shown in the last 30 days" counts from. */
function firstShownDay(at: Date): string {
  return new Date(at.getTime() - (SHOWN_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * One page of the queue: open reports first (the oldest open report first), then the contacts the
 * bot showed most in the last 30 days (the most-shown stale number does the most harm), then the
 * oldest last verification (never verified the oldest of all); id breaks ties. With how many there are.
 */
export async function verificationQueue(sql: Sql, at: Date, page: { limit: number; offset: number }): Promise<{ items: QueueRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    // The queue's conditions name medical_contacts' columns unqualified: they are read before the joins.
    sql<QueueRow[]>`
      WITH due AS (SELECT id, ${verifiedSql(sql, at)} AS verified_now FROM medical_contacts WHERE ${inQueueSql(sql, at)})
      SELECT c.id, c.is_active, c.verified, c.verified_at, c.last_verified_at, c.last_verification_outcome, due.verified_now,
        (SELECT reverify_after_days FROM system_settings WHERE id) AS reverify_after_days,
        reports.oldest AS oldest_report, coalesce(reports.open, 0) AS open_reports,
        coalesce(shown.requests, 0) AS shown,
        (SELECT min(p.proposed_at) FROM proposed_corrections p WHERE p.contact_id = c.id AND p.status = 'pending') AS oldest_proposal,
        holder.username AS claimed_by, claim.expires_at AS claimed_until
      FROM due JOIN medical_contacts c ON c.id = due.id
      LEFT JOIN LATERAL (
        SELECT min(r.created_at) AS oldest, count(*)::int AS open FROM contact_reports r WHERE r.contact_id = c.id AND r.status = 'open'
      ) reports ON true
      LEFT JOIN LATERAL (
        SELECT sum(d.requests)::int AS requests FROM contact_daily_requests d WHERE d.contact_id = c.id AND d.day >= ${firstShownDay(at)}::date
      ) shown ON true
      LEFT JOIN verification_claims claim ON claim.contact_id = c.id AND claim.expires_at > ${at}
      LEFT JOIN admin_users holder ON holder.id = claim.claimed_by
      ORDER BY reports.oldest ASC NULLS LAST, coalesce(shown.requests, 0) DESC, c.last_verified_at ASC NULLS FIRST, c.id
      LIMIT ${page.limit} OFFSET ${page.offset}`,
    countVerificationQueue(sql, at),
  ]);
  const ids = rows.map((row) => row.id);
  const contacts = ids.length === 0 ? [] : await sql<MedicalContactRecord[]>`${withVerifier(sql, sql`(SELECT * FROM medical_contacts WHERE id = ANY(${ids}::bigint[]))`)}`;
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  const items = rows.flatMap((row): QueueRecord[] => {
    const contact = byId.get(row.id);
    if (!contact) return [];
    return [{
      contact,
      reasons: reasonsOf(row),
      openReports: row.openReports,
      shownLast30Days: row.shown,
      lastVerifiedAt: row.lastVerifiedAt,
      claimedBy: row.claimedBy && row.claimedUntil ? { username: row.claimedBy, until: row.claimedUntil } : null,
    }];
  });
  return { items, total };
}

/** How many contacts are in the queue (the sidebar's badge). */
export async function countVerificationQueue(sql: Sql, at: Date): Promise<number> {
  const [row] = await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM medical_contacts WHERE ${inQueueSql(sql, at)}`;
  return row?.total ?? 0;
}

/**
 * Claims a contact for `adminId` until `until`, letting go of any other contact they held: taken when
 * nobody holds it, they hold it already (renewed), or the holder's lease ran out. Returns the claim as
 * it then stands (`claimed` false: another staff member holds it); undefined when there is no such contact.
 */
export async function claimContact(
  sql: Sql,
  claim: { contactId: number; adminId: number; at: Date; until: Date },
): Promise<{ claimed: boolean; claimedBy: ClaimRecord } | undefined> {
  return transaction(sql, async (tx) => {
    const [contact] = await tx<{ id: number }[]>`SELECT id FROM medical_contacts WHERE id = ${claim.contactId}`;
    if (!contact) return undefined;
    await tx`DELETE FROM verification_claims WHERE claimed_by = ${claim.adminId} AND contact_id <> ${claim.contactId}`;
    const [taken] = await tx`
      INSERT INTO verification_claims (contact_id, claimed_by, claimed_at, expires_at)
      VALUES (${claim.contactId}, ${claim.adminId}, ${claim.at}, ${claim.until})
      ON CONFLICT (contact_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
      WHERE verification_claims.claimed_by = excluded.claimed_by OR verification_claims.expires_at <= ${claim.at}
      RETURNING contact_id`;
    const holder = await claimOf(tx, claim.contactId, claim.at);
    return { claimed: taken !== undefined, claimedBy: holder! };
  });
}

/** The live claim on a contact, whoever holds it; undefined when nobody does. */
async function claimOf(sql: Sql, contactId: number, at: Date): Promise<ClaimRecord | undefined> {
  const [row] = await sql<ClaimRecord[]>`
    SELECT u.username, c.expires_at AS until FROM verification_claims c JOIN admin_users u ON u.id = c.claimed_by
    WHERE c.contact_id = ${contactId} AND c.expires_at > ${at}`;
  return row;
}

/** The live claim another staff member than `adminId` holds on the contact; undefined when none does. */
export async function claimByAnother(sql: Sql, contactId: number, adminId: number, at: Date): Promise<ClaimRecord | undefined> {
  const [row] = await sql<ClaimRecord[]>`
    SELECT u.username, c.expires_at AS until FROM verification_claims c JOIN admin_users u ON u.id = c.claimed_by
    WHERE c.contact_id = ${contactId} AND c.expires_at > ${at} AND c.claimed_by <> ${adminId}`;
  return row;
}

/** Lets go of a contact `adminId` holds; true when they held it. */
export async function releaseClaim(sql: Sql, contactId: number, adminId: number): Promise<boolean> {
  const rows = await sql`DELETE FROM verification_claims WHERE contact_id = ${contactId} AND claimed_by = ${adminId} RETURNING contact_id`;
  return rows.length > 0;
}

/** Ends any claim on a contact once its verification is saved (a lapsed one of another's too). */
export async function endClaims(sql: Sql, contactId: number): Promise<void> {
  await sql`DELETE FROM verification_claims WHERE contact_id = ${contactId}`;
}

/**
 * Resolves the contact's open reports with a verification (contact_reports.verification_id): each
 * gets `status`, resolved by the staff member at `at`. Returns the ids of the reports resolved.
 */
export async function resolveReportsByVerification(
  sql: Sql,
  resolution: { contactId: number; verificationId: number; status: Exclude<ReportStatus, 'open'>; adminId: number; at: Date },
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    UPDATE contact_reports SET status = ${resolution.status}, resolved_by = ${resolution.adminId}, resolved_at = ${resolution.at},
      verification_id = ${resolution.verificationId}
    WHERE contact_id = ${resolution.contactId} AND status = 'open'
    RETURNING id`;
  return rows.map((row) => row.id);
}
