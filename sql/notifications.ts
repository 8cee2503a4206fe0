import type postgres from 'postgres';
import type { NotificationKind, NotificationType } from '../api/contract/notifications.js';
import type { Sql } from './database.js';

export interface NewNotification {
  kind: NotificationKind;
  type: NotificationType;
  priority: number;
  title: string;
  message: string;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

export interface StoredLiveNotification {
  id: number;
  kind: NotificationKind | null;
  type: NotificationType;
  priority: number;
  title: string;
  message: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

const COLUMNS = ['id', 'kind', 'type', 'priority', 'title', 'message', 'is_read', 'read_at', 'created_at', 'expires_at', 'metadata'];

/**
 * Raises a notification for the console's staff, queued for the Telegram alert dispatcher.
 * `createdAt` defaults to the database's clock.
 */
export async function createNotification(sql: Sql, notification: NewNotification, createdAt?: Date): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO notifications (kind, type, priority, title, message, expires_at, metadata, alert_pending, created_at)
    VALUES (${notification.kind}, ${notification.type}, ${notification.priority}, ${notification.title}, ${notification.message},
      ${notification.expiresAt}, ${sql.json(notification.metadata as postgres.JSONValue)}, true, ${createdAt ?? sql`now()`})
    RETURNING id`;
  return row!.id;
}

/** Newest first; `total` counts every match. Unread only and a minimum priority narrow it. */
export async function listNotifications(
  sql: Sql,
  options: { limit: number; offset: number; unreadOnly?: boolean; minPriority?: number },
): Promise<{ items: StoredLiveNotification[]; total: number }> {
  const where = sql`WHERE ${options.unreadOnly ? sql`NOT is_read` : sql`true`}
    ${options.minPriority === undefined ? sql`` : sql`AND priority >= ${options.minPriority}`}`;
  const [items, [count]] = await Promise.all([
    sql<StoredLiveNotification[]>`
      SELECT ${sql(COLUMNS)} FROM notifications ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${options.limit} OFFSET ${options.offset}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM notifications ${where}`,
  ]);
  return { items, total: count!.total };
}

/** Marks one notification read (keeping the first read time); undefined when there is no such notification. */
export async function markNotificationRead(sql: Sql, id: number, at: Date): Promise<StoredLiveNotification | undefined> {
  const [row] = await sql<StoredLiveNotification[]>`
    UPDATE notifications SET is_read = true, read_at = coalesce(read_at, ${at})
    WHERE id = ${id} RETURNING ${sql(COLUMNS)}`;
  return row;
}

/** Marks every unread notification read; returns how many were unread. */
export async function markAllNotificationsRead(sql: Sql, at: Date): Promise<number> {
  const rows = await sql`UPDATE notifications SET is_read = true, read_at = ${at} WHERE NOT is_read RETURNING id`;
  return rows.length;
}

/** The newest notification of a kind, if any. */
export async function latestNotificationOfKind(sql: Sql, kind: NotificationKind): Promise<StoredLiveNotification | undefined> {
  const [row] = await sql<StoredLiveNotification[]>`
    SELECT ${sql(COLUMNS)} FROM notifications WHERE kind = ${kind} ORDER BY created_at DESC, id DESC LIMIT 1`;
  return row;
}

/** True when a notification of the kind with this metadata value exists (a milestone, a user's streak). */
export async function notificationExists(sql: Sql, kind: NotificationKind, key: string, value: string | number, since?: Date): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM notifications WHERE kind = ${kind} AND metadata ->> ${key} = ${String(value)}
        ${since ? sql`AND created_at >= ${since}` : sql``}
    ) AS found`;
  return row!.found;
}

/**
 * Takes the notifications raised since the last call off the alert queue. Taken before they are
 * sent, so a crash loses an alert rather than sending it twice.
 */
export async function takePendingAlerts(sql: Sql): Promise<StoredLiveNotification[]> {
  const taken = await sql<StoredLiveNotification[]>`
    UPDATE notifications SET alert_pending = false WHERE alert_pending
    RETURNING ${sql(COLUMNS)}`;
  return taken.sort((a, b) => a.id - b.id);
}

/** Puts notifications back on the alert queue: Telegram could not be reached, nothing was sent. */
export async function requeueAlerts(sql: Sql, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE notifications SET alert_pending = true WHERE id = ANY(${ids}::bigint[])`;
}

/** A notification row as stored without its id and kind, read state and times given (bulk loads: demo data). */
export type StoredNotification = Omit<StoredLiveNotification, 'id' | 'kind'> & { kind?: StoredLiveNotification['kind'] };

/** Inserts notifications in one statement. */
export async function insertNotifications(sql: Sql, notifications: StoredNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await sql`INSERT INTO notifications ${sql(
    notifications.map((notification) => ({ ...notification, metadata: sql.json(notification.metadata as postgres.JSONValue) })),
  )}`;
}
