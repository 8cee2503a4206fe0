import type { BackupService } from './backups.js';
import type { Sql } from './database.js';
import { getSystemSettings } from './settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Checks run on the hour from start; this much early still counts as a day, so backups do not drift. */
const TOLERANCE_MS = 5 * 60 * 1000;

export interface BackupScheduleOptions {
  sql: Sql;
  backups: BackupService;
  now?: () => Date;
  /** How often it looks whether a backup is due. */
  checkEveryMs?: number;
  /** The first look after start, left for later so starting stays quick. */
  firstCheckAfterMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The daily automatic backup: while the autoBackup setting is on, makes a backup whenever the
 * newest one is a day old (or there is none). Restarts do not cause extra backups.
 */
export function createBackupSchedule({
  sql,
  backups,
  now = () => new Date(),
  checkEveryMs = 60 * 60 * 1000,
  firstCheckAfterMs = 60 * 1000,
  onError = () => {},
}: BackupScheduleOptions) {
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;
  let checking: Promise<void> = Promise.resolve();

  /** Makes a backup if one is due; resolves when done. */
  async function check(): Promise<void> {
    if (!(await getSystemSettings(sql)).autoBackup) return;
    const [newest] = await backups.list();
    if (newest && now().getTime() - newest.createdAt.getTime() < DAY_MS - TOLERANCE_MS) return;
    await backups.run();
  }

  const tick = () => {
    checking = check().catch(onError);
  };

  return {
    check,
    start(): void {
      first = setTimeout(tick, firstCheckAfterMs);
      every = setInterval(tick, checkEveryMs);
      first.unref();
      every.unref();
    },
    /** Stops the timers and waits for a backup in progress. */
    async stop(): Promise<void> {
      clearTimeout(first);
      clearInterval(every);
      await checking;
    },
  };
}
export type BackupSchedule = ReturnType<typeof createBackupSchedule>;
