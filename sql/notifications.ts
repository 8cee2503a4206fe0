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
  createdAt: Date;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

/** A notification as one staff member sees it: read or not is theirs alone. */
export interface ReaderNotification extends StoredLiveNotification {
  isRead: boolean;
  /** When this staff member first marked it read. */
  readAt: Date | null;
}

const COLUMNS = ['id', 'kind', 'type', 'priority', 'title', 'message', 'created_at', 'expires_at', 'metadata'];

/** The notifications `n` with the reader's own read row `r` (null when unread), found by index. */
function withReadStateOf(sql: Sql, readerId: number) {
  return sql`notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.admin_user_id = ${readerId}`;
}

/** A notification's columns with the reader's read state, for ReaderNotification. */
function readerColumns(sql: Sql) {
  return sql`${sql(COLUMNS.map((column) => `n.${column}`))}, r.read_at IS NOT NULL AS is_read, r.read_at`;
}

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

/**
 * Newest first, read or not as `readerId` sees them; `total` counts every match. Unread only (by
 * the reader) and a minimum priority narrow it.
 */
export async function listNotifications(
  sql: Sql,
  readerId: number,
  options: { limit: number; offset: number; unreadOnly?: boolean; minPriority?: number },
): Promise<{ items: ReaderNotification[]; total: number }> {
  const where = sql`WHERE ${options.unreadOnly ? sql`r.notification_id IS NULL` : sql`true`}
    ${options.minPriority === undefined ? sql`` : sql`AND n.priority >= ${options.minPriority}`}`;
  const [items, [count]] = await Promise.all([
    sql<ReaderNotification[]>`
      SELECT ${readerColumns(sql)} FROM ${withReadStateOf(sql, readerId)} ${where}
      ORDER BY n.created_at DESC, n.id DESC LIMIT ${options.limit} OFFSET ${options.offset}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM ${withReadStateOf(sql, readerId)} ${where}`,
  ]);
  return { items, total: count!.total };
}

/**
 * Marks one notification read for `readerId` alone, keeping their first read time; undefined when
 * there is no such notification.
 */
export async function markNotificationRead(sql: Sql, id: number, readerId: number, at: Date): Promise<ReaderNotification | undefined> {
  await sql`
    INSERT INTO notification_reads (notification_id, admin_user_id, read_at)
    SELECT id, ${readerId}, ${at} FROM notifications WHERE id = ${id}
    ON CONFLICT DO NOTHING`;
  const [row] = await sql<ReaderNotification[]>`SELECT ${readerColumns(sql)} FROM ${withReadStateOf(sql, readerId)} WHERE n.id = ${id}`;
  return row;
}

/** Marks every notification `readerId` has not read as read by them; returns how many that was. */
export async function markAllNotificationsRead(sql: Sql, readerId: number, at: Date): Promise<number> {
  // ON CONFLICT: a mark from the reader's other tab at the same moment is not an error.
  const inserted = await sql`
    INSERT INTO notification_reads (notification_id, admin_user_id, read_at)
    SELECT n.id, ${readerId}, ${at} FROM ${withReadStateOf(sql, readerId)} WHERE r.notification_id IS NULL
    ON CONFLICT DO NOTHING`;
  return inserted.count;
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

/**
 * A notification row as stored without its id and kind, its times given (bulk loads: demo data);
 * `readByStaffAt` is when every staff member read it, null when nobody has.
 */
export type StoredNotification = Omit<StoredLiveNotification, 'id' | 'kind'> & { kind?: StoredLiveNotification['kind']; readByStaffAt: Date | null };

/** Inserts notifications in one statement, then the read ones' reads by every staff member there is. */
export async function insertNotifications(sql: Sql, notifications: StoredNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  // A multi-row VALUES insert returns its ids in the order of its rows.
  const inserted = await sql<{ id: number }[]>`INSERT INTO notifications ${sql(
    notifications.map(({ readByStaffAt: _readByStaffAt, ...notification }) => ({
      ...notification,
      metadata: sql.json(notification.metadata as postgres.JSONValue),
    })),
  )} RETURNING id`;
  const reads = notifications.flatMap((notification, index) =>
    notification.readByStaffAt ? [{ id: inserted[index]!.id, readAt: notification.readByStaffAt.toISOString() }] : [],
  );
  if (reads.length === 0) return;
  // Times as ISO text: postgres.js sends an array of dates badly.
  await sql`
    INSERT INTO notification_reads (notification_id, admin_user_id, read_at)
    SELECT read.id, u.id, read.read_at
    FROM unnest(${reads.map((read) => read.id)}::bigint[], ${reads.map((read) => read.readAt)}::timestamptz[]) AS read (id, read_at)
    CROSS JOIN admin_users u`;
}
