import { z } from 'zod';

/** What raised a notification; legacy and bulk-loaded rows have none. */
export const NOTIFICATION_KINDS = [
  'error_spike',
  'bot_disconnected',
  'bot_reconnected',
  'broadcast_finished',
  'broadcast_failed',
  'unauthorized_group',
  'daily_limit_repeated',
  'user_milestone',
  'contact_reported',
  'verification_overdue',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_TYPES = ['critical', 'warning', 'success', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The type and priority each kind is raised with, by the product and by the demo data alike (a
 * seeded notice must look like a real one). Broadcasts' depend on how they ended (bot/broadcasts/broadcast-sender.ts).
 */
export const NOTIFICATION_STYLES = {
  error_spike: { type: 'critical', priority: 4 },
  bot_disconnected: { type: 'critical', priority: 5 },
  bot_reconnected: { type: 'success', priority: 1 },
  // Critical: the admins are alerted on Telegram.
  unauthorized_group: { type: 'critical', priority: 4 },
  daily_limit_repeated: { type: 'warning', priority: 2 },
  user_milestone: { type: 'success', priority: 1 },
  // Someone could not reach a contact: worth a look soon, not an alert on Telegram.
  contact_reported: { type: 'warning', priority: 3 },
  // The threshold was set by an admin to hear of it: alerted on Telegram as the critical ones are.
  verification_overdue: { type: 'warning', priority: 4 },
} as const satisfies Partial<Record<NotificationKind, { type: NotificationType; priority: number }>>;

/** The bot-user milestones, 100, 1,000, 10,000…: the largest one `users` has reached, null below the first. */
export function userMilestone(users: number): number | null {
  return users < 100 ? null : 10 ** Math.floor(Math.log10(users));
}

/** Spec §9: priority 4 and up is Critical, 3 High, 2 Medium, below 2 Low. */
export const PRIORITY_THRESHOLDS = { medium: 2, high: 3, critical: 4 } as const;
export type PriorityLevel = 'Critical' | 'High' | 'Medium' | 'Low';

export function priorityLevel(priority: number): PriorityLevel {
  if (priority >= PRIORITY_THRESHOLDS.critical) return 'Critical';
  if (priority >= PRIORITY_THRESHOLDS.high) return 'High';
  if (priority >= PRIORITY_THRESHOLDS.medium) return 'Medium';
  return 'Low';
}

/** A real-time notification as the API returns it (spec §3). */
export const NotificationSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.number(),
  title: z.string(),
  message: z.string(),
  /** Read by the staff member asking: each has their own read state. */
  isRead: z.boolean(),
  /** When the staff member asking first marked it read. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Links it to what it is about: broadcastId, telegramId, groupId, errors. */
  metadata: z.record(z.string(), z.unknown()),
  kind: z.enum(NOTIFICATION_KINDS).nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_PAGE_MAX = 100;
const DEFAULT_PAGE = 50;
const LIMIT_RULE = `Limit must be a whole number from 0 to ${NOTIFICATION_PAGE_MAX}.`;
const OFFSET_RULE = 'Offset must be a whole number, 0 or more.';

export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number({ error: LIMIT_RULE }).min(0, LIMIT_RULE).max(NOTIFICATION_PAGE_MAX, LIMIT_RULE).int(LIMIT_RULE).default(DEFAULT_PAGE),
  offset: z.coerce.number({ error: OFFSET_RULE }).min(0, OFFSET_RULE).int(OFFSET_RULE).default(0),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const UnreadNotificationQuerySchema = NotificationListQuerySchema.extend({
  /** Only notifications of at least this priority (the Critical Alerts box asks for 4). */
  minPriority: z.coerce.number({ error: 'Minimum priority must be a whole number, such as 4.' }).int('Minimum priority must be a whole number, such as 4.').optional(),
});
export type UnreadNotificationQuery = z.infer<typeof UnreadNotificationQuerySchema>;

/** A page of notifications, newest first; total counts every match. */
export const NotificationPageSchema = z.object({ items: NotificationSchema.array(), total: z.number() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const MarkAllReadResultSchema = z.object({ success: z.literal(true), count: z.number() });
export type MarkAllReadResult = z.infer<typeof MarkAllReadResultSchema>;

const idField = (rule: string) => z.number({ error: rule }).int(rule).refine(Number.isSafeInteger, rule).nullable();
const ADMIN_TELEGRAM_ID_RULE = "Admin Telegram ID must be the admin's Telegram user ID: a whole number above 0, such as 123456789, or left empty.";
const ADMIN_GROUP_ID_RULE = "Admin group ID must be the group's chat ID: a negative whole number, such as -1001234567890, or left empty.";
const OVERDUE_ALERT_RULE = 'Overdue alert must be a whole percent from 1 to 100, or left empty.';
const onOff = (label: string) => z.boolean({ error: `${label} must be on or off (true or false).` });

/** Who the bot alerts on Telegram, and about what (spec §3, notification settings). */
export const NotificationSettingsSchema = z.object({
  telegramNotifications: onOff('Telegram notifications'),
  adminGroupAlerts: onOff('Admin group alerts'),
  errorAlerts: onOff('Error alerts'),
  dailyReports: onOff('Daily reports'),
  /** The admin's Telegram user id; alerts and daily reports go there. */
  adminTelegramId: idField(ADMIN_TELEGRAM_ID_RULE).refine((id) => id === null || id > 0, ADMIN_TELEGRAM_ID_RULE),
  /** The admins' group chat id, a negative number; alerts go there too when admin group alerts are on. */
  adminGroupId: idField(ADMIN_GROUP_ID_RULE).refine((id) => id === null || id < 0, ADMIN_GROUP_ID_RULE),
  /**
   * An alert when the share of active contacts overdue for verification rises above this percent
   * (bot/alerts/notification-monitor.ts); null: never. Left out of a save, it stays as it was.
   */
  overdueAlertPercent: z
    .number({ error: OVERDUE_ALERT_RULE })
    .int(OVERDUE_ALERT_RULE)
    .min(1, OVERDUE_ALERT_RULE)
    .max(100, OVERDUE_ALERT_RULE)
    .nullable()
    .optional(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** The warning where Telegram alerts would reach no one, in the settings form and System Health. */
export const TELEGRAM_ALERTS_UNADDRESSED =
  "Telegram alerts are on, but no Admin Telegram ID is set, so they reach no one. Enter the admin's Telegram user ID (shown as Telegram ID in Bot Users once they have written to the bot) in Settings → Notification Settings, or turn Telegram notifications and daily reports off.";

/**
 * Why the bot's Telegram alerts and daily reports go nowhere (bot/alerts/telegram-alerts.ts sends them to
 * the admin's id, and to the admin group with admin group alerts on), or null when they reach someone or are off.
 */
export function telegramAlertsProblem(
  settings: Pick<NotificationSettings, 'telegramNotifications' | 'dailyReports' | 'adminGroupAlerts' | 'adminTelegramId' | 'adminGroupId'>,
): string | null {
  const on = settings.telegramNotifications || settings.dailyReports;
  const addressed = settings.adminTelegramId !== null || (settings.adminGroupAlerts && settings.adminGroupId !== null);
  return on && !addressed ? TELEGRAM_ALERTS_UNADDRESSED : null;
}
