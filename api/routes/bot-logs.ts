import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addStats,
  BotLogFilterSchema,
  BotLogListQuerySchema,
  BotLogListResponseSchema,
  botLogsCsvFileName,
  type BotLogFilter,
  type BotLogListResponse,
} from '../contract/bot-logs.js';
import { audited } from '../audited.js';
import { botLogsCsvStream } from '../bot-logs-csv.js';
import type { Sql } from '../../sql/database.js';
import { botLogsForExport, countBotLogs, levelCountsSnapshot, listBotLogs, newestBotLogId, type BotLogCounts } from '../../sql/bot-logs.js';
import { sendCsvFile } from '../csv-download.js';

/** Searches whose counts are kept, the least recently used let go first. */
const MAX_CACHED_SEARCHES = 100;

/** Bot logs (spec §2.8, §7): the list every role reads, and the CSV export for editors and up. */
export const botLogRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /**
   * Search counts by filter, as of a horizon, topped up with the matches among rows written since:
   * counting a common word's matches among millions of rows takes seconds, its new matches do not.
   * Each caller starts from the one before it, so a crowd asking for a new search at once shares
   * its one full count.
   */
  const searchCounts = new Map<string, Promise<{ newestId: number; tableTotal: number; counts: BotLogCounts }>>();

  async function countSearch(filter: BotLogFilter, newestId: number, tableTotal: number): Promise<BotLogCounts> {
    const key = JSON.stringify([filter.level, filter.search]);
    const previous = searchCounts.get(key);
    const next = (async () => {
      const cached = await previous?.catch(() => undefined);
      // Nothing written since: the crowd that asks at once gets the count without a statement each.
      if (cached && cached.newestId === newestId && cached.tableTotal === tableTotal) return cached;
      let counts: BotLogCounts | undefined;
      if (cached) {
        // Trusted only while rows have just been appended: a delete, or a row committed under an
        // id already passed, makes the table total disagree and the search is counted afresh.
        const appended = await countBotLogs(sql, { level: 'all' }, { newestId, after: cached.newestId });
        if (cached.tableTotal + appended.total === tableTotal) {
          const added = await countBotLogs(sql, filter, { newestId, after: cached.newestId });
          counts = { total: cached.counts.total + added.total, stats: addStats(cached.counts.stats, added.stats) };
        }
      }
      counts ??= await countBotLogs(sql, filter, { newestId });
      return { newestId, tableTotal, counts };
    })();
    searchCounts.delete(key);
    searchCounts.set(key, next);
    // Map keeps insertion order: the first key is the one used longest ago.
    if (searchCounts.size > MAX_CACHED_SEARCHES) searchCounts.delete(searchCounts.keys().next().value!);
    // A failed count is not kept: the next caller counts afresh.
    next.catch(() => searchCounts.get(key) === next && searchCounts.delete(key));
    return (await next).counts;
  }

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
      if (before !== undefined) {
        // An older page keeps the first page's counts.
        newestId = await newestBotLogId(sql);
      } else if (after !== undefined) {
        newestId = await newestBotLogId(sql);
        counts = await countBotLogs(sql, filter, { newestId, after });
      } else if (!search) {
        ({ newestId, counts } = await levelCountsSnapshot(sql, level));
      } else {
        const snapshot = await levelCountsSnapshot(sql, 'all');
        newestId = snapshot.newestId;
        counts = await countSearch(filter, newestId, snapshot.counts.total);
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
    { schema: { querystring: BotLogFilterSchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const filter = request.query;
      await audited(sql, request, { action: 'bot-logs.export', targetId: null, after: { filter } });
      return sendCsvFile(reply, botLogsCsvFileName(now()), botLogsCsvStream(botLogsForExport(sql, filter)));
    },
  );
};
