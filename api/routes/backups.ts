import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BackupSchema, BackupStartedSchema, type Backup } from '../contract/backups.js';
import { audited } from '../audited.js';
import { conflict } from '../errors.js';
import type { Sql } from '../../sql/database.js';
import type { BackupService } from '../../sql/backups.js';

/** Why this process has no backup service (tests, or a product started without a data folder). */
export const NO_BACKUP_FOLDER = 'Backups cannot run: no data folder (DATA_DIR) is set for them';

/** Database backups (README "Backups"): the list, and "Back up now" for admins. */
export const backupRoutes: FastifyPluginAsync<{ sql: Sql; backups: BackupService | undefined }> = async (instance, { sql, backups }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** A start being recorded: the backup is not running yet, and a second click meanwhile must not start or record another. */
  let starting = false;

  app.get(
    '/api/backups',
    { schema: { response: { 200: BackupSchema.array() } }, config: { permission: 'backups:manage' } },
    async (): Promise<Backup[]> =>
      ((await backups?.list()) ?? []).map((backup) => ({ ...backup, createdAt: backup.createdAt.toISOString() })),
  );

  app.post(
    '/api/backups',
    { schema: { response: { 202: BackupStartedSchema } }, config: { permission: 'backups:manage' } },
    async (request, reply) => {
      if (!backups) throw conflict(NO_BACKUP_FOLDER);
      if (starting || backups.status().running) throw conflict('A backup is already running; it will appear in the list when it is done');
      starting = true;
      try {
        // Recorded before it starts: a backup nobody recorded does not start.
        await audited(sql, request, { action: 'backup.start', targetId: null });
      } finally {
        starting = false;
      }
      // Runs in the background; a failure is logged by the service and reported by System Health.
      backups.run().catch(() => {});
      return reply.status(202).send({ status: 'started' as const });
    },
  );
};
