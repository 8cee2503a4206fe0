import { z } from 'zod';
import { TEMPLATE_TYPES, TelegramTextSchema, TemplateTypeSchema } from './templates.js';

/** A message template as the API returns it (spec §3). */
export const MessageTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: TemplateTypeSchema,
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
  city: 'London',
  count: 5,
  radius_km: 10,
  error_message: 'Something went wrong, please try again.',
} as const;

export const TEMPLATE_NAME_MAX = 100;

const typeField = z.enum(TEMPLATE_TYPES, { error: `type must be one of ${TEMPLATE_TYPES.join(', ')}` });
const nameField = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(TEMPLATE_NAME_MAX, `name must be at most ${TEMPLATE_NAME_MAX} characters`);

/** The create body; `variables` is accepted but ignored (the server computes them from content). */
export const CreateMessageTemplateSchema = z.object({
  name: nameField,
  type: typeField,
  content: TelegramTextSchema,
  variables: z.array(z.string()).optional(),
  isActive: z.boolean().default(true),
});
export type CreateMessageTemplate = z.input<typeof CreateMessageTemplateSchema>;

export const UpdateMessageTemplateSchema = z.object({
  name: nameField.optional(),
  type: typeField.optional(),
  content: TelegramTextSchema.optional(),
  variables: z.array(z.string()).optional(),
  isActive: z.boolean().optional(),
});
export type UpdateMessageTemplate = z.input<typeof UpdateMessageTemplateSchema>;

export const MessageTemplateListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type: typeField.optional(),
});
export type MessageTemplateListQuery = z.infer<typeof MessageTemplateListQuerySchema>;

export const TemplatePreviewRequestSchema = z.object({
  content: z.string().max(100_000, 'content is too long'),
  /** A real bot user whose values fill the placeholders; sample values when absent. */
  telegramUserId: z.coerce.number().int().optional(),
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

export const PreviewUserQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
