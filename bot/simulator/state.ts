import type {
  BotCommand,
  Chat,
  ChatMember,
  InlineKeyboardMarkup,
  InlineQueryResult,
  InlineQueryResultsButton,
  Location,
  MenuButton,
  Message,
  MessageEntity,
  User,
  UserFromGetMe,
  Venue,
  KeyboardButton,
} from 'grammy/types';
import { SimulatorError } from './errors.js';
import { UpdateQueue } from './update-queue.js';

/** A simulated Telegram user, as the control API creates one. */
export interface SimulatedUserInput {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** A simulated user with the faults the bot can run into when writing to them. */
export interface SimulatedUser extends SimulatedUserInput {
  blockedBot: boolean;
  deactivated: boolean;
}

/** A simulated group as the control API creates one; groups have negative ids, as on Telegram. */
export interface SimulatedGroupInput {
  id: number;
  title: string;
  type: 'group' | 'supergroup';
}

/** A member status, as Telegram's ChatMember objects spell it. */
export type MemberStatus = ChatMember['status'];

/** A group with its members, for the console and tests (members who left are not listed). */
export interface SimulatedGroup extends SimulatedGroupInput {
  botStatus: MemberStatus;
  members: { userId: number; status: MemberStatus }[];
}

/** One message of a chat's history, from a user or from the bot. */
export interface ChatMessage {
  message_id: number;
  chat_id: number;
  from: User;
  date: number;
  /** As sent: for the bot's messages with `parse_mode: 'HTML'` this is the HTML source. */
  text?: string;
  parse_mode?: 'HTML';
  /** The entities Telegram derived (formatting from HTML, bot commands in users' texts). */
  entities?: MessageEntity[];
  location?: Location;
  venue?: Venue;
  reply_markup?: InlineKeyboardMarkup;
  /**
   * A reply keyboard the bot sent with the message (a 📍 button with request_location, say): a Telegram app
   * shows it in place of the user's keyboard until another message replaces or removes it.
   */
  reply_keyboard?: { keyboard: Exclude<KeyboardButton, string>[][]; resize_keyboard?: boolean; one_time_keyboard?: boolean; is_persistent?: boolean };
  /** The message took the reply keyboard away (ReplyKeyboardRemove). */
  remove_keyboard?: true;
  /** The bot asked for a reply (ForceReply): a Telegram app makes the user's next message answer this one. */
  force_reply?: { input_field_placeholder?: string };
  reply_to_message_id?: number;
  /** The bot whose inline result the user posted (`@bot dentist`, then a result chosen): Telegram shows "via @bot". */
  via_bot?: User;
  /** Set once the bot edited the message's text or buttons. */
  edited?: boolean;
}

/** The bot's answer to an inline query (answerInlineQuery), as the user's Telegram app would list it. */
export interface InlineQueryAnswer {
  results: InlineQueryResult[];
  cache_time?: number;
  is_personal?: boolean;
  next_offset?: string;
  button?: InlineQueryResultsButton;
}

/** An inline query a user sent, with the bot's answer once it came. */
export interface SimulatedInlineQuery {
  id: string;
  userId: number;
  query: string;
  /** The location the user's app sent with the query, which a chosen result's report repeats. */
  location?: Location;
  answer?: InlineQueryAnswer;
}

/** A stored message: the history entry and the Message object Telegram hands to the bot. */
export interface StoredMessage {
  entry: ChatMessage;
  message: Message;
}

interface GroupRecord {
  chat: Chat.GroupChat | Chat.SupergroupChat;
  members: Map<number, ChatMember>;
  bot: ChatMember;
}

const ADMIN_RIGHTS = {
  can_be_edited: false,
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: true,
  can_manage_video_chats: true,
  can_restrict_members: true,
  can_promote_members: false,
  can_change_info: true,
  can_invite_users: true,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
  can_pin_messages: true,
  can_send_welcome_messages: false,
};

const RESTRICTIONS = {
  is_member: true,
  can_send_messages: false,
  can_send_audios: false,
  can_send_documents: false,
  can_send_photos: false,
  can_send_videos: false,
  can_send_video_notes: false,
  can_send_voice_notes: false,
  can_send_polls: false,
  can_send_other_messages: false,
  can_add_web_page_previews: false,
  can_react_to_messages: false,
  can_change_info: false,
  can_invite_users: false,
  can_edit_tag: false,
  can_pin_messages: false,
  can_manage_topics: false,
  until_date: 0,
};

/** Builds the ChatMember object Telegram returns for a user with the given status. */
export function chatMember(user: User, status: MemberStatus): ChatMember {
  switch (status) {
    case 'creator':
      return { status, user, is_anonymous: false };
    case 'administrator':
      return { status, user, ...ADMIN_RIGHTS };
    case 'restricted':
      return { status, user, ...RESTRICTIONS };
    case 'kicked':
      return { status, user, until_date: 0 };
    default:
      return { status, user };
  }
}

/** Leaves out empty optional fields, as Telegram omits them from its objects. */
function optional<T extends Record<string, string | undefined>>(fields: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value)) as Partial<Record<keyof T, string>>;
}

/**
 * Messages kept per chat: the product runs on the simulator for weeks, and a chat's history must not
 * grow with every message (the Bot Sandbox shows the recent ones; older ones can no longer be edited).
 */
export const MAX_HISTORY = 200;

/** Whether a status means the user is in the group and can write there. */
export const isPresent = (status: MemberStatus) => status !== 'left' && status !== 'kicked';

/**
 * Everything the simulated Telegram knows: the bot, users, groups and their members, every chat's messages
 * and the bot's update queue. It holds data and its invariants only; the Bot API handlers and the control API
 * decide what Telegram would answer or send.
 */
export class SimulatorState {
  readonly updates = new UpdateQueue();
  private readonly users = new Map<number, SimulatedUser>();
  private readonly groups = new Map<number, GroupRecord>();
  private readonly histories = new Map<number, StoredMessage[]>();
  private readonly callbackQueries = new Map<string, { answered: boolean }>();
  private nextCallbackQueryId = 1;
  /** Commands per scope and language, keyed as {@link commandsKey} builds it. */
  readonly commands = new Map<string, BotCommand[]>();
  /** setMyDescription's texts by language_code ('' for everyone without their own). */
  readonly descriptions = new Map<string, string>();
  /** setMyShortDescription's texts by language_code ('' for everyone without their own). */
  readonly shortDescriptions = new Map<string, string>();
  /** setChatMenuButton's buttons by chat id ('default' for every private chat without its own). */
  readonly menuButtons = new Map<number | 'default', MenuButton>();
  private readonly inlineQueries = new Map<string, SimulatedInlineQuery>();
  private nextInlineQueryId = 1;
  webhookUrl = '';
  /** The secret_token of the last setWebhook; empty without one. */
  webhookSecretToken = '';

  readonly bot: UserFromGetMe;
  private readonly clock: () => Date;

  constructor(
    bot: UserFromGetMe,
    clock: () => Date,
  ) {
    this.bot = bot;
    this.clock = clock;
  }

  /** Unix seconds from the injected clock, as Telegram dates messages. */
  now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  /** Milliseconds from the injected clock: what the flood window counts in. */
  nowMs(): number {
    return this.clock().getTime();
  }

  /** The bot as it appears in `from` fields and member lists (without getMe's extra fields). */
  get botUser(): User {
    const { id, is_bot, first_name, username } = this.bot;
    return { id, is_bot, first_name, username };
  }

  upsertUser(input: SimulatedUserInput): SimulatedUser {
    if (!Number.isSafeInteger(input.id) || input.id <= 0) throw new SimulatorError(`A user id must be a positive integer, got ${input.id}`);
    if (!input.first_name) throw new SimulatorError(`User ${input.id} needs a first_name`);
    const previous = this.users.get(input.id);
    const { last_name, username, language_code } = input;
    const user: SimulatedUser = {
      id: input.id,
      first_name: input.first_name,
      ...optional({ last_name, username, language_code }),
      blockedBot: previous?.blockedBot ?? false,
      deactivated: previous?.deactivated ?? false,
    };
    this.users.set(user.id, user);
    return { ...user };
  }

  findUser(id: number): SimulatedUser | undefined {
    return this.users.get(id);
  }

  /** The user, or a SimulatorError telling the caller to create them first. */
  requireUser(id: number): SimulatedUser {
    const user = this.users.get(id);
    if (!user) throw new SimulatorError(`Unknown user ${id}: create them with upsertUser first`);
    return user;
  }

  listUsers(): SimulatedUser[] {
    return [...this.users.values()].map((user) => ({ ...user }));
  }

  /** The Telegram User object of a simulated user. */
  telegramUser(user: SimulatedUser): User {
    const { id, first_name, last_name, username, language_code } = user;
    return { id, is_bot: false, first_name, ...optional({ last_name, username, language_code }) };
  }

  /** The Chat object of a user's private chat with the bot, whose id is the user's id. */
  privateChat(user: SimulatedUser): Chat.PrivateChat {
    const { id, first_name, last_name, username } = user;
    return { id, type: 'private', first_name, ...optional({ last_name, username }) };
  }

  createGroup(input: SimulatedGroupInput): SimulatedGroup {
    if (!Number.isSafeInteger(input.id) || input.id >= 0) throw new SimulatorError(`A group id must be a negative integer, got ${input.id}`);
    if (input.type !== 'group' && input.type !== 'supergroup') throw new SimulatorError(`A group's type is 'group' or 'supergroup', got ${String(input.type)}`);
    if (!input.title) throw new SimulatorError(`Group ${input.id} needs a title`);
    const existing = this.groups.get(input.id);
    const chat = { id: input.id, type: input.type, title: input.title };
    if (existing) existing.chat = chat;
    else this.groups.set(input.id, { chat, members: new Map(), bot: chatMember(this.botUser, 'left') });
    return this.describeGroup(input.id);
  }

  findGroup(id: number): GroupRecord | undefined {
    return this.groups.get(id);
  }

  requireGroup(id: number): GroupRecord {
    const group = this.groups.get(id);
    if (!group) throw new SimulatorError(`Unknown group ${id}: create it with createGroup first`);
    return group;
  }

  listGroups(): SimulatedGroup[] {
    return [...this.groups.keys()].map((id) => this.describeGroup(id));
  }

  /** A user's member object in a group; Telegram answers 'left' for someone who never joined. */
  memberOf(group: GroupRecord, userId: number): ChatMember {
    if (userId === this.bot.id) return group.bot;
    return group.members.get(userId) ?? chatMember(this.telegramUser(this.requireUser(userId)), 'left');
  }

  /** Sets a user's (or the bot's) status and returns the member objects before and after. */
  setMemberStatus(group: GroupRecord, userId: number, status: MemberStatus): { before: ChatMember; after: ChatMember } {
    const before = this.memberOf(group, userId);
    const after = chatMember(before.user, status);
    if (userId === this.bot.id) group.bot = after;
    else if (status === 'left') group.members.delete(userId);
    else group.members.set(userId, after);
    return { before, after };
  }

  /** The Chat object of a private chat (id = the user's id) or a group; undefined for an unknown id. */
  findChat(chatId: number): Chat | undefined {
    const group = this.groups.get(chatId);
    if (group) return group.chat;
    const user = this.users.get(chatId);
    return user && this.privateChat(user);
  }

  /**
   * Stores a message under the chat's next message id. `content` is what the history shows; `fields` are the
   * Message fields Telegram sends the bot besides the id, sender, chat and date.
   */
  addMessage(chat: Chat, from: User, content: Omit<ChatMessage, 'message_id' | 'chat_id' | 'from' | 'date'>, fields: Record<string, unknown>): StoredMessage {
    const history = this.histories.get(chat.id) ?? [];
    this.histories.set(chat.id, history);
    const message_id = (history.at(-1)?.entry.message_id ?? 0) + 1;
    const date = this.now();
    const stored: StoredMessage = {
      entry: { message_id, chat_id: chat.id, from, date, ...content },
      message: { ...fields, message_id, from, chat, date } as Message,
    };
    history.push(stored);
    if (history.length > MAX_HISTORY) history.splice(0, history.length - MAX_HISTORY);
    return stored;
  }

  findMessage(chatId: number, messageId: number): StoredMessage | undefined {
    return this.histories.get(chatId)?.find((stored) => stored.entry.message_id === messageId);
  }

  history(chatId: number): ChatMessage[] {
    return (this.histories.get(chatId) ?? []).map((stored) => structuredClone(stored.entry));
  }

  /** Issues the id of a callback query, which the bot must answer once. */
  newCallbackQuery(): string {
    const id = `${this.bot.id}${String(this.nextCallbackQueryId++).padStart(8, '0')}`;
    this.callbackQueries.set(id, { answered: false });
    return id;
  }

  /** Marks a callback query answered; false when the id is unknown or was answered already. */
  answerCallbackQuery(id: string): boolean {
    const query = this.callbackQueries.get(id);
    if (!query || query.answered) return false;
    query.answered = true;
    return true;
  }

  /** Issues the id of an inline query, which the bot may answer once. */
  newInlineQuery(userId: number, query: string, location?: Location): SimulatedInlineQuery {
    const inline = { id: String(this.nextInlineQueryId++), userId, query, ...(location && { location }) };
    this.inlineQueries.set(inline.id, inline);
    return inline;
  }

  findInlineQuery(id: string): SimulatedInlineQuery | undefined {
    return this.inlineQueries.get(id);
  }

  /** Forgets users, groups, messages, commands, the bot's profile and queued updates (update ids keep counting up). */
  clear(): void {
    this.descriptions.clear();
    this.shortDescriptions.clear();
    this.menuButtons.clear();
    this.inlineQueries.clear();
    this.users.clear();
    this.groups.clear();
    this.histories.clear();
    this.callbackQueries.clear();
    this.commands.clear();
    this.webhookUrl = '';
    this.webhookSecretToken = '';
    this.updates.clear();
  }

  private describeGroup(id: number): SimulatedGroup {
    const group = this.requireGroup(id);
    return {
      ...group.chat,
      botStatus: group.bot.status,
      members: [...group.members.values()].map((member) => ({ userId: member.user.id, status: member.status })),
    };
  }
}

/** The key under which setMyCommands stores a command list, as Telegram scopes them. */
export const commandsKey = (scope: unknown, languageCode: unknown) =>
  `${JSON.stringify(scope ?? { type: 'default' })}|${typeof languageCode === 'string' ? languageCode : ''}`;
