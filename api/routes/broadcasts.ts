import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BROADCAST_HISTORY_CONTENT_LENGTH,
  BROADCAST_HISTORY_LIMIT,
  BroadcastAudienceQuerySchema,
  BroadcastAudienceSchema,
  BroadcastDetailSchema,
  BroadcastHistorySchema,
  BroadcastMessageSchema,
  BroadcastQueuedSchema,
  BroadcastRetryResultSchema,
  BroadcastSendSchema,
  BroadcastSendUnknownResultSchema,
  BroadcastTestResultSchema,
  BroadcastTestSchema,
  type BroadcastAudience,
  type BroadcastDetail,
  type BroadcastTargetType,
} from '../contract/broadcasts.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { audited, type AuditRecord } from '../audited.js';
import { activeTemplate, composedTexts, templateTexts, type BroadcastTexts } from '../broadcast-texts.js';
import { broadcastDetail, toBroadcast } from '../broadcast-detail.js';
import { requireAuth } from '../plugins/authorization.js';
import type { Sql } from '../../sql/database.js';
import {
  broadcastTotals,
  cancelBroadcast,
  countAudienceLanguages,
  findBroadcast,
  insertBroadcast,
  listRecentBroadcasts,
  requeueUnknownRecipients,
  retryFailedRecipients,
  selectedRecipients,
} from '../../sql/broadcasts.js';
import { getSystemSettings } from '../../sql/settings.js';
import type { Broadcaster } from '../ports.js';

const NO_RECIPIENTS = 'There are no active bot users to send this broadcast to';
const NO_SELECTED_RECIPIENTS = 'None of the selected users is a bot user that staff have not blocked';
const NO_SENDER = 'The bot is not running, so no message can be sent now';
/** Broadcasts (spec §2.6, §7; docs/bot.md "Broadcasts"): queued here, delivered by the sender. Admins only. */
export const broadcastRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; broadcaster?: Broadcaster }> = async (
  instance,
  { sql, now, broadcaster },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const permission = { permission: 'broadcasts:send' as const };

  /** The broadcast a route's :id names, or a 404. */
  async function existingBroadcast(id: number) {
    const row = await findBroadcast(sql, id);
    if (!row) throw notFound('No broadcast with this id');
    return row;
  }

  /** Retry failed and Send to unknown: requeues recipients, then the sender goes again for them once that is committed. */
  async function sendAgain(
    request: FastifyRequest,
    broadcastId: number,
    action: Extract<AuditRecord['action'], 'broadcast.retry-failed' | 'broadcast.send-unknown'>,
    requeue: (tx: Sql) => Promise<number>,
    noneMessage: string,
  ) {
    const requeued = await audited(sql, request, {
      change: async (tx) => {
        const requeued = await requeue(tx);
        if (requeued === 0) throw new ApiError(409, noneMessage);
        return requeued;
      },
      audit: (requeued) => ({ action, targetId: broadcastId, after: { requeued } }),
      afterCommit: () => broadcaster?.wake(),
    });
    return { success: true as const, requeued };
  }

  /** Queues a broadcast and sends the 202 (once per Idempotency-Key); the sender is woken once it is committed. */
  async function queue(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: BroadcastTexts & { title: string; templateId: number | null; targetType: BroadcastTargetType; targetUsers: number[] | null },
  ): Promise<FastifyReply> {
    const telegramIds = fields.targetType === 'selected' ? [...new Set(fields.targetUsers ?? [])] : null;
    const { title, content, translations, templateId, targetType } = fields;
    await audited(sql, request, {
      change: async (tx) => {
        const created = await insertBroadcast(tx, { title, content, translations, templateId, targetType, createdBy: requireAuth(request).id, telegramIds }, now());
        if (!created) throw badRequest(telegramIds ? NO_SELECTED_RECIPIENTS : NO_RECIPIENTS, telegramIds ? 'targetUsers' : undefined);
        const recipients = telegramIds ? await selectedRecipients(tx, [created.id]) : undefined;
        return toBroadcast(created, recipients?.get(created.id));
      },
      audit: (broadcast) => ({ action: 'broadcast.send', targetId: broadcast.id, after: broadcast }),
      afterCommit: () => broadcaster?.wake(),
      created: { reply, statusCode: 202 },
    });
    return reply;
  }

  app.post(
    '/api/broadcast-send',
    { schema: { body: BroadcastSendSchema, response: { 202: BroadcastQueuedSchema } }, config: { ...permission, idempotent: true } },
    async (request, reply) => {
      const body = request.body;
      const templateId = body.templateId ?? null;
      const template = templateId === null ? undefined : await activeTemplate(sql, templateId);
      return queue(request, reply, {
        title: body.title!.trim(),
        ...(await composedTexts(sql, body, template)),
        templateId,
        targetType: body.targetType,
        targetUsers: body.targetUsers ?? null,
      });
    },
  );

  app.post(
    '/api/broadcast-message',
    { schema: { body: BroadcastMessageSchema, response: { 202: BroadcastQueuedSchema } }, config: { ...permission, idempotent: true } },
    async (request, reply) => {
      const template = await activeTemplate(sql, request.body.templateId);
      const selected = (request.body.targetUsers ?? []).length > 0;
      return queue(request, reply, {
        title: template.name,
        ...(await templateTexts(sql, template)),
        templateId: template.id,
        targetType: selected ? 'selected' : 'template',
        targetUsers: selected ? request.body.targetUsers! : null,
      });
    },
  );

  app.post(
    '/api/broadcast-test',
    { schema: { body: BroadcastTestSchema, response: { 200: BroadcastTestResultSchema } }, config: { ...permission, idempotent: true } },
    async (request) => {
      if (!broadcaster) throw conflict(NO_SENDER);
      const { content, templateId, language, translations } = request.body;
      const chatId = Number(String(request.body.userId).trim());
      const texts = content?.trim() ? { content, translations: translations ?? {} } : await templateTexts(sql, await activeTemplate(sql, templateId!));
      const translated = language ? texts.translations[language] : undefined;
      // The values are written in the language of the text sent: the content's is the default language.
      return language && translated !== undefined ? broadcaster.sendTest(chatId, translated, language) : broadcaster.sendTest(chatId, texts.content);
    },
  );

  // A POST for its body only (a selection may hold thousands of ids): it changes nothing.
  app.post(
    '/api/broadcast-audience',
    { schema: { body: BroadcastAudienceQuerySchema, response: { 200: BroadcastAudienceSchema } }, config: permission },
    async (request): Promise<BroadcastAudience> => {
      const { targetType, targetUsers } = request.body;
      const telegramIds = targetType === 'selected' ? [...new Set(targetUsers ?? [])] : null;
      const [languages, settings] = await Promise.all([countAudienceLanguages(sql, telegramIds), getSystemSettings(sql)]);
      return {
        total: languages.reduce((sum, language) => sum + language.recipients, 0),
        defaultLanguage: settings.defaultLanguage,
        botLanguages: settings.botLanguages,
        languages,
      };
    },
  );

  app.get(
    '/api/broadcast-history',
    { schema: { response: { 200: BroadcastHistorySchema } }, config: permission },
    async () => {
      const [rows, totals] = await Promise.all([
        listRecentBroadcasts(sql, BROADCAST_HISTORY_LIMIT, BROADCAST_HISTORY_CONTENT_LENGTH),
        broadcastTotals(sql),
      ]);
      const selected = await selectedRecipients(sql, rows.filter((row) => row.targetType === 'selected').map((row) => row.id));
      return { broadcasts: rows.map((row) => toBroadcast(row, selected.get(row.id))), totals };
    },
  );

  app.get(
    '/api/broadcasts/:id',
    { schema: { params: IdParamsSchema, response: { 200: BroadcastDetailSchema } }, config: permission },
    async (request): Promise<BroadcastDetail> => broadcastDetail(sql, await existingBroadcast(request.params.id), now()),
  );

  app.post(
    '/api/broadcasts/:id/cancel',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: permission },
    async (request) => {
      const row = await existingBroadcast(request.params.id);
      await audited(sql, request, {
        change: async (tx) => {
          if (!(await cancelBroadcast(tx, row.id, now()))) throw conflict(`This broadcast is already ${row.status}`);
        },
        audit: { action: 'broadcast.cancel', targetId: row.id },
        // A cancel that rolled back must not stop the sending.
        afterCommit: () => broadcaster?.cancelled(row.id),
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/broadcasts/:id/retry-failed',
    { schema: { params: IdParamsSchema, response: { 200: BroadcastRetryResultSchema } }, config: permission },
    async (request) => {
      const row = await existingBroadcast(request.params.id);
      // An interrupted broadcast may be retried: its failures are settled, only its pending ones wait.
      if (row.status === 'queued' || row.status === 'sending') throw conflict('Wait until this broadcast has finished sending');
      return sendAgain(request, row.id, 'broadcast.retry-failed', (tx) => retryFailedRecipients(tx, row.id), 'No failed recipient can be retried (those who blocked the bot are not)');
    },
  );

  app.post(
    '/api/broadcasts/:id/send-unknown',
    { schema: { params: IdParamsSchema, response: { 200: BroadcastSendUnknownResultSchema } }, config: permission },
    async (request) => {
      const row = await existingBroadcast(request.params.id);
      return sendAgain(request, row.id, 'broadcast.send-unknown', (tx) => requeueUnknownRecipients(tx, row.id), 'No recipient of this broadcast is unknown (or those who are can no longer be reached)');
    },
  );
};
