import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotificationSettingsSchema } from '../contract/notifications.js';
import { audit } from '../audit.js';
import type { Sql } from '../../sql/database.js';
import { getNotificationSettings, saveNotificationSettings } from '../../sql/notification-settings.js';

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
      const before = await getNotificationSettings(sql);
      const after = await saveNotificationSettings(sql, request.body);
      await audit(sql, request, { action: 'notification-settings.update', targetType: 'notification_settings', targetId: null, before, after });
      return after;
    },
  );
};
