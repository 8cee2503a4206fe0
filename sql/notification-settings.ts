import type { NotificationSettings } from '../api/contract/notifications.js';
import type { Sql } from './database.js';

const COLUMNS = ['telegram_notifications', 'admin_group_alerts', 'error_alerts', 'daily_reports', 'admin_telegram_id', 'admin_group_id', 'overdue_alert_percent'];

/** The one row of notification settings (the migration creates it). */
export async function getNotificationSettings(sql: Sql): Promise<NotificationSettings> {
  const [settings] = await sql<NotificationSettings[]>`SELECT ${sql(COLUMNS)} FROM notification_settings WHERE id`;
  return settings!;
}

export async function saveNotificationSettings(sql: Sql, settings: NotificationSettings): Promise<NotificationSettings> {
  const [saved] = await sql<NotificationSettings[]>`
    UPDATE notification_settings SET ${sql(settings, ...Object.keys(settings) as (keyof NotificationSettings)[])}, updated_at = now()
    WHERE id RETURNING ${sql(COLUMNS)}`;
  return saved!;
}

/**
 * Claims the daily jobs for a local day: true once per day, for whichever caller gets there
 * first, so a restart or a second process does not send the report twice.
 */
export async function claimDailyJobs(sql: Sql, day: string): Promise<boolean> {
  const rows = await sql`
    UPDATE notification_settings SET daily_jobs_day = ${day}
    WHERE id AND (daily_jobs_day IS NULL OR daily_jobs_day < ${day}::date) RETURNING id`;
  return rows.length > 0;
}

/** Holds the settings row until the transaction ends: saves one at a time, each reading what the one before saved. */
export async function lockNotificationSettings(tx: Sql): Promise<void> {
  await tx`SELECT FROM notification_settings FOR UPDATE`;
}

/**
 * Records whether the overdue share stands above the alert's threshold: true only when it was not
 * already, so that one check, of one instance, raises the notification each time the share passes it.
 */
export async function markOverdueAlert(sql: Sql, above: boolean): Promise<boolean> {
  const rows = await sql`UPDATE notification_settings SET overdue_alert_raised = ${above} WHERE id AND overdue_alert_raised <> ${above} RETURNING id`;
  return above && rows.length > 0;
}
