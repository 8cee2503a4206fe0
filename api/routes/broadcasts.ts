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
  unknownPlaceholderProblem,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastDetail,
  type BroadcastTargetType,
  type BroadcastTranslations,
} from '../contract/broadcasts.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { audit } from '../audit.js';
import { requireAuth } from '../plugins/authorization.js';
import type { Sql } from '../../sql/database.js';
import {
  broadcastRatePerSecond,
  broadcastTotals,
  cancelBroadcast,
  countAudienceLanguages,
  countRecipientLanguages,
  countRecipients,
  findBroadcast,
  insertBroadcast,
  listRecipientsIn,
  listRecentBroadcasts,
  requeueUnknownRecipients,
  retryFailedRecipients,
  selectedRecipients,
  type StoredBroadcast,
} from '../../sql/broadcasts.js';
import { findTemplate, listActiveTemplatesOfType, type StoredTemplate } from '../../sql/message-templates.js';
import { getSystemSettings } from '../../sql/settings.js';
import { isLanguageCode, languageName } from '../contract/languages.js';
import type { Broadcaster } from '../ports.js';
import { sendCreatedOnce } from '../plugins/idempotency.js';
import { transaction } from '../../sql/transaction.js';

const NO_RECIPIENTS = 'There are no active bot users to send this broadcast to';
const NO_SELECTED_RECIPIENTS = 'None of the selected users is a bot user that staff have not blocked';
const NO_SENDER = 'The bot is not running, so no message can be sent now';
/** Failed (and unknown) recipients listed in a broadcast's detail. */
const RECIPIENTS_SHOWN = 500;
/** The window the progress rate is measured over. */
const RATE_WINDOW_SECONDS = 10;

function toBroadcast({ translations: _translations, ...row }: StoredBroadcast, targetUsers: number[] = []): Broadcast {
  return {
    ...row,
    targetUsers,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

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

  /**
   * Retry failed and Send to unknown: requeues recipients with the audit row in one transaction (a failure
   * between them would leave a change nobody recorded), then the sender goes again for what was requeued.
   */
  async function sendAgain(
    request: FastifyRequest,
    broadcastId: number,
    action: 'broadcast.retry-failed' | 'broadcast.send-unknown',
    requeue: (tx: Sql) => Promise<number>,
    noneMessage: string,
  ) {
    const requeued = await transaction(sql, async (tx) => {
      const requeued = await requeue(tx);
      if (requeued === 0) throw new ApiError(409, noneMessage);
      await audit(tx, request, { action, targetType: 'broadcast', targetId: broadcastId, after: { requeued } });
      return requeued;
    });
    // Only once committed: the sender must find the requeued recipients.
    broadcaster?.wake();
    return { success: true as const, requeued };
  }

  /** An inactive template is one staff withdrew: it is not sent, whichever way it is asked for. */
  async function activeTemplate(templateId: number) {
    const template = await findTemplate(sql, templateId);
    if (!template) throw badRequest('That template does not exist', 'templateId');
    if (!template.isActive) throw badRequest('That template is inactive: activate it, or choose an active one', 'templateId');
    return template;
  }

  /**
   * A template's texts as its broadcast carries them, so that each recipient gets their language's: the
   * active templates of its type in the languages the bot offers. The default language's is the content;
   * without one, the chosen template's is (and whoever has no text of their own gets it).
   */
  async function templateTexts(template: StoredTemplate): Promise<{ content: string; translations: BroadcastTranslations }> {
    const [siblings, settings] = await Promise.all([listActiveTemplatesOfType(sql, template.type), getSystemSettings(sql)]);
    const translations: BroadcastTranslations = {};
    for (const sibling of siblings) {
      if (sibling.language !== settings.defaultLanguage && settings.botLanguages.includes(sibling.language)) translations[sibling.language] = sibling.content;
    }
    const inDefault = siblings.find((sibling) => sibling.language === settings.defaultLanguage);
    const texts = { content: inDefault?.content ?? template.content, translations };
    // A template of a reply type ({city}, {count}) has placeholders only a reply fills: every recipient would read gaps.
    const problem = [texts.content, ...Object.values(translations)].map(unknownPlaceholderProblem).find((found) => found !== undefined);
    if (problem) throw badRequest(`${problem} The template “${template.name}” cannot be sent as a broadcast: choose another.`, 'templateId');
    return texts;
  }

  /**
   * A text in a language the bot does not offer would reach nobody, and one in the default language would
   * compete with the content (which is that language's): both are refused, naming the text.
   */
  async function checkTranslations(translations: Record<string, string>): Promise<void> {
    const settings = await getSystemSettings(sql);
    for (const language of Object.keys(translations)) {
      if (!isLanguageCode(language)) continue;
      const field = `translations.${language}`;
      if (language === settings.defaultLanguage) {
        throw badRequest(`${languageName(language)} is the default language: its text is the message content. Remove this text, or move it there.`, field);
      }
      if (!settings.botLanguages.includes(language)) {
        throw badRequest(`The bot does not offer ${languageName(language)}, so nobody would get this text: offer it in System Settings, or remove it.`, field);
      }
    }
  }

  /** Queues a broadcast with its audit row and sends the 202 (once per Idempotency-Key, see sendCreatedOnce). */
  async function queue(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: {
      title: string;
      content: string;
      translations: Record<string, string>;
      templateId: number | null;
      targetType: BroadcastTargetType;
      targetUsers: number[] | null;
    },
  ): Promise<FastifyReply> {
    const telegramIds = fields.targetType === 'selected' ? [...new Set(fields.targetUsers ?? [])] : null;
    const { title, content, translations, templateId, targetType } = fields;
    await sendCreatedOnce(sql, request, reply, 202, async (tx) => {
      const created = await insertBroadcast(tx, { title, content, translations, templateId, targetType, createdBy: requireAuth(request).id, telegramIds }, now());
      if (!created) throw badRequest(telegramIds ? NO_SELECTED_RECIPIENTS : NO_RECIPIENTS, telegramIds ? 'targetUsers' : undefined);
      const recipients = telegramIds ? await selectedRecipients(tx, [created.id]) : undefined;
      const broadcast = toBroadcast(created, recipients?.get(created.id));
      await audit(tx, request, { action: 'broadcast.send', targetType: 'broadcast', targetId: broadcast.id, after: broadcast });
      return broadcast;
    });
    broadcaster?.wake();
    return reply;
  }

  app.post(
    '/api/broadcast-send',
    { schema: { body: BroadcastSendSchema, response: { 202: BroadcastQueuedSchema } }, config: { ...permission, idempotent: true } },
    async (request, reply) => {
      const body = request.body;
      const templateId = body.templateId ?? null;
      const template = templateId === null ? undefined : await activeTemplate(templateId);
      const typed = body.translations ?? {};
      await checkTranslations(typed);
      // Typed content wins with its typed texts; without it the template's texts in each language are sent
      // (a text typed for a language still wins over the template's).
      const fromTemplate = template && !body.content?.trim() ? await templateTexts(template) : undefined;
      const content = fromTemplate?.content ?? body.content!;
      const translations = { ...fromTemplate?.translations, ...typed };
      return queue(request, reply, {
        title: body.title!.trim(),
        content,
        translations,
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
      const template = await activeTemplate(request.body.templateId);
      const selected = (request.body.targetUsers ?? []).length > 0;
      return queue(request, reply, {
        title: template.name,
        ...(await templateTexts(template)),
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
      const texts = content?.trim() ? { content, translations: translations ?? {} } : await templateTexts(await activeTemplate(templateId!));
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
    async (request): Promise<BroadcastDetail> => {
      const row = await existingBroadcast(request.params.id);
      const at = now();
      const counts = await countRecipients(sql, row.id, new Date(at.getTime() - RATE_WINDOW_SECONDS * 1000));
      const selected = row.targetType === 'selected' ? await selectedRecipients(sql, [row.id]) : new Map<number, number[]>();
      const pending = counts.pending + counts.sending;
      const measured = counts.recent / RATE_WINDOW_SECONDS;
      const open = row.status === 'queued' || row.status === 'sending' || row.status === 'interrupted';
      const rate = open ? measured : 0;
      const expected = measured > 0 ? measured : await broadcastRatePerSecond(sql);
      const done = counts.delivered + counts.failed + counts.unknown;
      const languages = await countRecipientLanguages(sql, row.id);
      return {
        ...toBroadcast(row, selected.get(row.id)),
        translations: row.translations,
        languages: languages.map((counts) => ({ ...counts, translated: row.translations[counts.language] !== undefined })),
        progress: {
          sent: counts.delivered,
          failed: counts.failed,
          unknown: counts.unknown,
          pending,
          rate: Math.round(rate * 10) / 10,
          estimatedSecondsLeft: open ? Math.ceil(pending / expected) : null,
          percent: row.totalRecipients > 0 ? Math.round((done / row.totalRecipients) * 1000) / 10 : 100,
        },
        failedRecipients: await listRecipientsIn(sql, row.id, 'failed', RECIPIENTS_SHOWN),
        unknownRecipients: counts.unknown > 0 ? await listRecipientsIn(sql, row.id, 'unknown', RECIPIENTS_SHOWN) : [],
      };
    },
  );

  app.post(
    '/api/broadcasts/:id/cancel',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: permission },
    async (request) => {
      const row = await existingBroadcast(request.params.id);
      await transaction(sql, async (tx) => {
        if (!(await cancelBroadcast(tx, row.id, now()))) throw conflict(`This broadcast is already ${row.status}`);
        await audit(tx, request, { action: 'broadcast.cancel', targetType: 'broadcast', targetId: row.id });
      });
      // Only once committed: a cancel that rolled back must not stop the sending.
      broadcaster?.cancelled(row.id);
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
