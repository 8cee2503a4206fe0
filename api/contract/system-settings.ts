import { z } from 'zod';
import { tooLong } from './fields.js';
import { languageName, LanguageCodeSchema, type LanguageCode } from './languages.js';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type SystemLogLevel = (typeof LOG_LEVELS)[number];

/** Bounds that keep each number meaningful (and inside a Postgres integer). */
export const SETTINGS_LIMITS = {
  dailyLimit: { min: 1, max: 10_000 },
  maxResponseTime: { min: 1, max: 3_600 },
  logRetentionDays: { min: 1, max: 3_650 },
  twoFactorGraceDays: { min: 0, max: 90 },
  backupHour: { min: 0, max: 23 },
  reverifyAfterDays: { min: 7, max: 730 },
  // Above the shortest cycle: hiding before a contact is even due would hide it unasked.
  hideUnverifiedAfterDays: { min: 8, max: 3_650 },
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
  /** The hour of the day (0–23) the automatic backup runs, in timeZone. */
  backupHour: z.number(),
  /** The configured time zone (IANA name) the backup hour is in. */
  timeZone: z.string(),
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
  /** The language of bot users whose own the bot does not offer; one of botLanguages. */
  defaultLanguage: LanguageCodeSchema,
  /** The languages the bot answers in and offers on /language, in the order of the contract. */
  botLanguages: z.array(LanguageCodeSchema),
  /** A contact's verification is overdue, and the contact due, this many days after it. */
  reverifyAfterDays: z.number(),
  /** A contact not verified for this many days is left out of the bot's answers (never the console's); null: never. */
  hideUnverifiedAfterDays: z.number().nullable(),
  updatedAt: z.string(),
});
export type SystemSettingsView = z.infer<typeof SystemSettingsSchema>;

// The range first: a number far out of it (1e20, no safe integer either) is told the range, not "whole number".
const wholeNumber = (label: string, { min, max }: { min: number; max: number }, unit?: string) => {
  const rule = `${label} must be a whole number from ${min} to ${max}${unit ? ` ${unit}` : ''}.`;
  return z.number({ error: rule }).min(min, rule).max(max, rule).int(rule);
};

const onOff = (label: string) => z.boolean({ error: `${label} must be on or off (true or false).` });

const ALLOWED_GROUPS_RULE = 'Allowed groups must be group IDs separated by commas, such as -1001234567890, -1009876543210, or left empty.';

/** Group chat ids: "-1001234567890, -42". Blank means no group is served. */
const GROUP_IDS = /^\s*(-?\d{1,15}\s*(,\s*-?\d{1,15}\s*)*)?,?\s*$/;

const BOT_LANGUAGES_RULE = 'The bot must offer at least one language. Choose one or more.';

/** Why the default language cannot be saved with these offered languages, or undefined when it can. */
export function defaultLanguageProblem(defaultLanguage: LanguageCode, botLanguages: readonly LanguageCode[]): string | undefined {
  return botLanguages.includes(defaultLanguage)
    ? undefined
    : `The default language must be one the bot offers: offer ${languageName(defaultLanguage)}, or choose another default.`;
}

/** Why hiding after this many days cannot be saved with this cycle, or undefined when it can. */
export function hideUnverifiedProblem(reverifyAfterDays: number, hideUnverifiedAfterDays: number | null): string | undefined {
  return hideUnverifiedAfterDays === null || hideUnverifiedAfterDays > reverifyAfterDays
    ? undefined
    : `Hiding from the bot must come later than re-verification: enter more than ${reverifyAfterDays} days, or switch hiding off.`;
}

/** PUT /api/system-settings: every field of the dialog. */
export const UpdateSystemSettingsSchema = z.object({
  dailyLimit: wholeNumber('Daily limit', SETTINGS_LIMITS.dailyLimit),
  maxResponseTime: wholeNumber('Max response time', SETTINGS_LIMITS.maxResponseTime, 'seconds'),
  allowedGroups: z
    .string({ error: ALLOWED_GROUPS_RULE })
    .max(5_000, tooLong('Allowed groups', 5_000))
    .regex(GROUP_IDS, ALLOWED_GROUPS_RULE),
  maintenanceMode: onOff('Maintenance mode'),
  autoBackup: onOff('Automatic backup'),
  // Optional: a client that predates it leaves the hour as it is.
  backupHour: wholeNumber('Backup hour', SETTINGS_LIMITS.backupHour).optional(),
  logLevel: z.enum(LOG_LEVELS, { error: `Choose a log level: ${LOG_LEVELS.join(', ')}.` }),
  logRetentionDays: wholeNumber('Log retention', SETTINGS_LIMITS.logRetentionDays, 'days'),
  // Optional, unlike the others: a client that predates them leaves the two-factor requirement as it is.
  requireTwoFactorForAdmins: onOff('Require two-factor for admins').optional(),
  twoFactorGraceDays: wholeNumber('Grace period', SETTINGS_LIMITS.twoFactorGraceDays, 'days').optional(),
  // Optional too: a client that predates languages leaves them as they are.
  defaultLanguage: LanguageCodeSchema.optional(),
  botLanguages: z
    .array(LanguageCodeSchema, { error: BOT_LANGUAGES_RULE })
    .min(1, BOT_LANGUAGES_RULE)
    .transform((codes) => [...new Set(codes)])
    .optional(),
  // Optional too: a client that predates the verification cycle leaves it as it is. Null switches hiding off.
  reverifyAfterDays: wholeNumber('Re-verification interval', SETTINGS_LIMITS.reverifyAfterDays, 'days').optional(),
  hideUnverifiedAfterDays: wholeNumber('Hiding from the bot', SETTINGS_LIMITS.hideUnverifiedAfterDays, 'days').nullable().optional(),
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
