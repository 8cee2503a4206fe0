import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BotLogFilterSchema,
  BotLogListQuerySchema,
  BotLogListResponseSchema,
  botLogsCsvFileName,
  type BotLogListResponse,
} from '../contract/bot-logs.js';
import { audit } from '../audit.js';
import { botLogsCsvStream } from '../bot-logs-csv.js';
import type { Sql } from '../../sql/database.js';
import { botLogsForExport, countBotLogs, levelCountsSnapshot, listBotLogs, newestBotLogId, type BotLogCounts } from '../../sql/bot-logs.js';

/** Bot logs (spec §2.8, §7): the list every role reads, and the CSV export for editors and up. */
export const botLogRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/bot-logs',
    { schema: { querystring: BotLogListQuerySchema, response: { 200: BotLogListResponseSchema } }, config: { permission: 'logs:read' } },
    async (request): Promise<BotLogListResponse> => {
      const { level, search, before, after, limit } = request.query;
      const filter = { level, search };
      // One horizon for the page and its counts: a row written between the two statements is
      // neither counted without being listed nor counted again by the next refresh.
      let newestId: number;
      let counts: BotLogCounts | null = null;
      if (before === undefined && after === undefined && !search) {
        ({ newestId, counts } = await levelCountsSnapshot(sql, level));
      } else {
        newestId = await newestBotLogId(sql);
        // An older page keeps the first page's counts; a search counts its matches.
        if (before === undefined) counts = await countBotLogs(sql, filter, { newestId, after });
      }
      const page = await listBotLogs(sql, filter, { newestId, limit, before, after });
      return {
        items: page.items,
        total: counts?.total ?? null,
        stats: counts?.stats ?? null,
        newestId,
        nextBefore: after === undefined && page.hasOlder ? page.items.at(-1)!.id : null,
      };
    },
  );

  app.get(
    '/api/bot-logs/export',
    { schema: { querystring: BotLogFilterSchema }, config: { permission: 'logs:export' } },
    async (request, reply) => {
      const filter = request.query;
      await audit(sql, request, { action: 'bot-logs.export', targetType: 'bot_logs', targetId: null, after: { filter } });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${botLogsCsvFileName(now())}"`)
        .send(botLogsCsvStream(botLogsForExport(sql, filter)));
    },
  );
};
