import type { BackupService } from '../sql/backups.js';
import type { Sql } from '../sql/database.js';
import { getSystemSettings } from '../sql/settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Checks run hourly; this much early still counts as a day, so backups do not drift. */
const TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The daily automatic backup, checked hourly by the job runner: while the autoBackup setting is
 * on, makes a backup when the newest one is a day old (or there is none). Restarts do not cause
 * extra backups. True when it made one.
 */
export async function backupIfDue(sql: Sql, backups: BackupService, now: Date): Promise<boolean> {
  if (!(await getSystemSettings(sql)).autoBackup) return false;
  const [newest] = await backups.list();
  if (newest && now.getTime() - newest.createdAt.getTime() < DAY_MS - TOLERANCE_MS) return false;
  await backups.run();
  return true;
}
