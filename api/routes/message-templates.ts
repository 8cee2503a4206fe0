import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOT_TEMPLATE_TYPES,
  CreateMessageTemplateSchema,
  KNOWN_TEMPLATE_VARIABLES,
  MessageTemplateListQuerySchema,
  MissingTemplateLanguagesSchema,
  MessageTemplateSchema,
  PreviewUserQuerySchema,
  PreviewUserSchema,
  renderTemplate,
  SAMPLE_TEMPLATE_VALUES,
  SAMPLE_VALUES_BY_LANGUAGE,
  TELEGRAM_MESSAGE_LIMIT,
  TemplatePreviewRequestSchema,
  TemplatePreviewSchema,
  templateVariables,
  UpdateMessageTemplateSchema,
  type MessageTemplate,
  type MissingTemplateLanguages,
  type TemplatePreview,
  type TemplateValues,
} from '../contract/message-templates.js';
import type { LanguageCode } from '../contract/languages.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { notFound } from '../errors.js';
import { audited } from '../audited.js';
import { refuseLosingLastActive, replacedRecords } from '../active-templates.js';
import { botUserAccess } from '../bot-user-access.js';
import { replyValues } from '../contract/reply-values.js';
import { localDay } from '../contract/time-zone.js';
import type { Sql } from '../../sql/database.js';
import { getSystemSettings } from '../../sql/settings.js';
import { usedToday } from '../../sql/daily-usage.js';
import {
  deactivateOtherActiveTemplate,
  deleteTemplate,
  findPreviewUser,
  findTemplate,
  insertTemplate,
  listTemplates,
  missingTemplateLanguages,
  searchPreviewUsers,
  updateTemplate,
  type StoredTemplate,
} from '../../sql/message-templates.js';
import { refuseStaleEdit } from '../stale-edit.js';

const NO_SUCH_TEMPLATE = 'No message template with this id';
const KNOWN = new Set<string>(KNOWN_TEMPLATE_VARIABLES);

export function toMessageTemplate(template: StoredTemplate): MessageTemplate {
  return {
    id: template.id,
    name: template.name,
    type: template.type,
    language: template.language,
    content: template.content,
    variables: template.variables,
    isActive: template.isActive,
    usageCount: template.usageCount,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** The content rendered as the bot sends it, with what the editor should be warned about. */
export function previewTemplate(content: string, values: TemplateValues): TemplatePreview {
  const html = renderTemplate(content, values);
  return {
    html,
    length: html.length,
    unknownPlaceholders: templateVariables(content).filter((name) => !KNOWN.has(name)),
    tooLong: html.length > TELEGRAM_MESSAGE_LIMIT,
  };
}

/** Message templates (spec §2.5, §7): what the bot replies with, and what broadcasts can send. */
export const messageTemplateRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** A real bot user's values, computed as the bot computes them for its replies (replyValues). */
  async function userValues(telegramId: number, language: LanguageCode | undefined): Promise<TemplateValues> {
    const user = await findPreviewUser(sql, telegramId);
    if (!user) throw notFound('No bot user with this Telegram id');
    const settings = await getSystemSettings(sql);
    const at = now();
    const day = localDay(at, settings.timeZone);
    // Their own limit: a group's, or none for a whitelisted admin.
    const [{ dailyLimit }, used] = await Promise.all([botUserAccess(sql, telegramId, settings, day), usedToday(sql, telegramId, day)]);
    return { ...SAMPLE_TEMPLATE_VALUES, ...replyValues({ user, dailyLimit, used, now: at, timeZone: settings.timeZone, language }) };
  }

  app.get(
    '/api/message-templates',
    { schema: { querystring: MessageTemplateListQuerySchema, response: { 200: MessageTemplateSchema.array() } }, config: { permission: 'templates:read' } },
    async (request): Promise<MessageTemplate[]> => {
      const { defaultLanguage } = await getSystemSettings(sql);
      return (await listTemplates(sql, request.query, defaultLanguage)).map(toMessageTemplate);
    },
  );

  app.post(
    '/api/message-templates',
    {
      schema: { body: CreateMessageTemplateSchema, response: { 201: MessageTemplateSchema } },
      config: { permission: 'templates:write', idempotent: true },
    },
    async (request, reply) => {
      const { name, type, language, content, isActive } = request.body;
      await audited(sql, request, {
        change: async (tx, alsoRecord) => {
          // One active per type and language: an active template replaces the one there.
          const deactivated = isActive ? await deactivateOtherActiveTemplate(tx, type, language, undefined) : [];
          const created = toMessageTemplate(await insertTemplate(tx, { name, type, language, content, isActive, variables: templateVariables(content) }));
          replacedRecords(deactivated, created.id).forEach(alsoRecord);
          return created;
        },
        audit: (created) => ({ action: 'message-template.create', targetId: created.id, after: created }),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.post(
    '/api/message-templates/preview',
    { schema: { body: TemplatePreviewRequestSchema, response: { 200: TemplatePreviewSchema } }, config: { permission: 'templates:read' } },
    async (request): Promise<TemplatePreview> => {
      const { content, telegramUserId, language } = request.body;
      const samples = language ? SAMPLE_VALUES_BY_LANGUAGE[language] : SAMPLE_TEMPLATE_VALUES;
      const values = telegramUserId === undefined ? samples : await userValues(telegramUserId, language);
      return previewTemplate(content, values);
    },
  );

  app.get(
    '/api/message-templates/missing-languages',
    { schema: { response: { 200: MissingTemplateLanguagesSchema.array() } }, config: { permission: 'templates:read' } },
    async (): Promise<MissingTemplateLanguages[]> => {
      const { botLanguages } = await getSystemSettings(sql);
      return missingTemplateLanguages(sql, BOT_TEMPLATE_TYPES, botLanguages);
    },
  );

  app.get(
    '/api/message-templates/preview-users',
    { schema: { querystring: PreviewUserQuerySchema, response: { 200: PreviewUserSchema.array() } }, config: { permission: 'templates:read' } },
    async (request) => searchPreviewUsers(sql, request.query.search || undefined),
  );

  app.patch(
    '/api/message-templates/:id',
    { schema: { params: IdParamsSchema, body: UpdateMessageTemplateSchema, response: { 200: MessageTemplateSchema } }, config: { permission: 'templates:write' } },
    async (request): Promise<MessageTemplate> => {
      const target = await findTemplate(sql, request.params.id);
      if (!target) throw notFound(NO_SUCH_TEMPLATE);
      const { name, type, language, content, isActive, expectedUpdatedAt } = request.body;
      const changes = { name, type, language, content, isActive, variables: content === undefined ? undefined : templateVariables(content) };
      const leavesBotSet = target.isActive && (isActive === false || (type !== undefined && type !== target.type) || (language !== undefined && language !== target.language));
      const next = { id: target.id, type: type ?? target.type, language: language ?? target.language };
      // Activated, or moved while active to a type or language that may have an active one already.
      const takesASlot = (isActive ?? target.isActive) && (!target.isActive || next.type !== target.type || next.language !== target.language);
      return audited(sql, request, {
        change: async (tx, alsoRecord) => {
          await refuseStaleEdit(tx, 'message_templates', target.id, expectedUpdatedAt);
          const deactivated = takesASlot ? await deactivateOtherActiveTemplate(tx, next.type, next.language, next.id) : [];
          if (leavesBotSet) await refuseLosingLastActive(tx, target);
          const updated = await updateTemplate(tx, target.id, changes);
          if (!updated) throw notFound(NO_SUCH_TEMPLATE);
          replacedRecords(deactivated, target.id).forEach(alsoRecord);
          return toMessageTemplate(updated);
        },
        audit: (after) => ({ action: 'message-template.update', targetId: target.id, before: toMessageTemplate(target), after }),
      });
    },
  );

  app.delete(
    '/api/message-templates/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'templates:write' } },
    async (request) => {
      const target = await findTemplate(sql, request.params.id);
      if (!target) throw notFound(NO_SUCH_TEMPLATE);
      await audited(sql, request, {
        change: async (tx) => {
          await refuseLosingLastActive(tx, target);
          await deleteTemplate(tx, target.id);
        },
        audit: { action: 'message-template.delete', targetId: target.id, before: toMessageTemplate(target) },
      });
      return { success: true as const };
    },
  );
};
