import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import type { ProposalField, ProposedField } from '../api/contract/self-confirmation.js';
import type { LanguageCode } from '../api/contract/languages.js';
import type { Sql } from './database.js';

/**
 * Contacts confirming their own listing through the bot (migrations 055 and 056): one-time links kept
 * as the SHA-256 of their token, the Telegram accounts they linked, the question an account is
 * answering, and the corrections it proposed.
 */

/** What is kept of a token: its SHA-256, so a copy of the database opens no listing. */
function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export interface LiveLink {
  id: number;
  createdAt: Date;
  expiresAt: Date;
  createdBy: string | null;
}

/** Creates a link for the contact, ending the live one it replaces. Returns the ended link's id, if any. */
export async function createConfirmationLink(
  tx: Sql,
  link: { contactId: number; token: string; createdBy: number; at: Date; expiresAt: Date },
): Promise<{ id: number; replaced: number | null }> {
  const ended = await endConfirmationLink(tx, link.contactId, link.at);
  const [row] = await tx<{ id: number }[]>`
    INSERT INTO confirmation_links (contact_id, token_hash, created_by, created_at, expires_at)
    VALUES (${link.contactId}, ${tokenHash(link.token)}, ${link.createdBy}, ${link.at}, ${link.expiresAt})
    RETURNING id`;
  return { id: row!.id, replaced: ended ?? null };
}

/** Ends the contact's live link (unused, not ended; an expired one too, so it is not listed as live). Its id, or undefined when none. */
export async function endConfirmationLink(tx: Sql, contactId: number, at: Date): Promise<number | undefined> {
  const [row] = await tx<{ id: number }[]>`
    UPDATE confirmation_links SET ended_at = ${at}
    WHERE contact_id = ${contactId} AND used_at IS NULL AND ended_at IS NULL
    RETURNING id`;
  return row?.id;
}

/** The contact's link waiting to be opened at `at`: not used, ended or expired. */
export async function findLiveConfirmationLink(sql: Sql, contactId: number, at: Date): Promise<LiveLink | undefined> {
  const [row] = await sql<LiveLink[]>`
    SELECT l.id, l.created_at, l.expires_at, u.username AS created_by
    FROM confirmation_links l LEFT JOIN admin_users u ON u.id = l.created_by
    WHERE l.contact_id = ${contactId} AND l.used_at IS NULL AND l.ended_at IS NULL AND l.expires_at > ${at}`;
  return row;
}

/**
 * Uses the link of this token, if it is live at `at`, and links the opener's account to its
 * contact (again, with reminders on, when it was linked before). The contact's id, or undefined for a
 * token used, ended, expired or never made.
 */
export async function useConfirmationLink(tx: Sql, token: string, telegramId: number, at: Date): Promise<number | undefined> {
  const [link] = await tx<{ contactId: number }[]>`
    UPDATE confirmation_links SET used_at = ${at}, used_by_telegram_id = ${telegramId}
    WHERE token_hash = ${tokenHash(token)}
      AND ((used_at IS NULL AND ended_at IS NULL AND expires_at > ${at})
        -- Used by this same update, whose answer an outage cut off: it is handled again, and answered.
        OR (used_by_telegram_id = ${telegramId} AND used_at = ${at}))
    RETURNING contact_id`;
  if (!link) return undefined;
  await tx`
    INSERT INTO contact_linked_accounts (contact_id, telegram_id, linked_at)
    VALUES (${link.contactId}, ${telegramId}, ${at})
    ON CONFLICT (contact_id, telegram_id) DO UPDATE SET linked_at = excluded.linked_at, reminders_stopped_at = NULL`;
  return link.contactId;
}

/** Whether the account is linked to the contact: only a linked account answers for it. */
export async function isLinkedAccount(sql: Sql, contactId: number, telegramId: number): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM contact_linked_accounts WHERE contact_id = ${contactId} AND telegram_id = ${telegramId}`;
  return row !== undefined;
}

export interface StoredLinkedAccount {
  telegramId: number;
  name: string | null;
  username: string | null;
  linkedAt: Date;
  lastRemindedAt: Date | null;
  remindersStoppedAt: Date | null;
}

function selectLinkedAccounts(sql: Sql, condition: postgres.PendingQuery<postgres.Row[]>) {
  return sql<StoredLinkedAccount[]>`
    SELECT a.telegram_id, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS name, u.username,
      a.linked_at, a.last_reminded_at, a.reminders_stopped_at
    FROM contact_linked_accounts a LEFT JOIN telegram_users u ON u.telegram_id = a.telegram_id
    WHERE ${condition}
    ORDER BY a.linked_at, a.telegram_id`;
}

/** The accounts linked to a contact, first linked first. */
export function listLinkedAccounts(sql: Sql, contactId: number): Promise<StoredLinkedAccount[]> {
  return selectLinkedAccounts(sql, sql`a.contact_id = ${contactId}`);
}

/** Unlinks an account from a contact: the bot no longer asks it. The account as it was, or undefined when it was not linked. */
export async function removeLinkedAccount(tx: Sql, contactId: number, telegramId: number): Promise<StoredLinkedAccount | undefined> {
  const [account] = await selectLinkedAccounts(tx, tx`a.contact_id = ${contactId} AND a.telegram_id = ${telegramId}`);
  if (!account) return undefined;
  await tx`DELETE FROM contact_linked_accounts WHERE contact_id = ${contactId} AND telegram_id = ${telegramId}`;
  return account;
}

/** /stop_reminders: the bot asks none of the account's contacts again. How many links it stopped. */
export async function stopReminders(sql: Sql, telegramId: number, at: Date): Promise<number> {
  const rows = await sql`
    UPDATE contact_linked_accounts SET reminders_stopped_at = ${at}
    WHERE telegram_id = ${telegramId} AND reminders_stopped_at IS NULL
    RETURNING contact_id`;
  return rows.length;
}

/** Keeps which field the bot's reply prompt asked the account about. */
export async function setAskedField(sql: Sql, asked: { contactId: number; telegramId: number; field: ProposalField; chatId: number; messageId: number }): Promise<void> {
  await sql`
    UPDATE contact_linked_accounts SET asked_field = ${asked.field}, asked_chat_id = ${asked.chatId}, asked_message_id = ${asked.messageId}
    WHERE contact_id = ${asked.contactId} AND telegram_id = ${asked.telegramId}`;
}

/**
 * The reply to a prompt the bot asked this account about a field: stored as that field of the
 * account's pending proposal for the contact (a new proposal when none is pending; the field's
 * earlier answer replaced), and the prompt forgotten. The contact's id and the field, or undefined
 * when the message replies to no such prompt.
 */
export async function answerAskedField(
  tx: Sql,
  answer: { telegramId: number; chatId: number; promptMessageId: number; text: string; at: Date },
): Promise<{ contactId: number; field: ProposalField; proposalId: number } | undefined> {
  const [asked] = await tx<{ contactId: number; field: ProposalField }[]>`
    UPDATE contact_linked_accounts a SET asked_field = NULL, asked_chat_id = NULL, asked_message_id = NULL
    FROM (
      SELECT contact_id, telegram_id, asked_field FROM contact_linked_accounts
      WHERE telegram_id = ${answer.telegramId} AND asked_chat_id = ${answer.chatId} AND asked_message_id = ${answer.promptMessageId}
        AND asked_field IS NOT NULL
      FOR UPDATE) asked
    WHERE a.contact_id = asked.contact_id AND a.telegram_id = asked.telegram_id
    RETURNING a.contact_id, asked.asked_field AS field`;
  if (!asked) return undefined;
  const entry: ProposedField = { field: asked.field, text: answer.text };
  const [pending] = await tx<{ id: number; fields: ProposedField[] }[]>`
    SELECT id, fields FROM proposed_corrections
    WHERE contact_id = ${asked.contactId} AND telegram_id = ${answer.telegramId} AND status = 'pending'
    ORDER BY id DESC LIMIT 1 FOR UPDATE`;
  if (pending) {
    const fields = [...pending.fields.filter((field) => field.field !== entry.field), entry];
    await tx`UPDATE proposed_corrections SET fields = ${tx.json(fields as postgres.JSONValue)}, proposed_at = ${answer.at} WHERE id = ${pending.id}`;
    return { ...asked, proposalId: pending.id };
  }
  const [created] = await tx<{ id: number }[]>`
    INSERT INTO proposed_corrections (contact_id, telegram_id, proposed_at, fields)
    VALUES (${asked.contactId}, ${answer.telegramId}, ${answer.at}, ${tx.json([entry] as postgres.JSONValue)})
    RETURNING id`;
  return { ...asked, proposalId: created!.id };
}

export interface StoredProposedCorrection {
  id: number;
  contactId: number;
  contactName: string;
  telegramId: number;
  proposedBy: string | null;
  proposedAt: Date;
  fields: ProposedField[];
  status: 'pending' | 'accepted' | 'partly_accepted' | 'rejected';
}

function selectProposals(sql: Sql, condition: postgres.PendingQuery<postgres.Row[]>) {
  return sql`
    SELECT p.id, p.contact_id, c.name AS contact_name, p.telegram_id,
      nullif(concat_ws(' ', u.first_name, u.last_name), '') AS proposed_by, p.proposed_at, p.fields, p.status
    FROM proposed_corrections p
      JOIN medical_contacts c ON c.id = p.contact_id
      LEFT JOIN telegram_users u ON u.telegram_id = p.telegram_id
    WHERE ${condition}`;
}

/** The proposals staff have not resolved, oldest first; of one contact when given. */
export async function listPendingCorrections(
  sql: Sql,
  query: { contactId?: number; limit: number; offset: number },
): Promise<{ items: StoredProposedCorrection[]; total: number }> {
  const condition = query.contactId === undefined ? sql`p.status = 'pending'` : sql`p.status = 'pending' AND p.contact_id = ${query.contactId}`;
  const [items, [count]] = await Promise.all([
    sql<StoredProposedCorrection[]>`${selectProposals(sql, condition)} ORDER BY p.proposed_at, p.id LIMIT ${query.limit} OFFSET ${query.offset}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM proposed_corrections p WHERE ${condition}`,
  ]);
  return { items, total: count?.total ?? 0 };
}

/** One proposal, locked for its resolution when read in a transaction; undefined when there is none. */
export async function findProposedCorrection(sql: Sql, id: number, lock = false): Promise<StoredProposedCorrection | undefined> {
  const [row] = await sql<StoredProposedCorrection[]>`${selectProposals(sql, sql`p.id = ${id}`)} ${lock ? sql`FOR UPDATE OF p` : sql``}`;
  return row;
}

/** Resolves a pending proposal; undefined when it was resolved meanwhile. */
export async function resolveProposedCorrection(
  tx: Sql,
  id: number,
  resolution: { status: 'accepted' | 'partly_accepted' | 'rejected'; resolvedBy: number; at: Date; verificationId: number | null },
): Promise<StoredProposedCorrection | undefined> {
  const [row] = await tx`
    UPDATE proposed_corrections
    SET status = ${resolution.status}, resolved_by = ${resolution.resolvedBy}, resolved_at = ${resolution.at}, verification_id = ${resolution.verificationId}
    WHERE id = ${id} AND status = 'pending'
    RETURNING id`;
  return row ? findProposedCorrection(tx, id) : undefined;
}

/** A linked account the bot should ask about its contact now. */
export interface DueReminder {
  contactId: number;
  telegramId: number;
  language: LanguageCode;
}

/**
 * The linked accounts to ask at `at`: reminders on, the user still reachable, the contact active and
 * its last verification (or the link, if it was never verified) `reverifyAfterDays` old, not asked
 * about it within as many days, and the account not asked about any contact within the last day.
 * Oldest verified first: the caller asks each account once, about the first it may ask now.
 */
export async function dueReminders(sql: Sql, at: Date, reverifyAfterDays: number): Promise<DueReminder[]> {
  const cycle = sql`${at}::timestamptz - make_interval(days => ${reverifyAfterDays})`;
  return sql<DueReminder[]>`
    SELECT a.contact_id, a.telegram_id,
      bot_user_language(u.chosen_language, u.language_code,
        (SELECT default_language FROM system_settings WHERE id), (SELECT bot_languages FROM system_settings WHERE id)) AS language
    FROM contact_linked_accounts a
      JOIN medical_contacts c ON c.id = a.contact_id
      LEFT JOIN telegram_users u ON u.telegram_id = a.telegram_id
    WHERE a.reminders_stopped_at IS NULL AND c.is_active AND coalesce(u.is_active, true)
      AND coalesce(c.last_verified_at, a.linked_at) <= ${cycle}
      AND (a.last_reminded_at IS NULL OR a.last_reminded_at <= ${cycle})
      AND NOT EXISTS (
        SELECT 1 FROM contact_linked_accounts o
        WHERE o.telegram_id = a.telegram_id AND o.last_reminded_at > ${at}::timestamptz - interval '1 day')
    ORDER BY coalesce(c.last_verified_at, a.linked_at), a.contact_id`;
}

/** The account was asked about the contact at `at`. */
export async function markReminded(sql: Sql, contactId: number, telegramId: number, at: Date): Promise<void> {
  await sql`UPDATE contact_linked_accounts SET last_reminded_at = ${at} WHERE contact_id = ${contactId} AND telegram_id = ${telegramId}`;
}
