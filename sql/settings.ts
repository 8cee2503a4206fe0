import type { LanguageCode } from '../api/contract/languages.js';
import type { Sql } from './database.js';

export interface SystemSettings {
  defaultDailyLimit: number;
  resultsPerAnswer: number;
  maxRadiusKm: number;
  timeZone: string;
  maintenanceMode: boolean;
  maxResponseTimeSeconds: number;
  allowedGroups: string;
  autoBackup: boolean;
  /** The hour (0–23, in timeZone) the daily automatic backup runs (migration 061). */
  backupHour: number;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  logRetentionDays: number;
  broadcastRatePerSecond: number;
  /** When "Require two-factor for admins" was switched on; null while it is off. */
  twoFactorRequiredSince: Date | null;
  /** Days admins without two-factor may keep working after it was switched on. */
  twoFactorGraceDays: number;
  /** The language of users whose own the bot does not offer (one of botLanguages). */
  defaultLanguage: LanguageCode;
  /** The languages the bot offers on /language and answers in. */
  botLanguages: LanguageCode[];
  /** Days after which a contact's verification is overdue (migration 053). */
  reverifyAfterDays: number;
  /** Days without verification after which the bot leaves a contact out of its answers; null: never. */
  hideUnverifiedAfterDays: number | null;
  updatedAt: Date;
}

/** The one row of system settings (the migration creates it). */
export async function getSystemSettings(sql: Sql): Promise<SystemSettings> {
  const [settings] = await sql<SystemSettings[]>`SELECT * FROM system_settings WHERE id`;
  return settings!;
}

export type SettingsChanges = Partial<Omit<SystemSettings, 'updatedAt'>>;

export async function updateSystemSettings(sql: Sql, changes: SettingsChanges): Promise<SystemSettings> {
  // A field left undefined keeps its value.
  const columns = (Object.keys(changes) as (keyof SettingsChanges)[]).filter((column) => changes[column] !== undefined);
  if (columns.length === 0) return getSystemSettings(sql);
  const [settings] = await sql<SystemSettings[]>`
    UPDATE system_settings SET ${sql(changes, columns)}, updated_at = now() WHERE id RETURNING *`;
  return settings!;
}

/** Holds the settings row until the transaction ends: saves one at a time, each reading what the one before saved. */
export async function lockSystemSettings(tx: Sql): Promise<void> {
  await tx`SELECT FROM system_settings FOR UPDATE`;
}
