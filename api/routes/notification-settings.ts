import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotificationSettingsSchema } from '../contract/notifications.js';
import { audited } from '../audited.js';
import type { Sql } from '../../sql/database.js';
import { getNotificationSettings, lockNotificationSettings, saveNotificationSettings } from '../../sql/notification-settings.js';

/** Notification settings (spec §3): who the bot alerts on Telegram and about what; admins only. */
export const notificationSettingsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (instance, { sql }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const permission = 'notification-settings:manage' as const;

  app.get(
    '/api/notification-settings',
    { schema: { response: { 200: NotificationSettingsSchema } }, config: { permission } },
    async () => getNotificationSettings(sql),
  );

  app.put(
    '/api/notification-settings',
    { schema: { body: NotificationSettingsSchema, response: { 200: NotificationSettingsSchema } }, config: { permission } },
    async (request) => {
      // One save at a time (the lock): concurrent saves each record what they changed from.
      const { after } = await audited(sql, request, {
        change: async (tx) => {
          await lockNotificationSettings(tx);
          const before = await getNotificationSettings(tx);
          return { before, after: await saveNotificationSettings(tx, request.body) };
        },
        audit: ({ before, after }) => ({ action: 'notification-settings.update', targetId: null, before, after }),
      });
      return after;
    },
  );
};
