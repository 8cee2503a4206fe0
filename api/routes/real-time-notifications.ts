import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../contract/fields.js';
import {
  MarkAllReadResultSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationSchema,
  UnreadNotificationQuerySchema,
  type Notification,
} from '../contract/notifications.js';
import { notFound } from '../errors.js';
import { requireAuth } from '../plugins/authorization.js';
import type { Sql } from '../../sql/database.js';
import { listNotifications, markAllNotificationsRead, markNotificationRead, type ReaderNotification } from '../../sql/notifications.js';

export function toNotification(stored: ReaderNotification): Notification {
  return {
    id: stored.id,
    type: stored.type,
    priority: stored.priority,
    title: stored.title,
    message: stored.message,
    isRead: stored.isRead,
    readAt: stored.readAt?.toISOString() ?? null,
    createdAt: stored.createdAt.toISOString(),
    expiresAt: stored.expiresAt?.toISOString() ?? null,
    metadata: stored.metadata,
    kind: stored.kind,
  };
}

/**
 * Real-time notifications (spec §2.15, §7): newest first, a page at a time. Read state is the
 * caller's own: any role marks them read for themselves, and unread lists and counts are theirs.
 */
export const realTimeNotificationRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const permission = 'notifications:read' as const;

  app.get(
    '/api/real-time-notifications',
    { schema: { querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } }, config: { permission } },
    async (request) => {
      const page = await listNotifications(sql, requireAuth(request).id, request.query);
      return { items: page.items.map(toNotification), total: page.total };
    },
  );

  app.get(
    '/api/real-time-notifications/unread',
    { schema: { querystring: UnreadNotificationQuerySchema, response: { 200: NotificationPageSchema } }, config: { permission } },
    async (request) => {
      const page = await listNotifications(sql, requireAuth(request).id, { ...request.query, unreadOnly: true });
      return { items: page.items.map(toNotification), total: page.total };
    },
  );

  app.patch(
    '/api/real-time-notifications/:id/read',
    { schema: { params: IdParamsSchema, response: { 200: NotificationSchema } }, config: { permission } },
    async (request) => {
      const marked = await markNotificationRead(sql, request.params.id, requireAuth(request).id, now());
      if (!marked) throw notFound('No notification with this id');
      return toNotification(marked);
    },
  );

  app.patch(
    '/api/real-time-notifications/mark-all-read',
    { schema: { response: { 200: MarkAllReadResultSchema } }, config: { permission } },
    async (request) => ({ success: true as const, count: await markAllNotificationsRead(sql, requireAuth(request).id, now()) }),
  );
};
