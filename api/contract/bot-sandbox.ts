import { z } from 'zod';
import { tooLong } from './fields.js';
import { formatCount } from './plural.js';
import { BOT_LANGUAGES } from './languages.js';

/**
 * The Bot Sandbox (console /bot-sandbox): staff chat with the bot as simulated Telegram users.
 * It works only with the built-in Telegram simulator; with a real BOT_TOKEN every route but
 * the status answers 409 with {@link SANDBOX_UNAVAILABLE}.
 */
export const SANDBOX_UNAVAILABLE = 'The bot is connected to Telegram: the sandbox works only with the built-in simulator (no BOT_TOKEN)';

/** Telegram's longest message text. */
export const MAX_MESSAGE_TEXT = 4096;

const integer = (rule: string) => z.number({ error: rule }).int(rule);
const fromPath = (rule: string) => z.coerce.number({ error: rule }).int(rule).refine(Number.isSafeInteger, rule);
const USER_ID_RULE = 'User ID must be a Telegram user ID: a whole number above 0, such as 123456789.';
const CHAT_ID_RULE = "Chat ID must be a whole number other than 0: the user's ID for a private chat, a negative number for a group.";
const GROUP_ID_RULE = 'Group ID must be a negative whole number, as group IDs are on Telegram, such as -1001234567890.';
const LATITUDE_RULE = 'Latitude must be a number from -90 to 90, such as 48.8566.';
const LONGITUDE_RULE = 'Longitude must be a number from -180 to 180, such as 2.3522.';
const REPLY_TO_RULE = 'Reply to must be the ID of a message in this chat: a whole number above 0.';

/** A Telegram user id: a positive whole number. */
export const TelegramUserIdSchema = integer(USER_ID_RULE).positive(USER_ID_RULE).max(Number.MAX_SAFE_INTEGER, USER_ID_RULE);
/** A chat id: the user's id for a private chat, a negative number for a group. */
const ChatIdSchema = integer(CHAT_ID_RULE).refine((id) => id !== 0 && Number.isSafeInteger(id), CHAT_ID_RULE);

const optionalName = (label: string, max: number) => z.string().trim().max(max, tooLong(label, max)).optional().transform((value) => value || undefined);

export const SandboxStatusSchema = z.object({
  available: z.boolean(),
  /** Why the sandbox is unavailable. */
  reason: z.string().optional(),
  /** The simulated bot's username, which a group message names to address it ("@simulated_bot Lyon"). */
  botUsername: z.string().optional(),
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
  /** The language Telegram reports for them (`language_code`), such as uk or pt-BR; null for none. */
  languageCode: z.string().nullable(),
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

/** An inline keyboard button: it sends callback data to the bot, opens a link, or opens a Mini App (web_app). */
export const SandboxButtonSchema = z.object({
  text: z.string(),
  callbackData: z.string().optional(),
  url: z.string().optional(),
  /** A web_app button's address: the Mini App it opens inside the chat. */
  webAppUrl: z.string().optional(),
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
  /** A place on a map with its name and address (sendVenue): its point is `location`. */
  venue: z.object({ title: z.string(), address: z.string() }).nullable(),
  /** Inline keyboard rows. */
  buttons: z.array(z.array(SandboxButtonSchema)),
  replyToMessageId: z.number().nullable(),
  /**
   * The bot asked for a reply to this message (ForceReply), with the hint it wants in the text box; a
   * Telegram app makes the user's next message answer it.
   */
  forceReply: z.object({ placeholder: z.string().nullable() }).nullable(),
  /** The bot edited the text or the buttons since sending. */
  edited: z.boolean(),
  /**
   * A reply keyboard sent with the message, shown under the chat in place of the user's keyboard until a later
   * one replaces it; a button with `requestLocation` sends the user's location. Absent without one.
   */
  replyKeyboard: z.array(z.array(z.object({ text: z.string(), requestLocation: z.boolean() }))).optional(),
  /** The message took the reply keyboard away. */
  removeKeyboard: z.boolean().optional(),
  /** The username of the bot whose inline result the user posted ("via @bot"); absent for other messages. */
  viaBot: z.string().optional(),
});
export type SandboxMessage = z.infer<typeof SandboxMessageSchema>;

/** The bot's replies to what was just sent, once it has answered. */
export const SandboxExchangeSchema = z.object({
  updateId: z.number(),
  chatId: z.number(),
  replies: z.array(SandboxMessageSchema),
});
export type SandboxExchange = z.infer<typeof SandboxExchangeSchema>;

const LANGUAGE_CODE_RULE = 'Language must be a Telegram language code, such as uk or pt-BR, or left empty.';
/** A language code as Telegram sends it (IETF: "uk", "pt-br"); empty means none. */
const LanguageCodeField = z
  .string({ error: LANGUAGE_CODE_RULE })
  .trim()
  .regex(/^([a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*)?$/, LANGUAGE_CODE_RULE)
  .transform((code) => code || undefined);

/**
 * The languages the sandbox's language select offers: the bot's, and two that show how it resolves
 * others (a regional variant it maps to its language, and one it does not speak).
 */
export const SANDBOX_LANGUAGE_CODES = [
  ...BOT_LANGUAGES.map((language) => ({ code: language.code as string, label: `${language.name} (${language.code})` })),
  { code: 'pt-BR', label: 'Portuguese, Brazil (pt-BR)' },
  { code: 'ja', label: 'Japanese (ja): the bot has none' },
] as const;

export const CreateSandboxUserSchema = z.object({
  userId: TelegramUserIdSchema,
  firstName: z.string({ error: 'First name is required. Enter it.' }).trim().min(1, 'First name is required. Enter it.').max(64, tooLong('First name', 64)),
  lastName: optionalName('Last name', 64),
  username: optionalName('Username', 32).pipe(
    z.string().regex(/^[A-Za-z0-9_]{5,32}$/, 'Username must be 5–32 letters, digits or underscores, such as ada_l, or left empty.').optional(),
  ),
  languageCode: LanguageCodeField.optional(),
});

/** PATCH /api/bot-sandbox/users/{userId}: the language Telegram reports for the user; empty for none. */
export const UpdateSandboxUserSchema = z.object({ languageCode: LanguageCodeField });
export type UpdateSandboxUser = z.input<typeof UpdateSandboxUserSchema>;

export const SandboxUserParamsSchema = z.object({
  userId: fromPath(USER_ID_RULE).refine((id) => id > 0, USER_ID_RULE),
});
export type CreateSandboxUser = z.infer<typeof CreateSandboxUserSchema>;
export type CreateSandboxUserForm = z.input<typeof CreateSandboxUserSchema>;

export const LocationSchema = z.object({
  latitude: z.number({ error: LATITUDE_RULE }).min(-90, LATITUDE_RULE).max(90, LATITUDE_RULE),
  longitude: z
    .number({ error: LONGITUDE_RULE })
    .min(-180, LONGITUDE_RULE)
    .max(180, LONGITUDE_RULE),
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
      .string({ error: 'Type a message to send.' })
      .min(1, 'Type a message to send.')
      .max(MAX_MESSAGE_TEXT, `A Telegram message can be at most ${formatCount(MAX_MESSAGE_TEXT, 'character')}. Shorten it.`)
      .refine((text) => text.trim() !== '', 'Type a message to send: spaces alone are not a message.')
      .optional(),
    location: LocationSchema.optional(),
    /** A message of the same chat this one replies to (a ForceReply prompt of the bot, or any other). */
    replyToMessageId: integer(REPLY_TO_RULE).positive(REPLY_TO_RULE).max(Number.MAX_SAFE_INTEGER, REPLY_TO_RULE).optional(),
  })
  .refine((message) => (message.text === undefined) !== (message.location === undefined), {
    message: 'Send either text or a location, not both.',
    path: ['text'],
  });
export type SendSandboxMessage = z.infer<typeof SendSandboxMessageSchema>;
/** What a client sends (names may be left out). */
export type SendSandboxMessageInput = z.input<typeof SendSandboxMessageSchema>;

export const PressButtonSchema = z.object({
  userId: TelegramUserIdSchema,
  chatId: ChatIdSchema,
  messageId: integer('Message ID must be a whole number above 0.').positive('Message ID must be a whole number above 0.'),
  data: z.string({ error: 'The button has no data: press another button.' }).min(1, 'The button has no data: press another button.').max(64, tooLong('Button data', 64)),
});
export type PressButton = z.infer<typeof PressButtonSchema>;

export const ChatParamsSchema = z.object({
  chatId: fromPath(CHAT_ID_RULE).refine((id) => id !== 0, CHAT_ID_RULE),
});

export const GroupParamsSchema = z.object({
  groupId: fromPath(GROUP_ID_RULE).refine((id) => id < 0, GROUP_ID_RULE),
});
export const GroupMemberParamsSchema = GroupParamsSchema.extend({
  userId: fromPath(USER_ID_RULE).refine((id) => id > 0, USER_ID_RULE),
});
export const GroupMemberBodySchema = z.object({ userId: TelegramUserIdSchema });

/** The longest place name the sandbox's city search takes: the console's input stops there. */
export const PLACE_QUERY_MAX_LENGTH = 100;

export const PlacesQuerySchema = z.object({
  q: z.string({ error: 'Type a city name to search for.' }).trim().min(1, 'Type a city name to search for.').max(PLACE_QUERY_MAX_LENGTH, tooLong('City name', PLACE_QUERY_MAX_LENGTH)),
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

/**
 * POST /api/bot-sandbox/users/{userId}/mini-app-launch: the Mini App's launch data (`tgWebAppData`) for the
 * sandbox's phone frame, signed with the simulated bot's token as Telegram signs it for a real bot.
 */
export const MiniAppLaunchSchema = z.object({ initData: z.string() });
export type MiniAppLaunch = z.infer<typeof MiniAppLaunchSchema>;

/** Telegram's longest inline query: what follows `@bot ` in the text box. */
export const MAX_INLINE_QUERY = 256;
const INLINE_QUERY_ID_RULE = 'Inline query ID must be the ID an inline query of this sandbox answered with, such as 12.';
const RESULT_ID_RULE = 'Result ID must be the ID of one of the results the bot answered with.';

/**
 * POST /api/bot-sandbox/inline-queries: the user types `@<bot> <query>` in a chat, as in Telegram's text box.
 * Their app sends the location they last shared, as Telegram sends it to a bot that asks for it.
 */
export const SendInlineQuerySchema = z.object({
  userId: TelegramUserIdSchema,
  /** A group the user is in; their private chat when absent. */
  chatId: ChatIdSchema.optional(),
  /** The words after `@<bot>`; empty for `@<bot>` alone. */
  query: z.string({ error: 'Query must be text: the words after the bot\'s name, or nothing.' }).max(MAX_INLINE_QUERY, tooLong('Query', MAX_INLINE_QUERY)),
});
export type SendInlineQuery = z.infer<typeof SendInlineQuerySchema>;

/** One result of the bot's answer, as Telegram lists it above the text box. */
export const SandboxInlineResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
});
export type SandboxInlineResult = z.infer<typeof SandboxInlineResultSchema>;

/** The bot's answer to an inline query (answerInlineQuery). */
export const SandboxInlineAnswerSchema = z.object({
  inlineQueryId: z.string(),
  query: z.string(),
  /** The location sent with the query: the user's last shared one; null when they shared none. */
  location: LocationSchema.nullable(),
  /** The bot answered; false when it did not (an update it dropped, such as one over the flood limit). */
  answered: z.boolean(),
  results: z.array(SandboxInlineResultSchema),
  /**
   * The button Telegram shows above the results, when the bot sent one: it opens the private chat with
   * `/start <startParameter>`.
   */
  button: z.object({ text: z.string(), startParameter: z.string() }).nullable(),
});
export type SandboxInlineAnswer = z.infer<typeof SandboxInlineAnswerSchema>;

export const InlineQueryParamsSchema = z.object({
  inlineQueryId: z.string().regex(/^\d{1,15}$/, INLINE_QUERY_ID_RULE),
});

/** POST /api/bot-sandbox/inline-queries/{inlineQueryId}/choice: the user picks one of the results. */
export const ChooseInlineResultSchema = z.object({
  userId: TelegramUserIdSchema,
  /** The chat the query was typed in: a group the user is in; their private chat when absent. */
  chatId: ChatIdSchema.optional(),
  resultId: z.string({ error: RESULT_ID_RULE }).min(1, RESULT_ID_RULE).max(64, RESULT_ID_RULE),
});
export type ChooseInlineResult = z.infer<typeof ChooseInlineResultSchema>;

/** The result's message the user's app posted into the chat ("via @bot"), and the bot's replies to it. */
export const SandboxInlineChoiceSchema = SandboxExchangeSchema.extend({ message: SandboxMessageSchema });
export type SandboxInlineChoice = z.infer<typeof SandboxInlineChoiceSchema>;
