import { EventEmitter } from 'node:events';
import type { Chat, Location, MenuButton, MessageEntity, Update, User, UserFromGetMe, Venue } from 'grammy/types';
import { BotApi, renderText, type ApiAnswer, type ApiParams, type ApiStats } from './bot-api.js';
import { SimulatorError } from './errors.js';
import { Faults, type InjectedError } from './faults.js';
import { changeGroupMember, privateBotStatusChanged } from './membership.js';
import type { SimulatorServer } from './server.js';
import {
  isPresent,
  SimulatorState,
  type ChatMessage,
  type InlineQueryAnswer,
  type MemberStatus,
  type SimulatedGroup,
  type SimulatedGroupInput,
  type SimulatedUser,
  type SimulatedUserInput,
} from './state.js';
import { WebhookDelivery } from './webhook-delivery.js';

/** Options of {@link createTelegramSimulator}. */
export interface TelegramSimulatorOptions {
  /** The token the bot must use; its number is the bot's user id. Default '123456:SIMULATOR'. */
  token?: string;
  /** Overrides of the bot's getMe answer (name, username, capabilities). */
  botUser?: Partial<Omit<UserFromGetMe, 'id' | 'is_bot'>>;
  /** The clock that dates messages and updates and runs the sendMessage rate window; default the real one. */
  now?: () => Date;
}

/** The update a simulated user's action queued, so the caller can wait for the bot's answer to it. */
export interface Delivery {
  update_id: number;
  /** The user's message, when the update carries one. */
  message?: ChatMessage;
}

/** Where a user's message goes: their private chat with the bot unless a group is named. */
export interface SendOptions {
  chatId?: number;
  /** The message (of the same chat) the user replies to, as when answering a ForceReply prompt. */
  replyToMessageId?: number;
}

/** An inline query a user typed (`@bot dentist`), with the location their app sends when they allowed it. */
export interface InlineQueryOptions {
  location?: { latitude: number; longitude: number };
  /** The kind of chat it is typed in, as Telegram tells the bot; 'sender' is the user's chat with the bot. */
  chatType?: 'sender' | 'private' | 'group' | 'supergroup' | 'channel';
}

/** Options of {@link TelegramSimulator.waitForBotMessages}. */
export interface WaitOptions {
  /** Only the bot's messages with a greater message_id count. */
  afterMessageId: number;
  count?: number;
  timeoutMs?: number;
}

/** Events of {@link TelegramSimulator.events}. */
export interface SimulatorEvents {
  /** The bot sent or edited a message. */
  botMessage: [chatId: number, message: ChatMessage];
  /** The bot called a Bot API method (any answer, including faults). */
  apiCall: [method: string, params: ApiParams, answer: ApiAnswer];
}

const DEFAULT_TOKEN = '123456:SIMULATOR';
const MAX_USER_TEXT = 4096;
const MAX_INLINE_QUERY = 256;

/** The simulated Telegram; create one with createTelegramSimulator (create-simulator.ts). */
export class TelegramSimulator {
  /** The bot's token on this simulator. */
  readonly token: string;
  /** 'botMessage' and 'apiCall' events, for observers such as the console and tests. */
  readonly events = new EventEmitter<SimulatorEvents>();
  private readonly state: SimulatorState;
  private readonly faults = new Faults();
  private readonly api: BotApi;
  private readonly webhookDelivery: WebhookDelivery;
  private webhookOrigin: string | undefined;
  private server: SimulatorServer | undefined;

  /** @internal Use {@link createTelegramSimulator}, which also starts the HTTP server. */
  constructor(options: TelegramSimulatorOptions) {
    this.token = options.token ?? DEFAULT_TOKEN;
    const botId = /^(\d+):[\w-]+$/.exec(this.token)?.[1];
    if (!botId) throw new SimulatorError(`A bot token looks like '123456:ABC-def', got '${this.token}'`);
    const bot: UserFromGetMe = {
      first_name: 'Simulated Bot',
      username: 'simulated_bot',
      can_join_groups: true,
      // Privacy mode is not simulated: the bot sees every group message, as with privacy turned off in BotFather.
      can_read_all_group_messages: true,
      // Inline mode switched on, as with /setinline in BotFather: the bot answers `@bot dentist` in any chat.
      supports_inline_queries: true,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
      ...options.botUser,
      id: Number(botId),
      is_bot: true,
    };
    this.state = new SimulatorState(bot, options.now ?? (() => new Date()));
    this.webhookDelivery = new WebhookDelivery(this.state.updates, (url) => (this.webhookOrigin ? withOrigin(url, this.webhookOrigin) : url));
    this.api = new BotApi(this.state, this.faults, this.token, {
      botMessage: (chatId, message) => this.events.emit('botMessage', chatId, message),
      apiCall: (method, params, answer) => this.events.emit('apiCall', method, params, answer),
      webhookChanged: (target) => this.webhookDelivery.deliverTo(target),
      webhookDelivery: () => this.webhookDelivery,
    });
    // Every waitForBotMessages call listens while it waits; many concurrent waits are normal, not a leak.
    this.events.setMaxListeners(0);
  }

  /** @internal Answers one Bot API call; the HTTP server that {@link createTelegramSimulator} starts calls it. */
  callBotApi(token: string, method: string, params: ApiParams, signal: AbortSignal): Promise<{ status: number; answer: ApiAnswer }> {
    return this.api.call(token, method, params, signal);
  }

  /** @internal The HTTP server this simulator answers on; set once by {@link createTelegramSimulator}. */
  attachServer(server: SimulatorServer): void {
    this.server = server;
  }

  /** The Bot API root to give grammY as `client.apiRoot`, e.g. 'http://127.0.0.1:41234'. */
  get apiRoot(): string {
    if (!this.server) throw new SimulatorError('The simulator is not listening');
    return this.server.url;
  }

  /** Ends pending long polls with no updates, stops posting to a webhook and stops the HTTP server. */
  async close(): Promise<void> {
    await this.webhookDelivery.stop();
    this.state.updates.releaseWaiters();
    // Let those answers be written before the connections are cut.
    await new Promise((resolve) => setImmediate(resolve));
    await this.server?.close();
  }

  /**
   * Posts webhook updates to this origin (e.g. 'http://127.0.0.1:3000'), keeping the webhook URL's path and
   * query, as a TLS-terminating proxy in front of the bot would: like Telegram, setWebhook takes only https
   * URLs, while the product and the tests listen on plain HTTP. Undefined posts to the webhook URL itself.
   */
  forwardWebhookTo(origin: string | undefined): void {
    this.webhookOrigin = origin;
  }

  /** The webhook the bot set with setWebhook, with its secret token; undefined while it long-polls. */
  get webhook(): { url: string; secretToken: string } | undefined {
    return this.state.webhookUrl === '' ? undefined : { url: this.state.webhookUrl, secretToken: this.state.webhookSecretToken };
  }

  /** The bot's getMe answer. */
  get botInfo(): UserFromGetMe {
    return { ...this.state.bot };
  }

  /** Creates a user or updates their names; their private chat with the bot has their id. */
  upsertUser(user: SimulatedUserInput): SimulatedUser {
    return this.state.upsertUser(user);
  }

  listUsers(): SimulatedUser[] {
    return this.state.listUsers();
  }

  /** Creates a group (negative id) without the bot in it; see {@link addBot}. Updates the title if it exists. */
  createGroup(group: SimulatedGroupInput): SimulatedGroup {
    return this.state.createGroup(group);
  }

  listGroups(): SimulatedGroup[] {
    return this.state.listGroups();
  }

  /**
   * Sets a user's status in a group (joining by default). Queues a `chat_member` update when the bot is an
   * administrator there, as Telegram does; returns it, or undefined when no update is sent.
   */
  addMember(groupId: number, userId: number, status: MemberStatus = 'member'): Delivery | undefined {
    const user = this.state.requireUser(userId);
    return delivery(changeGroupMember(this.state, groupId, userId, status, this.state.telegramUser(user)));
  }

  /** The user leaves the group; a `chat_member` update as for {@link addMember}. */
  removeMember(groupId: number, userId: number): Delivery | undefined {
    return this.addMember(groupId, userId, 'left');
  }

  /** A member adds the bot to a group (as a member, or an administrator): a `my_chat_member` update. */
  addBot(groupId: number, byUserId: number, status: 'member' | 'administrator' = 'member'): Delivery | undefined {
    const by = this.state.requireUser(byUserId);
    return delivery(changeGroupMember(this.state, groupId, this.state.bot.id, status, this.state.telegramUser(by)));
  }

  /** The bot is removed from a group, by a user or (without one) as if it left: a `my_chat_member` update. */
  removeBot(groupId: number, byUserId?: number): Delivery | undefined {
    const by = byUserId === undefined ? this.state.botUser : this.state.telegramUser(this.state.requireUser(byUserId));
    return delivery(changeGroupMember(this.state, groupId, this.state.bot.id, 'left', by));
  }

  /** A user sends a text; commands and mentions carry the entities Telegram sets. */
  sendText(userId: number, text: string, options: SendOptions = {}): Delivery {
    if (typeof text !== 'string' || text.trim() === '') throw new SimulatorError('Telegram does not deliver an empty text');
    if (text.length > MAX_USER_TEXT) throw new SimulatorError(`Telegram clients split texts over ${MAX_USER_TEXT} characters; use sendUpdate to inject one`);
    const entities = textEntities(text);
    return this.userMessage(userId, options, { text, ...(entities.length > 0 ? { entities } : {}) });
  }

  /** A user shares a location (a live one with `live_period`). */
  sendLocation(userId: number, location: Location, options: SendOptions = {}): Delivery {
    const checked = checkLocation(location);
    return this.userMessage(userId, options, { location: checked });
  }

  /** A user shares a venue, which Telegram sends with its location too. */
  sendVenue(userId: number, venue: { latitude: number; longitude: number; title: string; address: string }, options: SendOptions = {}): Delivery {
    const location = checkLocation({ latitude: venue.latitude, longitude: venue.longitude });
    const sent: Venue = { location, title: venue.title, address: venue.address };
    return this.userMessage(userId, options, { location, venue: sent });
  }

  /** A user presses an inline button of one of the bot's messages: a `callback_query` update. */
  pressButton(userId: number, chatId: number, messageId: number, callbackData: string): Delivery {
    const user = this.state.requireUser(userId);
    const chat = this.chatFor(user, chatId);
    const stored = this.state.findMessage(chat.id, messageId);
    if (!stored || stored.entry.from.id !== this.state.bot.id) throw new SimulatorError(`Chat ${chatId} has no message ${messageId} from the bot`);
    const buttons = stored.entry.reply_markup?.inline_keyboard.flat() ?? [];
    if (!buttons.some((button) => 'callback_data' in button && button.callback_data === callbackData)) {
      throw new SimulatorError(`Message ${messageId} in chat ${chatId} has no button with callback data '${callbackData}'`);
    }
    const update = this.state.updates.push({
      callback_query: {
        id: this.state.newCallbackQuery(),
        from: this.state.telegramUser(user),
        message: structuredClone(stored.message),
        chat_instance: String(chat.id * 7919),
        data: callbackData,
      },
    });
    return { update_id: update.update_id };
  }

  /**
   * A user types `@bot <query>` in a chat: an `inline_query` update. The bot's answer (answerInlineQuery) is
   * read with {@link inlineAnswer} under the returned inline_query_id.
   */
  sendInlineQuery(userId: number, query: string, options: InlineQueryOptions = {}): Delivery & { inline_query_id: string } {
    const user = this.state.requireUser(userId);
    if (typeof query !== 'string' || query.length > MAX_INLINE_QUERY) throw new SimulatorError(`An inline query is a text of at most ${MAX_INLINE_QUERY} characters`);
    const location = options.location && checkLocation(options.location);
    const inline = this.state.newInlineQuery(userId, query, location);
    const update = this.state.updates.push({
      inline_query: {
        id: inline.id,
        from: this.state.telegramUser(user),
        query,
        offset: '',
        chat_type: options.chatType ?? 'sender',
        ...(location && { location: { latitude: location.latitude, longitude: location.longitude } }),
      },
    });
    return { update_id: update.update_id, inline_query_id: inline.id };
  }

  /**
   * The user picks one of the results the bot answered their inline query with: their app posts the result's
   * message into the chat as theirs, marked "via @bot" (`via_bot`), which the bot gets as a `message` like
   * any in that chat. Telegram then reports the choice as a `chosen_inline_result` update, which reaches
   * only a bot that asked for it in `allowed_updates` (BotFather's inline feedback taken as on). Text
   * results only, as answerInlineQuery here takes only articles.
   */
  chooseInlineResult(userId: number, inlineQueryId: string, resultId: string, options: Pick<SendOptions, 'chatId'> = {}): Delivery & { chosen_update_id: number } {
    const user = this.state.requireUser(userId);
    const inline = this.state.findInlineQuery(inlineQueryId);
    if (!inline || inline.userId !== userId) throw new SimulatorError(`User ${userId} sent no inline query ${inlineQueryId}`);
    if (!inline.answer) throw new SimulatorError(`The bot has not answered inline query ${inlineQueryId}: there is nothing to choose`);
    const result = inline.answer.results.find((candidate) => candidate.id === resultId);
    if (!result || !('input_message_content' in result) || !result.input_message_content || !('message_text' in result.input_message_content)) {
      throw new SimulatorError(`The bot's answer to inline query ${inlineQueryId} has no result '${resultId}'`);
    }
    const chat = this.chatFor(user, options.chatId ?? userId);
    const { message_text, parse_mode, entities, link_preview_options } = result.input_message_content;
    const content = renderText({ text: message_text, parse_mode, entities });
    const from = this.state.telegramUser(user);
    const via_bot = this.state.botUser;
    const stored = this.state.addMessage(chat, from, { ...content.entry, via_bot }, {
      text: content.text,
      ...(content.entities.length > 0 && { entities: content.entities }),
      ...(link_preview_options && { link_preview_options }),
      via_bot,
    });
    const message = this.state.updates.push({ message: structuredClone(stored.message) });
    const chosen = this.state.updates.push({
      chosen_inline_result: { result_id: resultId, from, query: inline.query, ...(inline.location && { location: inline.location }) },
    });
    return { update_id: message.update_id, message: structuredClone(stored.entry), chosen_update_id: chosen.update_id };
  }

  /** The bot's answer to an inline query; undefined until it answers (or if it never does). */
  inlineAnswer(inlineQueryId: string): InlineQueryAnswer | undefined {
    const answer = this.state.findInlineQuery(inlineQueryId)?.answer;
    return answer && structuredClone(answer);
  }

  /** The chat menu button a private chat shows (setChatMenuButton): its own, else the bot's default. */
  menuButton(chatId?: number): MenuButton {
    const button = (chatId === undefined ? undefined : this.state.menuButtons.get(chatId)) ?? this.state.menuButtons.get('default') ?? { type: 'default' };
    return structuredClone(button);
  }

  /** The bot's description (setMyDescription) a user of this language sees: their language's, else the default one. */
  description(languageCode = ''): string {
    return this.state.descriptions.get(languageCode) ?? this.state.descriptions.get('') ?? '';
  }

  /** The bot's short description (setMyShortDescription), as {@link description} picks it. */
  shortDescription(languageCode = ''): string {
    return this.state.shortDescriptions.get(languageCode) ?? this.state.shortDescriptions.get('') ?? '';
  }

  /** The reply keyboard a chat shows now: the latest one the bot sent, unless a later message removed it. */
  replyKeyboard(chatId: number): ChatMessage['reply_keyboard'] {
    const latest = this.state.history(chatId).findLast((message) => message.from.id === this.state.bot.id && (message.reply_keyboard || message.remove_keyboard));
    return latest?.reply_keyboard;
  }

  /** Queues any update as given (its update_id is assigned), malformed ones included, for robustness tests. */
  sendUpdate(rawUpdate: Record<string, unknown>): Delivery {
    const { update_id: _ignored, ...body } = rawUpdate;
    return { update_id: this.state.updates.push(body).update_id };
  }

  /** A chat's history in order: users' and the bot's messages (edited ones in their latest form). */
  messages(chatId: number): ChatMessage[] {
    return this.state.history(chatId);
  }

  /** The bot's messages in a chat after the given message id. */
  botMessagesSince(chatId: number, messageId: number): ChatMessage[] {
    return this.messages(chatId).filter((message) => message.message_id > messageId && message.from.id === this.state.bot.id);
  }

  /** Resolves with the bot's messages after `afterMessageId` once there are at least `count` (default 1). */
  waitForBotMessages(chatId: number, { afterMessageId, count = 1, timeoutMs = 5000 }: WaitOptions): Promise<ChatMessage[]> {
    const found = this.botMessagesSince(chatId, afterMessageId);
    if (found.length >= count) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onMessage = (id: number) => {
        if (id !== chatId) return;
        const messages = this.botMessagesSince(chatId, afterMessageId);
        if (messages.length < count) return;
        finish();
        resolve(messages);
      };
      const timer = setTimeout(() => {
        finish();
        const got = this.botMessagesSince(chatId, afterMessageId);
        reject(new SimulatorError(
          `Timed out after ${timeoutMs} ms waiting for ${count} bot message(s) in chat ${chatId} after message ${afterMessageId}; ` +
            `got ${got.length}${got.length > 0 ? `: ${got.map((m) => JSON.stringify(m.text ?? m)).join(', ')}` : ''}. Is the bot polling?`,
        ));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.events.off('botMessage', onMessage);
      };
      this.events.on('botMessage', onMessage);
    });
  }

  /** Answers sendMessage calls above `perSecond` in any one-second window with 429; null lifts the limit. */
  setRateLimit(perSecond: number | null): void {
    this.faults.setRateLimit(perSecond);
  }

  /** The user blocks the bot: sendMessage to them answers 403, and the bot gets a `my_chat_member` update. */
  blockBot(userId: number): void {
    this.setBlocked(userId, true);
  }

  /** The user unblocks the bot. */
  unblockBot(userId: number): void {
    this.setBlocked(userId, false);
  }

  /** The user deletes their account: sendMessage to them answers 403 'Forbidden: user is deactivated'. */
  deactivateUser(userId: number): void {
    this.state.requireUser(userId).deactivated = true;
  }

  /** The next `times` calls of a Bot API method answer with this error, e.g. a 502. */
  failNext(method: string, error: InjectedError, times = 1): void {
    this.faults.failNext(method, error, times);
  }

  /** Calls per method and the times of accepted sendMessage calls. */
  stats(): ApiStats {
    return this.api.stats();
  }

  /** Long polls (getUpdates) held open now: tests wait on it instead of guessing how long a poll takes to arrive or go. */
  pollsWaiting(): number {
    return this.state.updates.waitingPolls;
  }

  /** Forgets users, groups, messages, faults, statistics, queued updates and the webhook. */
  reset(): void {
    void this.webhookDelivery.stop();
    this.state.clear();
    this.faults.clear();
    this.api.resetStats();
  }

  private setBlocked(userId: number, blocked: boolean): void {
    const user = this.state.requireUser(userId);
    if (user.blockedBot === blocked) return;
    user.blockedBot = blocked;
    privateBotStatusChanged(this.state, user, blocked ? 'member' : 'kicked', blocked ? 'kicked' : 'member');
  }

  /** The chat a user writes in: their private chat, or a group they and the bot are in. */
  private chatFor(user: SimulatedUser, chatId: number): Chat {
    if (chatId === user.id) return this.state.privateChat(user);
    const group = this.state.findGroup(chatId);
    if (!group) throw new SimulatorError(`Unknown chat ${chatId}: a user writes in their private chat (id ${user.id}) or a group`);
    if (!isPresent(this.state.memberOf(group, user.id).status)) throw new SimulatorError(`User ${user.id} is not a member of group ${chatId}`);
    if (!isPresent(group.bot.status)) throw new SimulatorError(`The bot is not in group ${chatId}, so Telegram would not deliver the message: add the bot to the group first`);
    return group.chat;
  }

  private userMessage(userId: number, options: SendOptions, content: { text?: string; entities?: MessageEntity[]; location?: Location; venue?: Venue }): Delivery {
    const user = this.state.requireUser(userId);
    const chat = this.chatFor(user, options.chatId ?? userId);
    const from: User = this.state.telegramUser(user);
    const replied = options.replyToMessageId === undefined ? undefined : this.state.findMessage(chat.id, options.replyToMessageId);
    if (options.replyToMessageId !== undefined && !replied) throw new SimulatorError(`Chat ${chat.id} has no message ${options.replyToMessageId} to reply to`);
    const stored = replied
      ? this.state.addMessage(chat, from, { ...content, reply_to_message_id: replied.entry.message_id }, { ...content, reply_to_message: structuredClone(replied.message) })
      : this.state.addMessage(chat, from, content, content);
    const update = this.state.updates.push({ message: structuredClone(stored.message) });
    return { update_id: update.update_id, message: structuredClone(stored.entry) };
  }
}

/** The URL with its scheme, host and port replaced by the origin's. */
function withOrigin(url: string, origin: string): string {
  const target = new URL(url);
  return new URL(`${target.pathname}${target.search}`, origin).toString();
}

const delivery = (update: Update | undefined): Delivery | undefined => update && { update_id: update.update_id };

/** Telegram marks `/command` and `/command@bot` words, at the start or after whitespace, as bot commands. */
/** The entities Telegram sets on a text: its commands, and its @mentions of usernames. */
function textEntities(text: string): MessageEntity[] {
  const entities: MessageEntity[] = [];
  for (const match of text.matchAll(/(^|\s)(\/[a-zA-Z0-9_]{1,64}(?:@[a-zA-Z0-9_]{3,32})?)(?=$|\s)/g)) {
    entities.push({ type: 'bot_command', offset: match.index + (match[1]?.length ?? 0), length: match[2]!.length });
  }
  for (const match of text.matchAll(/(^|[^\w/@])(@[a-zA-Z0-9_]{5,32})(?![\w@])/g)) {
    entities.push({ type: 'mention', offset: match.index + (match[1]?.length ?? 0), length: match[2]!.length });
  }
  return entities.sort((a, b) => a.offset - b.offset);
}

function checkLocation(location: Location): Location {
  const { latitude, longitude, live_period } = location;
  if (!(Number.isFinite(latitude) && Math.abs(latitude) <= 90 && Number.isFinite(longitude) && Math.abs(longitude) <= 180)) {
    throw new SimulatorError(`Telegram clients send only real coordinates, got ${latitude}, ${longitude}; use sendUpdate to inject others`);
  }
  return { latitude, longitude, ...(live_period !== undefined ? { live_period } : {}) };
}
