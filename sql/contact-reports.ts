import type { ContactProblem, ReportStatus } from '../api/contract/contact-reports.js';
import type { Sql } from './database.js';
import { createNotification, type NewNotification } from './notifications.js';
import { transaction } from './transaction.js';

/** A report as stored, with the resolver's username joined. */
export interface StoredContactReport {
  id: number;
  contactId: number;
  telegramId: number;
  problem: ContactProblem;
  comment: string | null;
  reportedOn: string;
  createdAt: Date;
  status: ReportStatus;
  resolvedBy: string | null;
  resolvedAt: Date | null;
}

export interface NewContactReport {
  contactId: number;
  telegramId: number;
  problem: ContactProblem;
  /** The user's day in the configured time zone: one open report per user, contact and day. */
  reportedOn: string;
  createdAt: Date;
  /** The bot update that stores it: an attempt of the same update finds it as its own. */
  updateId?: number | null;
  /** Given at once only by data loads; the bot takes it as the reply to its prompt (commentOnReport). */
  comment?: string | null;
}

/** Stores a report; undefined when this user's report of this contact that day is still open. */
export async function insertContactReport(sql: Sql, report: NewContactReport): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO contact_reports (contact_id, telegram_id, problem, reported_on, created_at, update_id, comment)
    VALUES (${report.contactId}, ${report.telegramId}, ${report.problem}, ${report.reportedOn}, ${report.createdAt}, ${report.updateId ?? null}, ${report.comment ?? null})
    ON CONFLICT (contact_id, telegram_id, reported_on) WHERE status = 'open' DO NOTHING
    RETURNING id`;
  return row?.id;
}

/** What storing a report did: stored it now, or found it stored by an earlier attempt of the same update. */
export interface StoredReport {
  id: number;
  storedBefore: boolean;
}

/**
 * Stores a report and raises its notification (its metadata gains the report's id) in one transaction,
 * so that an update tried again after an outage finds both or neither. The report this update stored
 * already (its first attempt lost the commit's answer) is given back, raising nothing again, whatever
 * staff did with it since. Undefined when the user's report of the contact that day is still open.
 */
export async function storeContactReport(sql: Sql, report: NewContactReport, notification: NewNotification): Promise<StoredReport | undefined> {
  return transaction(sql, async (tx) => {
    if (report.updateId !== undefined && report.updateId !== null) {
      const [own] = await tx<{ id: number }[]>`
        SELECT id FROM contact_reports
        WHERE contact_id = ${report.contactId} AND telegram_id = ${report.telegramId} AND update_id = ${report.updateId}`;
      if (own) return { id: own.id, storedBefore: true };
    }
    const id = await insertContactReport(tx, report);
    if (id === undefined) return undefined;
    await createNotification(tx, { ...notification, metadata: { ...notification.metadata, reportId: id } }, report.createdAt);
    return { id, storedBefore: false };
  });
}

/** The names of the contacts with these ids that still exist, by id. */
export async function contactNames(sql: Sql, ids: number[]): Promise<Map<number, { name: string; city: string }>> {
  const rows = await sql<{ id: number; name: string; city: string }[]>`SELECT id, name, city FROM medical_contacts WHERE id = ANY(${ids}::bigint[])`;
  return new Map(rows.map((row) => [row.id, { name: row.name, city: row.city }]));
}

/** Notes the bot's prompt for a comment, so that the user's reply to it finds the report. */
export async function setReportPrompt(sql: Sql, reportId: number, prompt: { chatId: number; messageId: number }): Promise<void> {
  await sql`UPDATE contact_reports SET prompt_chat_id = ${prompt.chatId}, prompt_message_id = ${prompt.messageId} WHERE id = ${reportId}`;
}

/** Sets the comment of the user's report whose prompt they replied to; false when there is none (or it has one). */
export async function commentOnReport(
  sql: Sql,
  reply: { telegramId: number; chatId: number; promptMessageId: number; comment: string },
): Promise<boolean> {
  const rows = await sql`
    UPDATE contact_reports SET comment = ${reply.comment}
    WHERE telegram_id = ${reply.telegramId} AND prompt_chat_id = ${reply.chatId} AND prompt_message_id = ${reply.promptMessageId}
      AND comment IS NULL
    RETURNING id`;
  return rows.length > 0;
}

/** A contact's reports, newest first. */
export async function listContactReports(sql: Sql, contactId: number): Promise<StoredContactReport[]> {
  const rows = await sql<StoredContactReport[]>`
    SELECT r.id, r.contact_id, r.telegram_id, r.problem, r.comment, r.reported_on::text AS reported_on, r.created_at,
      r.status, resolver.username AS resolved_by, r.resolved_at
    FROM contact_reports r LEFT JOIN admin_users resolver ON resolver.id = r.resolved_by
    WHERE r.contact_id = ${contactId}
    ORDER BY r.created_at DESC, r.id DESC`;
  return [...rows];
}

export async function findContactReport(sql: Sql, id: number): Promise<StoredContactReport | undefined> {
  const [row] = await sql<StoredContactReport[]>`
    SELECT r.id, r.contact_id, r.telegram_id, r.problem, r.comment, r.reported_on::text AS reported_on, r.created_at,
      r.status, resolver.username AS resolved_by, r.resolved_at
    FROM contact_reports r LEFT JOIN admin_users resolver ON resolver.id = r.resolved_by
    WHERE r.id = ${id}`;
  return row;
}

/** Sets a report's status; reopening ('open') forgets who resolved it. Undefined when it does not exist. */
export async function resolveContactReport(
  sql: Sql,
  id: number,
  resolution: { status: ReportStatus; adminId: number | null; at: Date },
): Promise<StoredContactReport | undefined> {
  const open = resolution.status === 'open';
  const rows = await sql`
    UPDATE contact_reports SET status = ${resolution.status},
      resolved_by = ${open ? null : resolution.adminId}, resolved_at = ${open ? null : resolution.at}
    WHERE id = ${id} RETURNING id`;
  return rows.length > 0 ? findContactReport(sql, id) : undefined;
}

/** Which reports analytics count: made in [start, end), about contacts of one region or of all. */
export interface ReportScope {
  start: Date;
  end: Date;
  region?: string;
}

function inScope(sql: Sql, scope: ReportScope) {
  const region = scope.region === undefined ? sql`TRUE` : sql`c.region = ${scope.region}`;
  return sql`r.created_at >= ${scope.start} AND r.created_at < ${scope.end} AND ${region}`;
}

/** Reports per contact (the most reported first, ties by id), with how many of them are still open. */
export async function reportsPerContact(
  sql: Sql,
  scope: ReportScope,
  limit: number,
): Promise<{ id: number; name: string; city: string; reports: number; open: number }[]> {
  const rows = await sql<{ id: number; name: string; city: string; reports: number; open: number }[]>`
    SELECT c.id, c.name, c.city, count(*)::int AS reports, (count(*) FILTER (WHERE r.status = 'open'))::int AS open
    FROM contact_reports r JOIN medical_contacts c ON c.id = r.contact_id
    WHERE ${inScope(sql, scope)}
    GROUP BY c.id ORDER BY reports DESC, c.id LIMIT ${limit}`;
  return [...rows];
}

/** Reports per region of the reported contacts (the most reported first). */
export async function reportsPerRegion(sql: Sql, scope: ReportScope): Promise<{ country: string; region: string; reports: number; open: number }[]> {
  const rows = await sql<{ country: string; region: string; reports: number; open: number }[]>`
    SELECT c.country, c.region, count(*)::int AS reports, (count(*) FILTER (WHERE r.status = 'open'))::int AS open
    FROM contact_reports r JOIN medical_contacts c ON c.id = r.contact_id
    WHERE ${inScope(sql, scope)}
    GROUP BY c.country, c.region ORDER BY reports DESC, c.country, c.region`;
  return [...rows];
}

/** Bumped by every statement that writes contact_reports (migration 035): unchanged means no report changed. */
export async function contactReportsVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ version: number }[]>`SELECT version FROM contact_reports_version`;
  return row?.version ?? 0;
}
