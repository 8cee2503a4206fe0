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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_TYPES = ['critical', 'warning', 'success', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
  isRead: z.boolean(),
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

export const NotificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .min(0, 'limit must be at least 0')
    .max(NOTIFICATION_PAGE_MAX, `limit must be at most ${NOTIFICATION_PAGE_MAX}`)
    .int('limit must be a whole number')
    .default(DEFAULT_PAGE),
  offset: z.coerce.number({ error: 'offset must be a number' }).min(0, 'offset must be at least 0').int('offset must be a whole number').default(0),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const UnreadNotificationQuerySchema = NotificationListQuerySchema.extend({
  /** Only notifications of at least this priority (the Critical Alerts box asks for 4). */
  minPriority: z.coerce.number({ error: 'minPriority must be a number' }).int('minPriority must be a whole number').optional(),
});
export type UnreadNotificationQuery = z.infer<typeof UnreadNotificationQuerySchema>;

/** A page of notifications, newest first; total counts every match. */
export const NotificationPageSchema = z.object({ items: NotificationSchema.array(), total: z.number() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const MarkAllReadResultSchema = z.object({ success: z.literal(true), count: z.number() });
export type MarkAllReadResult = z.infer<typeof MarkAllReadResultSchema>;

const idField = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .refine(Number.isSafeInteger, `${field} is too large`)
    .nullable();

/** Who the bot alerts on Telegram, and about what (spec §3, notification settings). */
export const NotificationSettingsSchema = z.object({
  telegramNotifications: z.boolean({ error: 'telegramNotifications must be true or false' }),
  adminGroupAlerts: z.boolean({ error: 'adminGroupAlerts must be true or false' }),
  errorAlerts: z.boolean({ error: 'errorAlerts must be true or false' }),
  dailyReports: z.boolean({ error: 'dailyReports must be true or false' }),
  /** The admin's Telegram user id; alerts and daily reports go there. */
  adminTelegramId: idField('adminTelegramId').refine((id) => id === null || id > 0, 'adminTelegramId must be a positive number'),
  /** The admins' group chat id, a negative number; alerts go there too when admin group alerts are on. */
  adminGroupId: idField('adminGroupId').refine((id) => id === null || id < 0, 'adminGroupId must be a negative number'),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
