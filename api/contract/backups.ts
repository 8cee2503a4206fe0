import { z } from 'zod';

/** One backup file in DATA_DIR/backups. */
export const BackupSchema = z.object({
  fileName: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** POST /api/backups answers 202 at once; the backup runs in the background. */
export const BackupStartedSchema = z.object({ status: z.literal('started') });
