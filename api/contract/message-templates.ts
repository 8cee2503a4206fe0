import { z } from 'zod';
import { MAX_DAILY_LIMIT } from './access-control.js';
import { telegramHtmlProblem } from './telegram-html.js';
import { ExpectedUpdatedAtField, tooLong } from './fields.js';
import { formatCount } from './plural.js';
import { LanguageCodeSchema, type LanguageCode } from './languages.js';

export const TEMPLATE_TYPES = [
  'welcome',
  'location_result',
  'master_of_medicine',
  'location_confirmation',
  'error',
  'help',
  'rate_limit',
  'broadcast',
  'custom',
] as const;
export const TemplateTypeSchema = z.enum(TEMPLATE_TYPES);
export type TemplateType = z.infer<typeof TemplateTypeSchema>;

/**
 * The placeholders every reply can use, whoever it goes to: who the user is and where their daily
 * allowance stands (replyValues). A broadcast fills these, and only these, for each recipient.
 */
export const USER_PLACEHOLDERS = ['first_name', 'last_name', 'username', 'daily_limit', 'remaining', 'reset_time', 'searches_left'] as const;
export type UserPlaceholder = (typeof USER_PLACEHOLDERS)[number];

/** The placeholders the bot fills when it renders a template: the user's, and those of the reply (its place, its count, its error). */
export const KNOWN_TEMPLATE_VARIABLES = [...USER_PLACEHOLDERS, 'city', 'count', 'radius_km', 'error_message'] as const;

/** The distinct {placeholder} names in a template, in order of first use. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g)].map((match) => match[1]!))];
}

export const TELEGRAM_MESSAGE_LIMIT = 4096;

const HTML_SPECIAL = /[&<>"]/;
const HTML_SPECIALS = /[&<>"]/g;
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for Telegram's HTML parse mode. */
export function escapeHtml(text: string): string {
  // Most names and places have nothing to escape: one test, and the text as it is.
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (special) => HTML_ENTITIES[special]!) : text;
}

const HTML_TAG = /<\/?[a-z][^>]*>/gi;
const TEXT_OF_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** Telegram HTML as its text reads, without tags: for readers that are not a Telegram chat (the audit log, the Mini App). */
export function withoutTags(text: string): string {
  return text.replace(HTML_TAG, '').replace(/&(lt|gt|quot|#39|amp);/g, (entity) => TEXT_OF_ENTITIES[entity]!);
}

/**
 * A placeholder's value that leaves out the lines using it: what a sentence says makes no sense for this
 * reader ("Searches left today: {remaining} of {daily_limit}." for someone with no daily limit).
 */
export const LEAVE_OUT_LINE: unique symbol = Symbol('leave out the line');

export type TemplateValues = Record<string, string | number | undefined | null | typeof LEAVE_OUT_LINE>;

const PLACEHOLDER = /\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g;

/**
 * Fills {placeholders} with escaped values; an unknown placeholder renders as empty. The
 * template itself is staff-written Telegram HTML and is kept as it is, but for the lines LEAVE_OUT_LINE removes.
 */
export function renderTemplate(content: string, values: TemplateValues): string {
  const left = Object.values(values).includes(LEAVE_OUT_LINE) ? leaveOutLines(content, values) : content;
  return left.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    return value === undefined || value === null || value === LEAVE_OUT_LINE ? '' : escapeHtml(String(value));
  });
}

/** The content without the lines holding a placeholder valued LEAVE_OUT_LINE, nor the blank line that went with them. */
function leaveOutLines(content: string, values: TemplateValues): string {
  const kept: string[] = [];
  let leftOut = false;
  for (const line of content.split('\n')) {
    if ([...line.matchAll(PLACEHOLDER)].some((match) => values[match[1]!] === LEAVE_OUT_LINE)) {
      leftOut = true;
      continue;
    }
    // A paragraph left out entirely would leave two blank lines, or one at the very end.
    if (leftOut && line.trim() === '' && (kept.length === 0 || kept.at(-1)!.trim() === '')) continue;
    leftOut = false;
    kept.push(line);
  }
  while (leftOut && kept.length > 0 && kept.at(-1)!.trim() === '') kept.pop();
  // Telegram refuses an empty message: a line with a gap is better than no answer.
  return kept.some((line) => line.trim() !== '') ? kept.join('\n') : content;
}

/**
 * The longest value each placeholder can take in a real reply, to check on save that a text still fits
 * one Telegram message: names as long as Telegram allows (64, usernames 32), the largest daily limit,
 * the longest duration and a long place name and error.
 */
const LONGEST_TEMPLATE_VALUES: TemplateValues = {
  first_name: 'W'.repeat(64),
  last_name: 'W'.repeat(64),
  username: 'w'.repeat(32),
  daily_limit: MAX_DAILY_LIMIT,
  remaining: MAX_DAILY_LIMIT,
  reset_time: '23 h 59 min',
  // The longest language's sentence, with the largest counts and the longest wait.
  searches_left: 'W'.repeat(120),
  city: 'W'.repeat(100),
  count: 100,
  radius_km: 20_000,
  error_message: 'W'.repeat(300),
};

/**
 * Why the bot could not send this template or broadcast text, in words for staff: HTML Telegram would
 * refuse, or longer than one message once its placeholders hold their longest values. Undefined when it can.
 */
export function telegramTextProblem(content: string): string | undefined {
  const html = renderTemplate(content, LONGEST_TEMPLATE_VALUES);
  const markup = telegramHtmlProblem(html);
  if (markup) return `The message is not HTML Telegram accepts: ${markup}. Fix the tag, or remove it.`;
  if (html.length > TELEGRAM_MESSAGE_LIMIT) {
    return `The message is too long for Telegram: ${formatCount(html.length, 'character')} once its placeholders hold their longest values, over the limit of ${formatCount(TELEGRAM_MESSAGE_LIMIT, 'character')}. Shorten it.`;
  }
  return undefined;
}

const CONTENT_REQUIRED = 'Content is required. Write the message.';

/** A template or broadcast text: required, and sendable by the bot as one message. */
export const TelegramTextSchema = z
  .string({ error: CONTENT_REQUIRED })
  .superRefine((content, ctx) => {
    const problem = content.trim() === '' ? CONTENT_REQUIRED : telegramTextProblem(content);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A message template as the API returns it (spec §3). */
export const MessageTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: TemplateTypeSchema,
  /** The language the template is written in: the bot answers a user with their language's. */
  language: LanguageCodeSchema,
  content: z.string(),
  /** The distinct {placeholders} of the content, computed on the server. */
  variables: z.array(z.string()),
  isActive: z.boolean(),
  /** Real uses (bot replies and broadcasts); read-only. */
  usageCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** The types the bot replies with: each must keep an active template. */
export const BOT_TEMPLATE_TYPES = TEMPLATE_TYPES.filter((type) => type !== 'broadcast' && type !== 'custom');

/** The values the preview fills placeholders with when no bot user is chosen (spec §2.5). */
export const SAMPLE_TEMPLATE_VALUES = {
  first_name: 'John',
  last_name: 'Doe',
  username: 'johndoe',
  daily_limit: 3,
  remaining: 2,
  reset_time: '5 h 12 min',
  searches_left: '2 of 3 searches left today',
  city: 'London',
  count: 5,
  radius_km: 10,
  error_message: 'Something went wrong, please try again.',
} as const;

/**
 * The sample values a preview in each language fills placeholders with: names and a city a speaker of
 * it would expect, so a translated text can be read as its users will read it.
 */
export const SAMPLE_VALUES_BY_LANGUAGE: Record<LanguageCode, TemplateValues> = {
  en: SAMPLE_TEMPLATE_VALUES,
  uk: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Олена', last_name: 'Коваленко', username: 'olena_k', city: 'Київ', reset_time: '5 год 12 хв', searches_left: 'У вас 2 пошуки з 3 на сьогодні', error_message: 'Щось пішло не так, спробуйте ще раз.' },
  pl: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Anna', last_name: 'Nowak', username: 'anowak', city: 'Kraków', reset_time: '5 godz. 12 min', searches_left: 'Na dziś masz 2 wyszukiwania z 3', error_message: 'Coś poszło nie tak, spróbuj ponownie.' },
  de: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Jonas', last_name: 'Müller', username: 'jmueller', city: 'München', reset_time: '5 Std. 12 Min.', searches_left: '2 von 3 Suchen heute übrig', error_message: 'Etwas ist schiefgelaufen, bitte versuche es erneut.' },
  fr: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Camille', last_name: 'Dubois', username: 'cdubois', city: 'Lyon', reset_time: '5 h 12 min', searches_left: 'Il vous reste 2 recherches sur 3 aujourd’hui', error_message: 'Une erreur est survenue, veuillez réessayer.' },
  es: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Lucía', last_name: 'García', username: 'lgarcia', city: 'Sevilla', reset_time: '5 h 12 min', searches_left: 'Hoy tiene 2 búsquedas de 3', error_message: 'Algo salió mal, inténtalo de nuevo.' },
  it: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Giulia', last_name: 'Rossi', username: 'grossi', city: 'Milano', reset_time: '5 h 12 min', searches_left: 'Per oggi hai 2 ricerche su 3', error_message: 'Qualcosa è andato storto, riprova.' },
  pt: { ...SAMPLE_TEMPLATE_VALUES, first_name: 'Inês', last_name: 'Silva', username: 'isilva', city: 'Lisboa', reset_time: '5 h 12 min', searches_left: 'Hoje você tem 2 buscas de 3', error_message: 'Algo correu mal, tente novamente.' },
};

export const TEMPLATE_NAME_MAX = 100;

const typeField = z.enum(TEMPLATE_TYPES, { error: `Choose a template type: ${TEMPLATE_TYPES.join(', ')}.` });
const nameField = z
  .string({ error: 'Name is required. Enter it.' })
  .trim()
  .min(1, 'Name is required. Enter it.')
  .max(TEMPLATE_NAME_MAX, tooLong('Name', TEMPLATE_NAME_MAX));

/** The create body; `variables` is accepted but ignored (the server computes them from content). */
export const CreateMessageTemplateSchema = z.object({
  name: nameField,
  type: typeField,
  language: LanguageCodeSchema.default('en'),
  content: TelegramTextSchema,
  variables: z.array(z.string()).optional(),
  isActive: z.boolean().default(true),
});
export type CreateMessageTemplate = z.input<typeof CreateMessageTemplateSchema>;

export const UpdateMessageTemplateSchema = z.object({
  name: nameField.optional(),
  type: typeField.optional(),
  language: LanguageCodeSchema.optional(),
  content: TelegramTextSchema.optional(),
  variables: z.array(z.string()).optional(),
  isActive: z.boolean().optional(),
  expectedUpdatedAt: ExpectedUpdatedAtField,
});
export type UpdateMessageTemplate = z.input<typeof UpdateMessageTemplateSchema>;

/** The longest template search: the console's search box stops there. */
export const TEMPLATE_SEARCH_MAX_LENGTH = 200;

export const MessageTemplateListQuerySchema = z.object({
  search: z.string().trim().max(TEMPLATE_SEARCH_MAX_LENGTH, tooLong('Search', TEMPLATE_SEARCH_MAX_LENGTH)).optional(),
  type: typeField.optional(),
  language: LanguageCodeSchema.optional(),
});
export type MessageTemplateListQuery = z.infer<typeof MessageTemplateListQuerySchema>;

export const TemplatePreviewRequestSchema = z.object({
  content: z.string().max(100_000, 'content is too long'),
  /** A real bot user whose values fill the placeholders; sample values when absent. */
  telegramUserId: z.coerce.number().int().optional(),
  /** The template's language (English when absent): its sample values, or the words a bot user's values are written in ("unlimited", the time to reset). */
  language: LanguageCodeSchema.optional(),
});
export type TemplatePreviewRequest = z.infer<typeof TemplatePreviewRequestSchema>;

export const TemplatePreviewSchema = z.object({
  /** Telegram HTML exactly as the bot would send it (values escaped). */
  html: z.string(),
  length: z.number(),
  /** Placeholders the bot does not know: they render empty. */
  unknownPlaceholders: z.array(z.string()),
  /** Longer than Telegram's 4096-character limit. */
  tooLong: z.boolean(),
});
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;

/** A bot user the preview can take its values from. */
export const PreviewUserSchema = z.object({
  telegramId: z.number(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
});
export type PreviewUser = z.infer<typeof PreviewUserSchema>;

/** The longest search for a preview's bot user: the console's search box stops there. */
export const PREVIEW_USER_SEARCH_MAX_LENGTH = 100;

export const PreviewUserQuerySchema = z.object({ search: z.string().trim().max(PREVIEW_USER_SEARCH_MAX_LENGTH).optional() });

/** Per type the bot replies with, the languages it offers that have no active template (their users get the default's). */
export const MissingTemplateLanguagesSchema = z.object({
  type: TemplateTypeSchema,
  missing: z.array(LanguageCodeSchema),
});
export type MissingTemplateLanguages = z.infer<typeof MissingTemplateLanguagesSchema>;
