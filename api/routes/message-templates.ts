import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
  type TemplateType,
  type TemplateValues,
} from '../contract/message-templates.js';
import type { LanguageCode } from '../contract/languages.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { conflict, notFound } from '../errors.js';
import { audit } from '../audit.js';
import { botUserAccess } from '../bot-user-access.js';
import { replyValues } from '../contract/reply-values.js';
import { localDay } from '../contract/time-zone.js';
import type { Sql } from '../../sql/database.js';
import { getSystemSettings } from '../../sql/settings.js';
import { usedToday } from '../../sql/daily-usage.js';
import {
  countOtherActiveTemplates,
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
import { transaction } from '../../sql/transaction.js';
import { sendCreatedOnce } from '../plugins/idempotency.js';
import { refuseStaleEdit } from '../stale-edit.js';

const TARGET_TYPE = 'message_template';
const NO_SUCH_TEMPLATE = 'No message template with this id';
const KNOWN = new Set<string>(KNOWN_TEMPLATE_VARIABLES);
const BOT_TYPES = new Set<TemplateType>(BOT_TEMPLATE_TYPES);

const lastActiveMessage = (type: TemplateType) =>
  `The bot needs an active ${type} template: activate another one first`;

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

  /**
   * Runs a change that takes the template out of the bot's active set, in a transaction that first
   * checks another active template of its type remains in the default language (and locks it against a
   * racing change). Other languages may go without: their users fall back to the default language's.
   */
  function keepingOneActive<T>(template: StoredTemplate, change: (tx: Sql) => Promise<T>, db: Sql = sql): Promise<T> {
    return transaction(db, async (tx) => {
      if (!template.isActive || !BOT_TYPES.has(template.type)) return change(tx);
      const { defaultLanguage } = await getSystemSettings(tx);
      if (template.language === defaultLanguage && (await countOtherActiveTemplates(tx, template.type, defaultLanguage, template.id)) === 0) {
        throw conflict(lastActiveMessage(template.type));
      }
      return change(tx);
    }) as Promise<T>;
  }

  /**
   * Runs a write that leaves `template` active, in a transaction that first deactivates the active
   * template of its type and language, so there is one active per type and language without a clash
   * on the database's unique index. Returns the write's result and the ids deactivated.
   */
  function replacingActive<T>(
    db: Sql,
    template: { id?: number; type: TemplateType; language: LanguageCode },
    write: (tx: Sql) => Promise<T>,
  ): Promise<{ result: T; deactivated: number[] }> {
    return transaction(db, async (tx) => {
      const deactivated = await deactivateOtherActiveTemplate(tx, template.type, template.language, template.id);
      return { result: await write(tx), deactivated };
    });
  }

  /** Records each template an activation replaced, so the audit log says why it went inactive. */
  async function auditReplaced(db: Sql, request: FastifyRequest, ids: number[], by: number): Promise<void> {
    for (const id of ids) {
      await audit(db, request, { action: 'message-template.update', targetType: TARGET_TYPE, targetId: id, after: { isActive: false, replacedBy: by } });
    }
  }

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
    async (request): Promise<MessageTemplate[]> => (await listTemplates(sql, request.query)).map(toMessageTemplate),
  );

  app.post(
    '/api/message-templates',
    {
      schema: { body: CreateMessageTemplateSchema, response: { 201: MessageTemplateSchema } },
      config: { permission: 'templates:write', idempotent: true },
    },
    async (request, reply) => {
      const { name, type, language, content, isActive } = request.body;
      const insert = (db: Sql) => insertTemplate(db, { name, type, language, content, isActive, variables: templateVariables(content) });
      await sendCreatedOnce(sql, request, reply, 201, async (tx) => {
        const { result, deactivated } = isActive ? await replacingActive(tx, { type, language }, insert) : { result: await insert(tx), deactivated: [] };
        const created = toMessageTemplate(result);
        await audit(tx, request, { action: 'message-template.create', targetType: TARGET_TYPE, targetId: created.id, after: created });
        await auditReplaced(tx, request, deactivated, created.id);
        return created;
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
      const update = (db: Sql) => updateTemplate(db, target.id, changes);
      const guarded = (db: Sql) => (leavesBotSet ? keepingOneActive(target, update, db) : update(db));
      // The change and its audit rows together: a failure between them would leave a change nobody recorded.
      return transaction(sql, async (tx) => {
        await refuseStaleEdit(tx, 'message_templates', target.id, expectedUpdatedAt);
        const { result: updated, deactivated } = takesASlot ? await replacingActive(tx, next, guarded) : { result: await guarded(tx), deactivated: [] };
        if (!updated) throw notFound(NO_SUCH_TEMPLATE);
        const after = toMessageTemplate(updated);
        await audit(tx, request, { action: 'message-template.update', targetType: TARGET_TYPE, targetId: target.id, before: toMessageTemplate(target), after });
        await auditReplaced(tx, request, deactivated, target.id);
        return after;
      });
    },
  );

  app.delete(
    '/api/message-templates/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'templates:write' } },
    async (request) => {
      const target = await findTemplate(sql, request.params.id);
      if (!target) throw notFound(NO_SUCH_TEMPLATE);
      await keepingOneActive(target, async (tx) => {
        await deleteTemplate(tx, target.id);
        await audit(tx, request, { action: 'message-template.delete', targetType: TARGET_TYPE, targetId: target.id, before: toMessageTemplate(target) });
      });
      return { success: true as const };
    },
  );
};
