import { z } from 'zod';
import { isLanguageCode, LANGUAGE_CODES, LanguageCodeSchema, type LanguageCode } from './languages.js';
import { telegramTextProblem, templateVariables, USER_PLACEHOLDERS, type UserPlaceholder } from './message-templates.js';

/** How a broadcast picks its recipients: every active bot user, a chosen list, or a template to all active users. */
export const BROADCAST_TARGET_TYPES = ['all', 'selected', 'template'] as const;
export const BroadcastTargetTypeSchema = z.enum(BROADCAST_TARGET_TYPES);
export type BroadcastTargetType = z.infer<typeof BroadcastTargetTypeSchema>;

/**
 * 'interrupted': its sender died mid-way and the broadcast waits (for that sender's lease to expire) to
 * resume by itself. 'sent' and 'failed' mean every recipient is settled: delivered, failed for a real
 * reason, or unknown.
 */
export const BROADCAST_STATUSES = ['queued', 'sending', 'interrupted', 'sent', 'failed', 'cancelled'] as const;
export const BroadcastStatusSchema = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof BroadcastStatusSchema>;

/** 'sending': claimed under a sender's lease. 'unknown': in flight when its sender died, so it may have arrived. */
export const RECIPIENT_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'unknown'] as const;
export const RecipientStatusSchema = z.enum(RECIPIENT_STATUSES);
export type RecipientStatus = z.infer<typeof RecipientStatusSchema>;

/** History lists the latest this many broadcasts (spec §9) ... */
export const BROADCAST_HISTORY_LIMIT = 10;
/** ... with content cut to this many characters. */
export const BROADCAST_HISTORY_CONTENT_LENGTH = 150;

/** The spec gives no figure; the console's title field holds as much. */
export const BROADCAST_TITLE_MAX_LENGTH = 200;

/** Spec §5's messages, in the order the checks run. */
export const BROADCAST_MESSAGES = {
  title: 'Please enter a message title',
  titleLength: `The message title must be at most ${BROADCAST_TITLE_MAX_LENGTH} characters`,
  template: 'Please select a template',
  users: 'Please select at least one user',
  content: 'Please enter message content or select a template',
  testUser: 'Please enter a test user ID',
  testContent: 'Please enter message content',
  translationLanguage: `Choose a language the bot has: ${LANGUAGE_CODES.join(', ')}.`,
  translationContent: 'Write the text for this language, or remove the language',
} as const;

/** A broadcast's texts besides its content (the default language's), by language. */
export type BroadcastTranslations = Partial<Record<LanguageCode, string>>;

const TelegramIdSchema = z.coerce.number().int().positive();
const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * A placeholder a broadcast cannot fill, named with those it can: it would reach every recipient as a gap
 * ("You have  searches left"). Undefined when the text has none.
 */
export function unknownPlaceholderProblem(content: string): string | undefined {
  const unknown = templateVariables(content).find((name) => !USER_PLACEHOLDERS.includes(name as UserPlaceholder));
  if (unknown === undefined) return undefined;
  return `Unknown placeholder {${unknown}}. Known: ${USER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.`;
}

/** Why the bot could not send this broadcast text: Telegram would refuse it, or it has a placeholder no recipient's values fill. */
export function broadcastTextProblem(content: string): string | undefined {
  return telegramTextProblem(content) ?? unknownPlaceholderProblem(content);
}

/** Typed content the bot could not send (Telegram HTML, length, placeholders) is refused here, before anything is queued. */
function refuseUnsendable(content: string | null | undefined, ctx: z.RefinementCtx): void {
  const problem = blank(content) ? undefined : broadcastTextProblem(content!);
  if (problem) ctx.addIssue({ code: 'custom', path: ['content'], message: problem });
}

/** Each translation's language must be one the bot has, and its text sendable as the main content's. */
function refuseBadTranslations(translations: Record<string, string> | null | undefined, ctx: z.RefinementCtx): void {
  for (const [language, text] of Object.entries(translations ?? {})) {
    const path = ['translations', language];
    if (!isLanguageCode(language)) ctx.addIssue({ code: 'custom', path, message: BROADCAST_MESSAGES.translationLanguage });
    else if (blank(text)) ctx.addIssue({ code: 'custom', path, message: BROADCAST_MESSAGES.translationContent });
    else {
      const problem = broadcastTextProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
    }
  }
}

/**
 * POST /api/broadcast-send. The checks run in §5's order and the first failing one is the 400's message:
 * title (and its length); template mode without templateId; selected mode without users; no content (and no template).
 */
export const BroadcastSendSchema = z
  .object({
    title: z.string().nullish(),
    content: z.string().nullish(),
    templateId: z.coerce.number().int().positive().nullish(),
    targetUsers: z.array(TelegramIdSchema).nullish(),
    targetType: BroadcastTargetTypeSchema.default('all'),
    /** Language code → the text its speakers get instead of `content`; checked in superRefine, so the 400 names `translations.<code>`. */
    translations: z.record(z.string(), z.string()).nullish(),
  })
  .superRefine((body, ctx) => {
    if (blank(body.title)) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: BROADCAST_MESSAGES.title });
    } else if (body.title!.trim().length > BROADCAST_TITLE_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: BROADCAST_MESSAGES.titleLength });
    } else if (body.targetType === 'template' && !body.templateId) {
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: BROADCAST_MESSAGES.template });
    } else if (body.targetType === 'selected' && (body.targetUsers ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['targetUsers'], message: BROADCAST_MESSAGES.users });
    } else if (blank(body.content) && !body.templateId) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: BROADCAST_MESSAGES.content });
    } else {
      refuseUnsendable(body.content, ctx);
      refuseBadTranslations(body.translations, ctx);
    }
  });
export type BroadcastSend = z.infer<typeof BroadcastSendSchema>;

/** POST /api/broadcast-message: queues a template broadcast (to targetUsers, or to all active users). */
export const BroadcastMessageSchema = z.object({
  templateId: z.coerce.number({ error: BROADCAST_MESSAGES.template }).int().positive(BROADCAST_MESSAGES.template),
  targetUsers: z.array(TelegramIdSchema).nullish(),
});
export type BroadcastMessage = z.infer<typeof BroadcastMessageSchema>;

/**
 * POST /api/broadcast-test: one message to one Telegram user id, now: the text the broadcast would send to
 * readers of `language` (its text in that language, else the content; a template's sibling in that
 * language, else the template's). Without a language, the content: the default language's.
 */
export const BroadcastTestSchema = z
  .object({
    content: z.string().nullish(),
    templateId: z.coerce.number().int().positive().nullish(),
    userId: z.union([z.string(), z.number()]).nullish(),
    language: LanguageCodeSchema.nullish(),
    /** The composed texts besides the content, by language, as broadcast-send takes them. */
    translations: z.record(z.string(), z.string()).nullish(),
  })
  .superRefine((body, ctx) => {
    const userId = body.userId === undefined || body.userId === null ? '' : String(body.userId).trim();
    if (userId === '') {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: BROADCAST_MESSAGES.testUser });
    } else if (!/^\d+$/.test(userId)) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Test user ID must be a Telegram user ID: digits only, such as 123456789.' });
    } else if (blank(body.content) && !body.templateId) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: BROADCAST_MESSAGES.testContent });
    } else {
      refuseUnsendable(body.content, ctx);
      refuseBadTranslations(body.translations, ctx);
    }
  });
export type BroadcastTest = z.infer<typeof BroadcastTestSchema>;

/** Telegram's answer to the test message. */
export const BroadcastTestResultSchema = z.object({
  ok: z.boolean(),
  messageId: z.number().optional(),
  /** Telegram's description when ok is false. */
  error: z.string().optional(),
});
export type BroadcastTestResult = z.infer<typeof BroadcastTestResultSchema>;

/** A broadcast as history and the send answer show it (spec §3 Broadcast, plus progress). */
export const BroadcastSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** In history, cut to 150 characters and ending with "…" where cut. */
  content: z.string(),
  templateId: z.number().nullable(),
  targetType: BroadcastTargetTypeSchema,
  /** Telegram ids of the recipients when targetType is 'selected'; [] otherwise. */
  targetUsers: z.array(z.number()),
  status: BroadcastStatusSchema,
  successCount: z.number(),
  failureCount: z.number(),
  /** Recipients whose send was in flight when a sender died: they may or may not have it. */
  unknownCount: z.number(),
  totalRecipients: z.number(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;

/** 202 answer of broadcast-send and broadcast-message. */
export const BroadcastQueuedSchema = BroadcastSchema;

export const BroadcastHistorySchema = z.object({
  broadcasts: z.array(BroadcastSchema),
  /** Over every broadcast ever sent, not only the latest listed: the stats cards. */
  totals: z.object({ broadcasts: z.number(), delivered: z.number(), failed: z.number() }),
});
export type BroadcastHistory = z.infer<typeof BroadcastHistorySchema>;

export const BroadcastProgressSchema = z.object({
  sent: z.number(),
  failed: z.number(),
  unknown: z.number(),
  /** Pending plus in flight. */
  pending: z.number(),
  /** Messages per second over the last 10 seconds of deliveries. */
  rate: z.number(),
  /** Seconds left at the current rate (or the configured rate before any delivery); null when done. */
  estimatedSecondsLeft: z.number().nullable(),
  /** 0..100 */
  percent: z.number(),
});
export type BroadcastProgress = z.infer<typeof BroadcastProgressSchema>;

export const FailedRecipientSchema = z.object({
  telegramId: z.number(),
  firstName: z.string().nullable(),
  username: z.string().nullable(),
  /** Telegram's reason, or 'cancelled'. */
  error: z.string().nullable(),
  attempts: z.number(),
});
export type FailedRecipient = z.infer<typeof FailedRecipientSchema>;

/** How one language's speakers among a broadcast's recipients fare. */
export const LanguageDeliverySchema = z.object({
  language: z.string(),
  recipients: z.number(),
  delivered: z.number(),
  failed: z.number(),
  unknown: z.number(),
  /** False: they get the main content (the broadcast has no text in their language). */
  translated: z.boolean(),
});
export type LanguageDelivery = z.infer<typeof LanguageDeliverySchema>;

/** GET /api/broadcasts/:id — full content, progress, failed and unknown recipients (at most 500 of each). */
export const BroadcastDetailSchema = BroadcastSchema.extend({
  /** The texts besides the content, by language. */
  translations: z.record(z.string(), z.string()),
  /** Per language of the recipients (as resolved when it was queued), most recipients first. */
  languages: z.array(LanguageDeliverySchema),
  progress: BroadcastProgressSchema,
  failedRecipients: z.array(FailedRecipientSchema),
  /** In flight when a sender died: they may or may not have it ("Send to unknown" sends it again). */
  unknownRecipients: z.array(FailedRecipientSchema),
});
export type BroadcastDetail = z.infer<typeof BroadcastDetailSchema>;

/** POST /api/broadcasts/:id/retry-failed: how many failed recipients were queued again. */
export const BroadcastRetryResultSchema = z.object({ success: z.literal(true), requeued: z.number() });

/** POST /api/broadcasts/:id/send-unknown: how many unknown recipients were queued again (they may get it twice). */
export const BroadcastSendUnknownResultSchema = BroadcastRetryResultSchema;

/** POST /api/broadcast-audience: who a broadcast to this target would reach, by language (the composer's counts). */
export const BroadcastAudienceQuerySchema = z.object({
  targetType: BroadcastTargetTypeSchema.default('all'),
  /** Telegram ids when targetType is 'selected'. */
  targetUsers: z.array(TelegramIdSchema).nullish(),
});
export type BroadcastAudienceQuery = z.infer<typeof BroadcastAudienceQuerySchema>;

export const BroadcastAudienceSchema = z.object({
  total: z.number(),
  /** The language whose speakers, and everyone without a text of their own, get the main content. */
  defaultLanguage: z.string(),
  /** The languages the bot offers (System Settings): the texts a broadcast may carry. */
  botLanguages: z.array(z.string()),
  /** Recipients per language, most first; languages nobody speaks are left out. */
  languages: z.array(z.object({ language: z.string(), recipients: z.number() })),
});
export type BroadcastAudience = z.infer<typeof BroadcastAudienceSchema>;
