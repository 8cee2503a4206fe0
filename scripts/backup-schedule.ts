import { localDayAndHour } from '../api/contract/time-zone.js';
import type { BackupService } from '../sql/backups.js';
import type { Sql } from '../sql/database.js';
import { getSystemSettings } from '../sql/settings.js';

/** How often the job runner checks: several times within the backup hour, so one check always falls in it. */
export const BACKUP_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Whether the automatic backup is due at `now`: it is the backup hour in the time zone, and no backup
 * was made yet in this hour of this day. Outside the hour it never is, so a first start or a restart
 * at another time backs up nothing, and a restart within the hour does not back up twice.
 */
export function backupDue(now: Date, schedule: { timeZone: string; backupHour: number }, newestAt: Date | undefined): boolean {
  const current = localDayAndHour(now, schedule.timeZone);
  if (current.hour !== schedule.backupHour) return false;
  if (!newestAt) return true;
  const newest = localDayAndHour(newestAt, schedule.timeZone);
  return newest.day !== current.day || newest.hour !== current.hour;
}

/**
 * The daily automatic backup, checked every BACKUP_CHECK_INTERVAL_MS by the job runner: while the
 * autoBackup setting is on, makes a backup at the backupHour setting in the configured time zone
 * (backupDue). True when it made one.
 */
export async function backupIfDue(sql: Sql, backups: BackupService, now: Date): Promise<boolean> {
  const settings = await getSystemSettings(sql);
  if (!settings.autoBackup) return false;
  const [newest] = await backups.list();
  if (!backupDue(now, settings, newest?.createdAt)) return false;
  await backups.run();
  return true;
}
