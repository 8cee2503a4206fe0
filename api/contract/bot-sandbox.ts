import { z } from 'zod';

/**
 * The Bot Sandbox (console /bot-sandbox): staff chat with the bot as simulated Telegram users.
 * It works only with the built-in Telegram simulator; with a real BOT_TOKEN every route but
 * the status answers 409 with {@link SANDBOX_UNAVAILABLE}.
 */
export const SANDBOX_UNAVAILABLE = 'The bot is connected to Telegram: the sandbox works only with the built-in simulator (no BOT_TOKEN)';

/** Telegram's longest message text. */
export const MAX_MESSAGE_TEXT = 4096;

const integer = (field: string) => z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`);
const fromPath = (field: string) =>
  z.coerce.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`).refine(Number.isSafeInteger, `${field} is too large`);

/** A Telegram user id: a positive whole number. */
export const TelegramUserIdSchema = integer('userId').positive('userId must be positive').max(Number.MAX_SAFE_INTEGER, 'userId is too large');
/** A chat id: the user's id for a private chat, a negative number for a group. */
const ChatIdSchema = integer('chatId').refine((id) => id !== 0 && Number.isSafeInteger(id), 'chatId must be a non-zero whole number');

const optionalName = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().transform((value) => value || undefined);

export const SandboxStatusSchema = z.object({
  available: z.boolean(),
  /** Why the sandbox is unavailable. */
  reason: z.string().optional(),
});
export type SandboxStatus = z.infer<typeof SandboxStatusSchema>;

export const SandboxUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  /** The user blocked the bot: Telegram refuses the bot's messages to them. */
  blockedBot: z.boolean(),
  deactivated: z.boolean(),
});
export type SandboxUser = z.infer<typeof SandboxUserSchema>;

export const MemberStatusSchema = z.enum(['creator', 'administrator', 'member', 'restricted', 'left', 'kicked']);

export const SandboxGroupSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(['group', 'supergroup']),
  /** The bot's own status there: it answers only where it is a member or an administrator. */
  botStatus: MemberStatusSchema,
  /** Present members (those who left are not listed). */
  members: z.array(z.object({ userId: z.number(), status: MemberStatusSchema })),
});
export type SandboxGroup = z.infer<typeof SandboxGroupSchema>;

/** An inline keyboard button: it either sends callback data to the bot or opens a link. */
export const SandboxButtonSchema = z.object({
  text: z.string(),
  callbackData: z.string().optional(),
  url: z.string().optional(),
});
export type SandboxButton = z.infer<typeof SandboxButtonSchema>;

/** One message of a chat, from a user or from the bot. */
export const SandboxMessageSchema = z.object({
  messageId: z.number(),
  chatId: z.number(),
  from: z.object({ id: z.number(), isBot: z.boolean(), firstName: z.string(), username: z.string().nullable() }),
  /** ISO time the message was sent. */
  date: z.string(),
  text: z.string().nullable(),
  /** The text is Telegram HTML (the bot's replies); otherwise plain text. */
  html: z.boolean(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** Inline keyboard rows. */
  buttons: z.array(z.array(SandboxButtonSchema)),
  replyToMessageId: z.number().nullable(),
  /** The bot edited the text or the buttons since sending. */
  edited: z.boolean(),
});
export type SandboxMessage = z.infer<typeof SandboxMessageSchema>;

/** The bot's replies to what was just sent, once it has answered. */
export const SandboxExchangeSchema = z.object({
  updateId: z.number(),
  chatId: z.number(),
  replies: z.array(SandboxMessageSchema),
});
export type SandboxExchange = z.infer<typeof SandboxExchangeSchema>;

export const CreateSandboxUserSchema = z.object({
  userId: TelegramUserIdSchema,
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(64, 'First name must be at most 64 characters'),
  lastName: optionalName('Last name', 64),
  username: optionalName('Username', 32).pipe(
    z.string().regex(/^[A-Za-z0-9_]{5,32}$/, 'Username must be 5–32 letters, digits or underscores').optional(),
  ),
});
export type CreateSandboxUser = z.infer<typeof CreateSandboxUserSchema>;
export type CreateSandboxUserForm = z.input<typeof CreateSandboxUserSchema>;

export const LocationSchema = z.object({
  latitude: z.number({ error: 'latitude must be a number' }).min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90'),
  longitude: z
    .number({ error: 'longitude must be a number' })
    .min(-180, 'longitude must be between -180 and 180')
    .max(180, 'longitude must be between -180 and 180'),
});
export type SandboxLocation = z.infer<typeof LocationSchema>;

export const SendSandboxMessageSchema = z
  .object({
    userId: TelegramUserIdSchema,
    firstName: optionalName('First name', 64),
    lastName: optionalName('Last name', 64),
    username: optionalName('Username', 32),
    /** A group the user is in; their private chat when absent. */
    chatId: ChatIdSchema.optional(),
    text: z
      .string({ error: 'text must be a string' })
      .min(1, 'text must not be empty')
      .max(MAX_MESSAGE_TEXT, `text must be at most ${MAX_MESSAGE_TEXT} characters`)
      .refine((text) => text.trim() !== '', 'text must not be blank')
      .optional(),
    location: LocationSchema.optional(),
  })
  .refine((message) => (message.text === undefined) !== (message.location === undefined), {
    message: 'Send either text or a location',
    path: ['text'],
  });
export type SendSandboxMessage = z.infer<typeof SendSandboxMessageSchema>;
/** What a client sends (names may be left out). */
export type SendSandboxMessageInput = z.input<typeof SendSandboxMessageSchema>;

export const PressButtonSchema = z.object({
  userId: TelegramUserIdSchema,
  chatId: ChatIdSchema,
  messageId: integer('messageId').positive('messageId must be positive'),
  data: z.string({ error: 'data is required' }).min(1, 'data is required').max(64, 'data must be at most 64 characters'),
});
export type PressButton = z.infer<typeof PressButtonSchema>;

export const ChatParamsSchema = z.object({
  chatId: fromPath('chatId').refine((id) => id !== 0, 'chatId must not be 0'),
});

export const GroupParamsSchema = z.object({
  groupId: fromPath('groupId').refine((id) => id < 0, 'groupId must be a negative number, as group ids are on Telegram'),
});
export const GroupMemberParamsSchema = GroupParamsSchema.extend({
  userId: fromPath('userId').refine((id) => id > 0, 'userId must be positive'),
});
export const GroupMemberBodySchema = z.object({ userId: TelegramUserIdSchema });

export const PlacesQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q is required').max(100, 'q must be at most 100 characters'),
});

/** A gazetteer place, for the city picker. */
export const PlaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  countryCode: z.string(),
  population: z.number(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;
