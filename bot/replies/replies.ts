import type { InlineKeyboardMarkup, ReplyKeyboardMarkup } from 'grammy/types';
import type { Sql } from '../../sql/database.js';
import { usedToday } from '../../sql/daily-usage.js';
import type { BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import type { StoredTemplate } from '../../sql/message-templates.js';
import type { Recorder } from '../updates/recorder.js';
import { packSections, splitMessage } from './render.js';
import { renderTemplate, type TemplateType, type TemplateValues } from '../../api/contract/message-templates.js';
import { localDay } from '../../api/contract/time-zone.js';
import { replyValues } from '../../api/contract/reply-values.js';

export interface ReplyDeps {
  sql: Sql;
  recorder: Recorder;
}

/**
 * The template a reply of a type is written with (kept in memory): the active one in the user's language,
 * else the default language's; undefined leaves the built-in text in the user's language.
 */
export async function activeTemplate(ctx: BotContext, type: TemplateType): Promise<StoredTemplate | undefined> {
  const { language, settings } = ctx.request;
  const memory = ctx.attempt.memory;
  return (await memory.template(type, language)) ?? (language === settings.defaultLanguage ? undefined : memory.template(type, settings.defaultLanguage));
}

/** The templates of the types, rendered in the user's language (activeTemplate). */
export async function renderReplies(deps: ReplyDeps, ctx: BotContext, types: TemplateType[], values: TemplateValues): Promise<string[]> {
  const templates = await Promise.all(types.map((type) => activeTemplate(ctx, type)));
  const builtIn = textsIn(ctx.request.language).templates;
  return types.map((type, index) => {
    const template = templates[index];
    if (template) deps.recorder.templateUsed(template.id);
    return renderTemplate(template?.content ?? builtIn[type], values);
  });
}

/**
 * Sends HTML text, or sections of it, in messages Telegram accepts; the keyboard goes with the
 * last one.
 */
export async function sendHtml(ctx: BotContext, html: string | string[], keyboard?: InlineKeyboardMarkup | ReplyKeyboardMarkup): Promise<void> {
  const parts = typeof html === 'string' ? splitMessage(html) : packSections(html);
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    await ctx.reply(part, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(last && keyboard ? { reply_markup: keyboard } : {}),
    });
    ctx.request.replied = true;
  }
}

/** Renders the active template of a type with the user's values and sends it. */
export async function replyWithTemplate(
  deps: ReplyDeps,
  ctx: BotContext,
  type: TemplateType,
  values: TemplateValues = {},
  keyboard?: InlineKeyboardMarkup | ReplyKeyboardMarkup,
): Promise<void> {
  const [html] = await renderReplies(deps, ctx, [type], { ...(await userValues(deps, ctx)), ...values });
  await sendHtml(ctx, html!, keyboard);
}

/**
 * The placeholders every reply can use (replyValues). `used` is today's count when the caller
 * already knows it.
 */
export async function userValues(deps: ReplyDeps, ctx: BotContext, used?: number): Promise<TemplateValues> {
  const { settings, access } = ctx.request;
  const now = ctx.request.receivedAt;
  const dailyLimit = access ? access.dailyLimit : settings.defaultDailyLimit;
  used ??= ctx.from ? await usedToday(deps.sql, ctx.from.id, localDay(now, settings.timeZone)) : 0;
  const user = ctx.from && { firstName: ctx.from.first_name, lastName: ctx.from.last_name, username: ctx.from.username };
  return replyValues({ user, dailyLimit, used, now, timeZone: settings.timeZone, language: ctx.request.language });
}
