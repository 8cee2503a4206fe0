import { z } from 'zod';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type SystemLogLevel = (typeof LOG_LEVELS)[number];

/** Bounds that keep each number meaningful (and inside a Postgres integer). */
export const SETTINGS_LIMITS = {
  dailyLimit: { min: 1, max: 10_000 },
  maxResponseTime: { min: 1, max: 3_600 },
  logRetentionDays: { min: 1, max: 3_650 },
  twoFactorGraceDays: { min: 0, max: 90 },
} as const;

/** System settings defaults (spec §3, §9), as the console's form starts from them. */
export const SYSTEM_SETTINGS_DEFAULTS = {
  dailyLimit: 3,
  maxResponseTime: 30,
  maintenanceMode: false,
  autoBackup: true,
  logLevel: 'INFO',
  logRetentionDays: 90,
  requireTwoFactorForAdmins: false,
  twoFactorGraceDays: 7,
} as const;

/** The system settings as the API answers them (spec §2.4 System Settings dialog, §3). */
export const SystemSettingsSchema = z.object({
  /** Searches a day where no authorized group sets a limit (see README "System settings"). */
  dailyLimit: z.number(),
  /** Seconds; a bot answer slower than this is reported by System Health. */
  maxResponseTime: z.number(),
  /** The active authorized groups' chat ids, comma-separated: the groups the bot serves. */
  allowedGroups: z.string(),
  maintenanceMode: z.boolean(),
  autoBackup: z.boolean(),
  /** The lowest level the bot records in its logs. */
  logLevel: z.enum(LOG_LEVELS),
  /** Bot log rows older than this many days are deleted. */
  logRetentionDays: z.number(),
  /** Admin and super_admin accounts must use two-factor, after the grace period. */
  requireTwoFactorForAdmins: z.boolean(),
  /** Days, counted from when the requirement was switched on. */
  twoFactorGraceDays: z.number(),
  /** When the requirement takes hold; null while it is off. */
  twoFactorRequiredFrom: z.string().nullable(),
  updatedAt: z.string(),
});
export type SystemSettingsView = z.infer<typeof SystemSettingsSchema>;

// The range first: a number far out of it (1e20, no safe integer either) is told the range, not "whole number".
const wholeNumber = (field: string, { min, max }: { min: number; max: number }, unit?: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`)
    .max(max, `${field} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`)
    .int(`${field} must be a whole number${unit ? ` of ${unit}` : ''}`);

const onOff = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** Group chat ids: "-1001234567890, -42". Blank means no group is served. */
const GROUP_IDS = /^\s*(-?\d{1,15}\s*(,\s*-?\d{1,15}\s*)*)?,?\s*$/;

/** PUT /api/system-settings: every field of the dialog. */
export const UpdateSystemSettingsSchema = z.object({
  dailyLimit: wholeNumber('dailyLimit', SETTINGS_LIMITS.dailyLimit),
  maxResponseTime: wholeNumber('maxResponseTime', SETTINGS_LIMITS.maxResponseTime, 'seconds'),
  allowedGroups: z
    .string({ error: 'allowedGroups must be a text of comma-separated group ids' })
    .max(5_000, 'allowedGroups must be at most 5000 characters')
    .regex(GROUP_IDS, 'allowedGroups must be comma-separated group ids, such as -1001234567890, -1009876543210'),
  maintenanceMode: onOff('maintenanceMode'),
  autoBackup: onOff('autoBackup'),
  logLevel: z.enum(LOG_LEVELS, { error: `logLevel must be one of ${LOG_LEVELS.join(', ')}` }),
  logRetentionDays: wholeNumber('logRetentionDays', SETTINGS_LIMITS.logRetentionDays, 'days'),
  // Optional, unlike the others: a client that predates them leaves the two-factor requirement as it is.
  requireTwoFactorForAdmins: onOff('requireTwoFactorForAdmins').optional(),
  twoFactorGraceDays: wholeNumber('twoFactorGraceDays', SETTINGS_LIMITS.twoFactorGraceDays, 'days').optional(),
});
export type UpdateSystemSettings = z.infer<typeof UpdateSystemSettingsSchema>;

/** The distinct chat ids of an allowedGroups text, in the order written. */
export function parseGroupIds(allowedGroups: string): number[] {
  const ids = allowedGroups
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number);
  return [...new Set(ids)];
}
