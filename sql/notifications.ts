import type postgres from 'postgres';
import type { Sql } from './database.js';

export interface NewNotification {
  type: 'critical' | 'warning' | 'success' | 'info';
  priority: number;
  title: string;
  message: string;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

/** Raises a notification for the console's staff. */
export async function createNotification(sql: Sql, notification: NewNotification): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO notifications (type, priority, title, message, expires_at, metadata)
    VALUES (${notification.type}, ${notification.priority}, ${notification.title}, ${notification.message},
      ${notification.expiresAt}, ${sql.json(notification.metadata as postgres.JSONValue)})
    RETURNING id`;
  return row!.id;
}
