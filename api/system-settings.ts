import { defaultLanguageProblem, hideUnverifiedProblem, parseGroupIds, type SystemSettingsView, type UpdateSystemSettings } from './contract/system-settings.js';
import { LANGUAGE_CODES } from './contract/languages.js';
import { badRequest } from './errors.js';
import { twoFactorRequiredFrom } from './auth/two-factor-requirement.js';
import type { Sql } from '../sql/database.js';
import { getSystemSettings, lockSystemSettings, updateSystemSettings } from '../sql/settings.js';
import { findUnknownGroupIds, listAllowedGroupIds, setAllowedGroups } from '../sql/access-control.js';

// System settings (spec §2.4 System Settings dialog, §3): "Allowed groups" is a view of the active
// authorized groups; saving a changed list activates exactly the groups listed.

/** The settings as the console shows and edits them. */
export async function readSettings(sql: Sql): Promise<SystemSettingsView> {
  const [settings, allowedGroupIds] = await Promise.all([getSystemSettings(sql), listAllowedGroupIds(sql)]);
  return {
    dailyLimit: settings.defaultDailyLimit,
    maxResponseTime: settings.maxResponseTimeSeconds,
    allowedGroups: allowedGroupIds.join(', '),
    maintenanceMode: settings.maintenanceMode,
    autoBackup: settings.autoBackup,
    backupHour: settings.backupHour,
    timeZone: settings.timeZone,
    logLevel: settings.logLevel,
    logRetentionDays: settings.logRetentionDays,
    requireTwoFactorForAdmins: settings.twoFactorRequiredSince !== null,
    twoFactorGraceDays: settings.twoFactorGraceDays,
    twoFactorRequiredFrom:
      twoFactorRequiredFrom({ requiredSince: settings.twoFactorRequiredSince, graceDays: settings.twoFactorGraceDays })?.toISOString() ?? null,
    defaultLanguage: settings.defaultLanguage,
    botLanguages: LANGUAGE_CODES.filter((code) => settings.botLanguages.includes(code)),
    reverifyAfterDays: settings.reverifyAfterDays,
    hideUnverifiedAfterDays: settings.hideUnverifiedAfterDays,
    updatedAt: settings.updatedAt.toISOString(),
  };
}

/** Only authorized groups can be allowed: a 400 naming those that are not. */
export async function refuseUnknownGroups(sql: Sql, groupIds: number[]): Promise<void> {
  const unknown = await findUnknownGroupIds(sql, groupIds);
  if (unknown.length === 0) return;
  const message =
    unknown.length === 1
      ? `Allowed groups: ${unknown[0]} is not an authorized group. Add it in Access Control first, or remove it from the list.`
      : `Allowed groups: ${unknown.join(', ')} are not authorized groups. Add them in Access Control first, or remove them from the list.`;
  throw badRequest(message, 'allowedGroups');
}

/** Both lists are free of duplicates (parseGroupIds). */
const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Saves the changes in `tx`, one save at a time (the lock), so concurrent saves each tell what they
 * changed from and to. The default language must be one the bot offers, and hiding unverified
 * contacts must come after re-verification, as saved.
 */
export async function saveSettings(tx: Sql, changes: UpdateSystemSettings, now: Date): Promise<{ before: SystemSettingsView; after: SystemSettingsView }> {
  await lockSystemSettings(tx);
  const before = await readSettings(tx);
  const defaultLanguage = changes.defaultLanguage ?? before.defaultLanguage;
  const botLanguages = changes.botLanguages ?? before.botLanguages;
  const languageProblem = defaultLanguageProblem(defaultLanguage, botLanguages);
  if (languageProblem) throw badRequest(languageProblem, 'defaultLanguage');
  const hideProblem = hideUnverifiedProblem(
    changes.reverifyAfterDays ?? before.reverifyAfterDays,
    changes.hideUnverifiedAfterDays === undefined ? before.hideUnverifiedAfterDays : changes.hideUnverifiedAfterDays,
  );
  if (hideProblem) throw badRequest(hideProblem, 'hideUnverifiedAfterDays');
  await updateSystemSettings(tx, {
    defaultDailyLimit: changes.dailyLimit,
    maxResponseTimeSeconds: changes.maxResponseTime,
    maintenanceMode: changes.maintenanceMode,
    autoBackup: changes.autoBackup,
    backupHour: changes.backupHour,
    logLevel: changes.logLevel,
    logRetentionDays: changes.logRetentionDays,
    twoFactorGraceDays: changes.twoFactorGraceDays,
    defaultLanguage: changes.defaultLanguage,
    botLanguages: changes.botLanguages,
    reverifyAfterDays: changes.reverifyAfterDays,
    hideUnverifiedAfterDays: changes.hideUnverifiedAfterDays,
    // The grace period counts from the moment it is switched on; saving it on again keeps that moment.
    ...(changes.requireTwoFactorForAdmins !== undefined &&
      changes.requireTwoFactorForAdmins !== before.requireTwoFactorForAdmins && {
        twoFactorRequiredSince: changes.requireTwoFactorForAdmins ? now : null,
      }),
  });
  const groupIds = parseGroupIds(changes.allowedGroups);
  if (!sameIds(groupIds, parseGroupIds(before.allowedGroups))) await setAllowedGroups(tx, groupIds);
  return { before, after: await readSettings(tx) };
}
