import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseGroupIds, SystemSettingsSchema, UpdateSystemSettingsSchema, type SystemSettingsView } from '../contract/system-settings.js';
import { audited } from '../audited.js';
import { readSettings, refuseUnknownGroups, saveSettings } from '../system-settings.js';
import type { Sql } from '../../sql/database.js';

/**
 * System settings (spec §2.4 System Settings dialog, §3): saved on the server and read by the bot
 * on every update, so a change takes effect with the next message.
 */
export const systemSettingsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/system-settings',
    { schema: { response: { 200: SystemSettingsSchema } }, config: { permission: 'system-settings:manage' } },
    async (): Promise<SystemSettingsView> => readSettings(sql),
  );

  app.put(
    '/api/system-settings',
    { schema: { body: UpdateSystemSettingsSchema, response: { 200: SystemSettingsSchema } }, config: { permission: 'system-settings:manage' } },
    async (request): Promise<SystemSettingsView> => {
      await refuseUnknownGroups(sql, parseGroupIds(request.body.allowedGroups));
      const { after } = await audited(sql, request, {
        change: (tx) => saveSettings(tx, request.body, now()),
        audit: ({ before, after }) => ({ action: 'system-settings.update', targetId: null, before, after }),
      });
      return after;
    },
  );
};
