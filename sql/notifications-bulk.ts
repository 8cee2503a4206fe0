import type postgres from 'postgres';
import type { Sql } from './database.js';

/** A notification row as stored, read state and times given (bulk loads: demo data). */
export interface StoredNotification {
  type: 'critical' | 'warning' | 'success' | 'info';
  priority: number;
  title: string;
  message: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

/** Inserts notifications in one statement. */
export async function insertNotifications(sql: Sql, notifications: StoredNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await sql`INSERT INTO notifications ${sql(
    notifications.map((notification) => ({ ...notification, metadata: sql.json(notification.metadata as postgres.JSONValue) })),
  )}`;
}
