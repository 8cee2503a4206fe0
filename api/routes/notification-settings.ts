import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotificationSettingsSchema } from '../contract/notifications.js';
import { audit } from '../audit.js';
import type { Sql } from '../../sql/database.js';
import { getNotificationSettings, lockNotificationSettings, saveNotificationSettings } from '../../sql/notification-settings.js';
import { transaction } from '../../sql/transaction.js';

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
    // One save at a time, with its audit row: concurrent saves each record what they changed from.
    async (request) =>
      transaction(sql, async (tx) => {
        await lockNotificationSettings(tx);
        const before = await getNotificationSettings(tx);
        const after = await saveNotificationSettings(tx, request.body);
        await audit(tx, request, { action: 'notification-settings.update', targetType: 'notification_settings', targetId: null, before, after });
        return after;
      }),
  );
};
