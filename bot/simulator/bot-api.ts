import type { BotCommand, Chat, InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResult, KeyboardButton, MenuButton, Message, MessageEntity } from 'grammy/types';
import { badRequest, forbidden, TelegramApiError, type ApiErrorBody } from './errors.js';
import type { Faults } from './faults.js';
import { HtmlParseError, parseTelegramHtml } from '../../api/contract/telegram-html.js';
import { changeGroupMember } from './membership.js';
import { chatMember, commandsKey, isPresent, type ChatMessage, type InlineQueryAnswer, type SimulatorState, type StoredMessage } from './state.js';
import type { DeliveryError, WebhookTarget } from './webhook-delivery.js';

/** Parameters of a Bot API call, from a JSON body, a form or the query string. */
export type ApiParams = Record<string, unknown>;

/** A Bot API answer, exactly as Telegram serialises it. */
export type ApiAnswer = { ok: true; result: unknown } | ApiErrorBody;

/** What the simulator observed of the bot's calls. */
export interface ApiStats {
  /** Calls per method, whatever the answer. */
  calls: Record<string, number>;
  /** Epoch milliseconds, by the simulator's clock, of every accepted sendMessage. */
  sendMessageTimestamps: number[];
}

/** Callbacks through which the Bot API reports what the bot did. */
export interface BotApiListeners {
  botMessage: (chatId: number, message: ChatMessage) => void;
  apiCall: (method: string, params: ApiParams, answer: ApiAnswer) => void;
  /** setWebhook or deleteWebhook changed where updates go: post them there (undefined: keep them for getUpdates). */
  webhookChanged: (target: WebhookTarget | undefined) => Promise<void>;
  /** The webhook posts under way, and the last one that failed, for getWebhookInfo. */
  webhookDelivery: () => { posting: number; lastError: DeliveryError | undefined };
}

type Handler = (params: ApiParams, signal: AbortSignal) => unknown;

const MAX_TEXT_LENGTH = 4096;
const MAX_DESCRIPTION = 512;
const MAX_SHORT_DESCRIPTION = 120;
const MAX_INLINE_RESULTS = 50;
const CHAT_ACTIONS = new Set([
  'typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice',
  'upload_document', 'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note',
]);

/**
 * The Bot API methods the bot uses, answering as Telegram does: `{ ok: true, result }`, or Telegram's error
 * codes and description texts, and the faults injected through {@link Faults}.
 */
export class BotApi {
  private readonly methods: Map<string, { name: string; handler: Handler }>;
  private calls: Record<string, number> = {};
  private sendMessageTimestamps: number[] = [];

  private readonly state: SimulatorState;
  private readonly faults: Faults;
  private readonly token: string;
  private readonly listeners: BotApiListeners;

  constructor(
    state: SimulatorState,
    faults: Faults,
    token: string,
    listeners: BotApiListeners,
  ) {
    this.state = state;
    this.faults = faults;
    this.token = token;
    this.listeners = listeners;
    const methods: Record<string, Handler> = {
      getMe: () => this.state.bot,
      getUpdates: (params, signal) => this.getUpdates(params, signal),
      deleteWebhook: (params) => this.deleteWebhook(params),
      setWebhook: (params) => this.setWebhook(params),
      getWebhookInfo: () => this.getWebhookInfo(),
      setMyCommands: (params) => this.setMyCommands(params),
      getMyCommands: (params) => this.state.commands.get(commandsKey(params.scope, params.language_code)) ?? [],
      setMyDescription: (params) => setProfileText(this.state.descriptions, params, 'description', MAX_DESCRIPTION),
      getMyDescription: (params) => ({ description: this.state.descriptions.get(languageKey(params)) ?? '' }),
      setMyShortDescription: (params) => setProfileText(this.state.shortDescriptions, params, 'short_description', MAX_SHORT_DESCRIPTION),
      getMyShortDescription: (params) => ({ short_description: this.state.shortDescriptions.get(languageKey(params)) ?? '' }),
      setChatMenuButton: (params) => this.setChatMenuButton(params),
      getChatMenuButton: (params) => this.getChatMenuButton(params),
      answerInlineQuery: (params) => this.answerInlineQuery(params),
      sendMessage: (params) => this.sendMessage(params),
      sendVenue: (params) => this.sendVenue(params),
      editMessageText: (params) => this.editMessageText(params),
      editMessageReplyMarkup: (params) => this.editMessageReplyMarkup(params),
      answerCallbackQuery: (params) => this.answerCallbackQuery(params),
      getChat: (params) => this.getChat(params),
      getChatMember: (params) => this.getChatMember(params),
      leaveChat: (params) => this.leaveChat(params),
      sendChatAction: (params) => this.sendChatAction(params),
    };
    // Telegram matches method names without regard to case.
    this.methods = new Map(Object.entries(methods).map(([name, handler]) => [name.toLowerCase(), { name, handler }]));
  }

  /** Runs one call as Telegram would: checks the token and the method, applies faults, then the method. */
  async call(token: string, method: string, params: ApiParams, signal: AbortSignal): Promise<{ status: number; answer: ApiAnswer }> {
    const answer = await this.answer(token, method, params, signal);
    this.listeners.apiCall(method, params, answer);
    return { status: answer.ok ? 200 : answer.error_code, answer };
  }

  stats(): ApiStats {
    return { calls: { ...this.calls }, sendMessageTimestamps: [...this.sendMessageTimestamps] };
  }

  resetStats(): void {
    this.calls = {};
    this.sendMessageTimestamps = [];
  }

  private async answer(token: string, method: string, params: ApiParams, signal: AbortSignal): Promise<ApiAnswer> {
    if (token !== this.token) return new TelegramApiError(401, 'Unauthorized').toBody();
    const known = this.methods.get(method.toLowerCase());
    if (!known) return new TelegramApiError(404, 'Not Found').toBody();
    this.calls[known.name] = (this.calls[known.name] ?? 0) + 1;
    try {
      const injected = this.faults.takeFailure(method);
      if (injected) throw injected;
      return { ok: true, result: await known.handler(params, signal) };
    } catch (error) {
      if (error instanceof TelegramApiError) return error.toBody();
      throw error;
    }
  }

  private async getUpdates(params: ApiParams, signal: AbortSignal) {
    if (this.state.webhookUrl) {
      throw new TelegramApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    }
    // Telegram takes whole seconds; fractions are accepted so that tests can poll briefly.
    const timeout = optionalNumber(params, 'timeout') ?? 0;
    const limit = Math.min(100, Math.max(1, optionalNumber(params, 'limit') ?? 100));
    const allowed = params.allowed_updates;
    const updates = await this.state.updates.take({
      offset: optionalNumber(params, 'offset'),
      limit,
      timeoutMs: Math.max(0, timeout) * 1000,
      allowedUpdates: Array.isArray(allowed) ? allowed.filter((type): type is string => typeof type === 'string') : undefined,
      signal,
    });
    if (signal.aborted && updates.length > 0) {
      // The poller hung up while the updates were on their way: they were never received.
      this.state.updates.restore(updates);
      return [];
    }
    return updates;
  }

  private async deleteWebhook(params: ApiParams) {
    this.state.webhookUrl = '';
    this.state.webhookSecretToken = '';
    if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') this.state.updates.clear();
    await this.listeners.webhookChanged(undefined);
    return true;
  }

  private async setWebhook(params: ApiParams) {
    const url = typeof params.url === 'string' ? params.url : '';
    if (url !== '' && !/^https:\/\//.test(url)) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
    const secretToken = typeof params.secret_token === 'string' ? params.secret_token : '';
    if (secretToken !== '' && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken)) throw badRequest('secret token contains unallowed characters');
    const allowed = params.allowed_updates;
    const allowedUpdates = Array.isArray(allowed) ? allowed.filter((type): type is string => typeof type === 'string') : undefined;
    if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') this.state.updates.clear();
    this.state.webhookUrl = url;
    this.state.webhookSecretToken = url === '' ? '' : secretToken;
    await this.listeners.webhookChanged(url === '' ? undefined : { url, secretToken, allowedUpdates });
    return true;
  }

  private getWebhookInfo() {
    const { posting, lastError } = this.listeners.webhookDelivery();
    return {
      url: this.state.webhookUrl,
      has_custom_certificate: false,
      pending_update_count: this.state.updates.size + posting,
      ...(lastError && { last_error_date: lastError.date, last_error_message: lastError.message }),
    };
  }

  private setMyCommands(params: ApiParams) {
    const commands = params.commands;
    if (!Array.isArray(commands)) throw badRequest('parameter "commands" is required');
    for (const entry of commands as Partial<BotCommand>[]) {
      if (typeof entry?.command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(entry.command)) throw badRequest('BOT_COMMAND_INVALID');
      if (typeof entry.description !== 'string' || entry.description.length < 1 || entry.description.length > 256) {
        throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
      }
    }
    this.state.commands.set(commandsKey(params.scope, params.language_code), (commands as BotCommand[]).map(({ command, description }) => ({ command, description })));
    return true;
  }

  private sendMessage(params: ApiParams): Message {
    // Flood control comes first: Telegram refuses an over-limit call whatever else is wrong with it.
    const nowMs = this.state.nowMs();
    const flood = this.faults.floodError(nowMs);
    if (flood) throw flood;

    const chat = this.writableChat(params);
    const content = renderText(params);
    const replyMarkup = inlineKeyboard(params.reply_markup, chat);
    const forceReply = forceReplyOf(params.reply_markup);
    const replyKeyboard = replyKeyboardOf(params.reply_markup);
    const replyTo = this.replyTarget(chat, params);
    const stored = this.state.addMessage(
      chat,
      this.state.botUser,
      {
        ...content.entry,
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
        ...(forceReply ? { force_reply: forceReply } : {}),
        ...replyKeyboard,
        ...(replyTo ? { reply_to_message_id: replyTo.message_id } : {}),
      },
      {
        text: content.text,
        ...(content.entities.length > 0 ? { entities: content.entities } : {}),
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
        ...(isObject(params.link_preview_options) ? { link_preview_options: params.link_preview_options } : {}),
        ...(replyTo ? { reply_to_message: replyTo } : {}),
      },
    );
    this.faults.recordSend(nowMs);
    this.sendMessageTimestamps.push(nowMs);
    this.listeners.botMessage(chat.id, structuredClone(stored.entry));
    return stored.message;
  }

  /** A place on a map with its title and address; Telegram stores it with its location, as a user's venue. */
  private sendVenue(params: ApiParams): Message {
    const nowMs = this.state.nowMs();
    const flood = this.faults.floodError(nowMs);
    if (flood) throw flood;

    const chat = this.writableChat(params);
    const latitude = optionalNumber(params, 'latitude');
    const longitude = optionalNumber(params, 'longitude');
    if (latitude === undefined) throw badRequest('parameter "latitude" is required');
    if (longitude === undefined) throw badRequest('parameter "longitude" is required');
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw badRequest('wrong coordinates specified');
    const title = typeof params.title === 'string' ? params.title.trim() : '';
    const address = typeof params.address === 'string' ? params.address.trim() : '';
    if (title === '') throw badRequest('parameter "title" is required');
    if (address === '') throw badRequest('parameter "address" is required');
    const replyMarkup = inlineKeyboard(params.reply_markup, chat);
    const replyTo = this.replyTarget(chat, params);
    const venue = { location: { latitude, longitude }, title, address };
    const stored = this.state.addMessage(
      chat,
      this.state.botUser,
      { location: venue.location, venue, ...(replyMarkup ? { reply_markup: replyMarkup } : {}), ...(replyTo ? { reply_to_message_id: replyTo.message_id } : {}) },
      { location: venue.location, venue, ...(replyMarkup ? { reply_markup: replyMarkup } : {}), ...(replyTo ? { reply_to_message: replyTo } : {}) },
    );
    this.faults.recordSend(nowMs);
    this.listeners.botMessage(chat.id, structuredClone(stored.entry));
    return stored.message;
  }

  private editMessageText(params: ApiParams): Message {
    const stored = this.editableMessage(params);
    const content = renderText(params);
    const replyMarkup = inlineKeyboard(params.reply_markup, this.existingChat(params));
    const { entry, message } = stored;
    if (entry.text === content.entry.text && entry.parse_mode === content.entry.parse_mode && sameMarkup(entry.reply_markup, replyMarkup)) {
      throw notModified();
    }
    delete entry.parse_mode;
    delete entry.entities;
    delete message.entities;
    Object.assign(entry, content.entry);
    message.text = content.text;
    if (content.entities.length > 0) message.entities = content.entities;
    // Like Telegram, an edit without reply_markup takes the inline keyboard away.
    return this.edited(stored, replyMarkup);
  }

  private editMessageReplyMarkup(params: ApiParams): Message {
    const stored = this.editableMessage(params);
    const replyMarkup = inlineKeyboard(params.reply_markup, this.existingChat(params));
    if (sameMarkup(stored.entry.reply_markup, replyMarkup)) throw notModified();
    return this.edited(stored, replyMarkup);
  }

  private answerCallbackQuery(params: ApiParams) {
    const id = typeof params.callback_query_id === 'string' ? params.callback_query_id : String(params.callback_query_id ?? '');
    if (!this.state.answerCallbackQuery(id)) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    return true;
  }

  /** The menu button of one private chat (chat_id), or every chat's without one of its own. */
  private setChatMenuButton(params: ApiParams) {
    const key = params.chat_id === undefined ? 'default' : this.existingChat(params).id;
    const button = params.menu_button ?? { type: 'default' };
    if (!isObject(button) || !['default', 'commands', 'web_app'].includes(String(button.type))) throw badRequest('unsupported menu button type');
    if (button.type === 'web_app') {
      if (typeof button.text !== 'string' || button.text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
      if (!isObject(button.web_app) || !isWebAppUrl(button.web_app.url)) throw badRequest('BUTTON_URL_INVALID');
    }
    if (button.type === 'default') this.state.menuButtons.delete(key);
    else this.state.menuButtons.set(key, structuredClone(button) as unknown as MenuButton);
    return true;
  }

  private getChatMenuButton(params: ApiParams): MenuButton {
    const key = params.chat_id === undefined ? 'default' : this.existingChat(params).id;
    return this.state.menuButtons.get(key) ?? this.state.menuButtons.get('default') ?? { type: 'default' };
  }

  /** Checks the results as Telegram does (unique ids, an article's title and message) and keeps them for the asker. */
  private answerInlineQuery(params: ApiParams) {
    const id = typeof params.inline_query_id === 'string' ? params.inline_query_id : String(params.inline_query_id ?? '');
    const query = this.state.findInlineQuery(id);
    if (!query || query.answer) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    const results = params.results;
    if (!Array.isArray(results)) throw badRequest('parameter "results" is required');
    if (results.length > MAX_INLINE_RESULTS) throw badRequest('RESULTS_TOO_MUCH');
    const ids = new Set<string>();
    for (const result of results as unknown[]) {
      if (!isObject(result) || typeof result.id !== 'string' || result.id === '' || Buffer.byteLength(result.id) > 64) throw badRequest('RESULT_ID_INVALID');
      if (ids.has(result.id)) throw badRequest('RESULT_ID_DUPLICATE');
      ids.add(result.id);
      if (result.type !== 'article') throw badRequest('the simulator answers article results only');
      if (typeof result.title !== 'string' || result.title.trim() === '') throw badRequest('RESULT_TITLE_EMPTY');
      const content = result.input_message_content;
      if (!isObject(content)) throw badRequest('RESULT_MESSAGE_EMPTY');
      renderText({ text: content.message_text, parse_mode: content.parse_mode });
    }
    const button = params.button;
    if (button !== undefined && (!isObject(button) || typeof button.text !== 'string' || (typeof button.start_parameter !== 'string' && !isObject(button.web_app)))) {
      throw badRequest('BUTTON_INVALID');
    }
    if (isObject(button) && typeof button.start_parameter === 'string' && !/^[A-Za-z0-9_-]{1,64}$/.test(button.start_parameter)) throw badRequest('START_PARAM_INVALID');
    query.answer = structuredClone({
      results: results as InlineQueryResult[],
      ...(params.cache_time !== undefined && { cache_time: Number(params.cache_time) }),
      ...(params.is_personal !== undefined && { is_personal: params.is_personal === true || params.is_personal === 'true' }),
      ...(typeof params.next_offset === 'string' && { next_offset: params.next_offset }),
      ...(isObject(button) && { button: button as unknown as NonNullable<InlineQueryAnswer['button']> }),
    });
    return true;
  }

  private getChat(params: ApiParams) {
    const chat = this.existingChat(params);
    // getChat answers a ChatFullInfo, which adds these fields to the Chat.
    return { ...chat, accent_color_id: 0, max_reaction_count: 11, accepted_gift_types: { unlimited_gifts: false, limited_gifts: false, unique_gifts: false, premium_subscription: false } };
  }

  private getChatMember(params: ApiParams) {
    const chat = this.existingChat(params);
    const userId = optionalNumber(params, 'user_id');
    if (userId === undefined) throw badRequest('invalid user_id specified');
    const isBot = userId === this.state.bot.id;
    if (!isBot && !this.state.findUser(userId)) throw badRequest('user not found');
    if (chat.type !== 'private') return this.state.memberOf(this.state.requireGroup(chat.id), userId);
    // A private chat has two members: the user and the bot.
    if (isBot) return chatMember(this.state.botUser, 'member');
    if (userId !== chat.id) throw badRequest('user not found');
    return chatMember(this.state.telegramUser(this.state.findUser(userId)!), 'member');
  }

  private leaveChat(params: ApiParams) {
    const chat = this.existingChat(params);
    if (chat.type === 'private') throw badRequest("chat member status can't be changed in private chats");
    const group = this.state.requireGroup(chat.id);
    if (!isPresent(group.bot.status)) throw forbidden(`bot is not a member of the ${chat.type} chat`);
    changeGroupMember(this.state, chat.id, this.state.bot.id, 'left', this.state.botUser);
    return true;
  }

  private sendChatAction(params: ApiParams) {
    this.writableChat(params);
    if (typeof params.action !== 'string' || !CHAT_ACTIONS.has(params.action)) throw badRequest('wrong parameter action in request');
    return true;
  }

  /** The chat named by `chat_id`; Telegram knows no chat the simulator was not told about. */
  private existingChat(params: ApiParams): Chat {
    const chatId = chatIdOf(params);
    const chat = chatId === undefined ? undefined : this.state.findChat(chatId);
    if (!chat) throw badRequest('chat not found');
    return chat;
  }

  /** The chat named by `chat_id`, if the bot may write there now. */
  private writableChat(params: ApiParams): Chat {
    const chat = this.existingChat(params);
    if (chat.type === 'private') {
      const user = this.state.findUser(chat.id);
      if (user?.deactivated) throw forbidden('user is deactivated');
      if (user?.blockedBot) throw forbidden('bot was blocked by the user');
      return chat;
    }
    const status = this.state.requireGroup(chat.id).bot.status;
    if (status === 'kicked') throw forbidden(`bot was kicked from the ${chat.type} chat`);
    if (status === 'left') throw forbidden(`bot is not a member of the ${chat.type} chat`);
    return chat;
  }

  private replyTarget(chat: Chat, params: ApiParams): Message | undefined {
    const reply = isObject(params.reply_parameters) ? params.reply_parameters : undefined;
    const messageId = reply ? optionalNumber(reply, 'message_id') : optionalNumber(params, 'reply_to_message_id');
    if (messageId === undefined) return undefined;
    const target = this.state.findMessage(chat.id, messageId);
    if (target) return target.message;
    const allowWithout = reply ? reply.allow_sending_without_reply : params.allow_sending_without_reply;
    if (allowWithout === true || allowWithout === 'true') return undefined;
    throw badRequest('message to be replied not found');
  }

  private editableMessage(params: ApiParams) {
    if (params.inline_message_id !== undefined) throw badRequest('the simulator does not support inline messages');
    const chat = this.existingChat(params);
    const messageId = optionalNumber(params, 'message_id');
    if (messageId === undefined) throw badRequest('message identifier is not specified');
    const stored = this.state.findMessage(chat.id, messageId);
    if (!stored) throw badRequest('message to edit not found');
    if (stored.entry.from.id !== this.state.bot.id) throw badRequest("message can't be edited");
    return stored;
  }

  /** Finishes an edit: sets the new buttons (none when absent), marks the message edited and reports it. */
  private edited(stored: StoredMessage, replyMarkup: InlineKeyboardMarkup | undefined): Message {
    delete stored.entry.reply_markup;
    delete stored.message.reply_markup;
    if (replyMarkup) {
      stored.entry.reply_markup = replyMarkup;
      stored.message.reply_markup = replyMarkup;
    }
    stored.entry.edited = true;
    stored.message.edit_date = this.state.now();
    this.listeners.botMessage(stored.entry.chat_id, structuredClone(stored.entry));
    return stored.message;
  }
}

/** Parses and checks a message text with its parse mode, as sendMessage and editMessageText do. */
export function renderText(params: ApiParams): { text: string; entities: MessageEntity[]; entry: Pick<ChatMessage, 'text' | 'parse_mode' | 'entities'> } {
  const source = params.text;
  if (typeof source !== 'string' || source.trim() === '') throw badRequest('message text is empty');
  const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : '';
  let parsed: { text: string; entities: MessageEntity[] };
  if (parseMode === '') {
    parsed = { text: source, entities: Array.isArray(params.entities) ? (params.entities as MessageEntity[]) : [] };
  } else if (parseMode.toLowerCase() === 'html') {
    try {
      parsed = parseTelegramHtml(source);
    } catch (error) {
      if (error instanceof HtmlParseError) throw badRequest(`can't parse entities: ${error.message}`);
      throw error;
    }
  } else {
    // Only HTML is simulated: failing loudly keeps a bot from passing tests with markup Telegram would render differently.
    throw badRequest('unsupported parse_mode');
  }
  if (parsed.text.trim() === '') throw badRequest('message text is empty');
  if (parsed.text.length > MAX_TEXT_LENGTH) throw badRequest('message is too long');
  const entry = {
    text: source,
    ...(parseMode === '' ? {} : { parse_mode: 'HTML' as const }),
    ...(parsed.entities.length > 0 ? { entities: parsed.entities } : {}),
  };
  return { ...parsed, entry };
}

/** A ForceReply markup's request, kept in the chat's history only: the Message Telegram returns carries no such markup. */
function forceReplyOf(markup: unknown): ChatMessage['force_reply'] {
  if (!isObject(markup) || markup.force_reply !== true) return undefined;
  const placeholder = markup.input_field_placeholder;
  return typeof placeholder === 'string' && placeholder !== '' ? { input_field_placeholder: placeholder } : {};
}

/**
 * A reply keyboard the message sends (kept in the chat's history, as a Telegram app shows it under the chat),
 * or its removal; checked as Telegram does. The Message Telegram returns carries neither.
 */
function replyKeyboardOf(markup: unknown): Pick<ChatMessage, 'reply_keyboard' | 'remove_keyboard'> {
  if (!isObject(markup)) return {};
  if (markup.remove_keyboard === true) return { remove_keyboard: true };
  if (!('keyboard' in markup)) return {};
  const rows = markup.keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) throw badRequest('field "keyboard" of the ReplyKeyboardMarkup must be an Array of Arrays');
  const keyboard = (rows as unknown[][]).map((row) =>
    row.map((button): Exclude<KeyboardButton, string> => {
      if (typeof button === 'string') return { text: button };
      if (!isObject(button) || typeof button.text !== 'string' || button.text === '') throw badRequest("can't parse keyboard button: Field \"text\" must be of type String");
      return structuredClone(button) as unknown as Exclude<KeyboardButton, string>;
    }),
  );
  const flag = (name: 'resize_keyboard' | 'one_time_keyboard' | 'is_persistent') => (markup[name] === true ? { [name]: true } : {});
  return { reply_keyboard: { keyboard, ...flag('resize_keyboard'), ...flag('one_time_keyboard'), ...flag('is_persistent') } };
}

/**
 * A Mini App's address: https, as Telegram requires, or the local console's own http address, which the
 * Bot Sandbox opens in its frame (no Telegram app opens one).
 */
function isWebAppUrl(url: unknown): boolean {
  return typeof url === 'string' && (/^https:\/\/\S+$/i.test(url) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/\S*$/i.test(url));
}

/** Checks an inline keyboard as Telegram does: web_app buttons only in private chats. Other markups are not part of it. */
function inlineKeyboard(markup: unknown, chat: Chat): InlineKeyboardMarkup | undefined {
  if (markup === undefined) return undefined;
  if (!isObject(markup)) throw badRequest("can't parse reply keyboard markup JSON object");
  if (!('inline_keyboard' in markup)) return undefined;
  const rows = markup.inline_keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
  }
  for (const button of (rows as unknown[][]).flat()) {
    if (!isObject(button) || typeof button.text !== 'string') {
      throw badRequest(`can't parse inline keyboard button: Field "text" must be of type String`);
    }
    if ('callback_data' in button) {
      const data = button.callback_data;
      if (typeof data !== 'string' || Buffer.byteLength(data) < 1 || Buffer.byteLength(data) > 64) throw badRequest('BUTTON_DATA_INVALID');
    } else if ('url' in button) {
      if (typeof button.url !== 'string' || !/^(https?|tg):\/\/\S+$/i.test(button.url)) throw badRequest('BUTTON_URL_INVALID');
    } else if ('web_app' in button) {
      if (chat.type !== 'private') throw badRequest('BUTTON_TYPE_INVALID');
      if (!isObject(button.web_app) || !isWebAppUrl(button.web_app.url)) throw badRequest('BUTTON_URL_INVALID');
    } else if (Object.keys(button).length === 1) {
      throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
    }
  }
  return { inline_keyboard: rows as InlineKeyboardButton[][] };
}

/** The language_code a profile text is for; '' for everyone without one of their own. */
const languageKey = (params: ApiParams) => (typeof params.language_code === 'string' ? params.language_code : '');

/** setMyDescription and setMyShortDescription: an empty text takes the language's away. */
function setProfileText(texts: Map<string, string>, params: ApiParams, name: string, maxLength: number) {
  const text = params[name] ?? '';
  if (typeof text !== 'string') throw badRequest(`parameter "${name}" must be a String`);
  if (text.length > maxLength) throw badRequest(`${name.toUpperCase()}_INVALID`);
  if (text === '') texts.delete(languageKey(params));
  else texts.set(languageKey(params), text);
  return true;
}

const notModified = () =>
  badRequest('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');

const sameMarkup = (a: InlineKeyboardMarkup | undefined, b: InlineKeyboardMarkup | undefined) =>
  JSON.stringify(a?.inline_keyboard ?? []) === JSON.stringify(b?.inline_keyboard ?? []);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A numeric parameter given as a number or, from forms and query strings, as a numeric string. */
function optionalNumber(params: Record<string, unknown>, name: string): number | undefined {
  const value = params[name];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** `chat_id` as a number; `@username` chats do not exist in the simulator, so they are not found. */
function chatIdOf(params: ApiParams): number | undefined {
  if (params.chat_id === undefined || params.chat_id === '') throw badRequest('chat_id is empty');
  return optionalNumber(params, 'chat_id');
}
