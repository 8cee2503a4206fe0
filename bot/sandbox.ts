import type { ChatMessage, InlineQueryAnswer, SimulatedGroup, SimulatedUser, TelegramSimulator } from './simulator/index.js';
import type { MedBot } from './create-bot.js';
import { mirrorGroup, type MirroredGroup } from './simulator/populate.js';
import { sign } from '@tma.js/init-data-node';

export interface SandboxMessageInput {
  userId: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** A group the user is in; their private chat when absent. */
  chatId?: number;
  text?: string;
  location?: { latitude: number; longitude: number };
  /** A message of the same chat this one replies to, as a ForceReply prompt makes a Telegram app do. */
  replyToMessageId?: number;
}

/** A chat's history as the sandbox shows it, and the bot's replies to what was just sent. */
export interface SandboxExchange {
  updateId: number;
  chatId: number;
  replies: ChatMessage[];
}

/** An inline query the sandbox sent for a user, with the location their app sent and the bot's answer (none when it gave none). */
export interface SandboxInlineQuery {
  inlineQueryId: string;
  query: string;
  location: { latitude: number; longitude: number } | undefined;
  answer: InlineQueryAnswer | undefined;
}

/** Raised for a sandbox request that cannot be carried out (unknown user, not a member…). */
export class SandboxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** Raised when the bot has not answered within the sandbox's bounded wait. */
export class SandboxTimeoutError extends Error {
  readonly updateId: number;
  readonly timeoutMs: number;

  constructor(
    updateId: number,
    timeoutMs: number,
  ) {
    super(`The bot did not answer within ${Math.round(timeoutMs / 1000)} s; it may be stopped or overloaded. Try again in a moment.`);
    this.updateId = updateId;
    this.timeoutMs = timeoutMs;
    this.name = 'SandboxTimeoutError';
  }
}

/** `/start <parameter>` for a deep link to the bot (https://t.me/<bot>?start=<parameter>), as Telegram's apps send it. */
function deepLinkStart(text: string, botUsername: string): string | undefined {
  const link = /^\s*https:\/\/t\.me\/([A-Za-z0-9_]+)\?start=([A-Za-z0-9_-]{1,64})\s*$/.exec(text);
  return link && link[1]!.toLowerCase() === botUsername.toLowerCase() ? `/start ${link[2]}` : undefined;
}

/**
 * Drives the built-in Telegram simulator as its users, for the console's Bot Sandbox: each
 * call returns once the bot has answered (a bounded wait), with the replies it sent.
 */
export function createBotSandbox(simulator: TelegramSimulator, medBot: MedBot, answerTimeoutMs = 10_000) {
  const lastMessageId = (chatId: number) => simulator.messages(chatId).at(-1)?.message_id ?? 0;

  /** Runs a simulator action, turning its refusals into SandboxErrors. */
  function attempt<T>(action: () => T): T {
    try {
      return action();
    } catch (error) {
      throw new SandboxError(error instanceof Error ? error.message : String(error));
    }
  }

  /** Waits for the bot to handle an update, naming a timeout as such. */
  async function answered(updateId: number): Promise<void> {
    try {
      await medBot.whenHandled(updateId, answerTimeoutMs);
    } catch (error) {
      throw Object.assign(new SandboxTimeoutError(updateId, answerTimeoutMs), { cause: error });
    }
  }

  async function exchange(chatId: number, send: () => { update_id: number }): Promise<SandboxExchange> {
    const before = lastMessageId(chatId);
    const delivery = attempt(send);
    await answered(delivery.update_id);
    return { updateId: delivery.update_id, chatId, replies: simulator.botMessagesSince(chatId, before) };
  }

  function ensureUser(input: Pick<SandboxMessageInput, 'userId' | 'firstName' | 'lastName' | 'username'>): SimulatedUser {
    const known = simulator.listUsers().find((user) => user.id === input.userId);
    if (known && !input.firstName && !input.lastName && !input.username) return known;
    return simulator.upsertUser({
      id: input.userId,
      first_name: input.firstName ?? known?.first_name ?? `User ${input.userId}`,
      ...((input.lastName ?? known?.last_name) && { last_name: input.lastName ?? known?.last_name }),
      ...((input.username ?? known?.username) && { username: input.username ?? known?.username }),
      ...(known?.language_code && { language_code: known.language_code }),
    });
  }

  /** The chat a user types in: their private chat, or a group they are in, whose kind Telegram tells an inline bot. */
  function chatTypeFor(userId: number, chatId: number): 'sender' | 'group' | 'supergroup' {
    if (chatId === userId) return 'sender';
    const group = simulator.listGroups().find((candidate) => candidate.id === chatId);
    if (!group) throw new SandboxError(`Unknown chat ${chatId}: a user types in their private chat (ID ${userId}) or a group`);
    if (!group.members.some((member) => member.userId === userId)) throw new SandboxError(`User ${userId} is not a member of group ${chatId}`);
    return group.type;
  }

  /**
   * Where the user's phone is, as their app would send it with an inline query: the location they last
   * shared in any of their chats with the bot; undefined when they shared none.
   */
  function lastSharedLocation(userId: number): { latitude: number; longitude: number } | undefined {
    const chats = [userId, ...simulator.listGroups().filter((group) => group.members.some((member) => member.userId === userId)).map((group) => group.id)];
    let latest: ChatMessage | undefined;
    for (const chatId of chats) {
      for (const message of simulator.messages(chatId)) {
        if (message.from.id === userId && message.location && (!latest || message.date >= latest.date)) latest = message;
      }
    }
    return latest?.location && { latitude: latest.location.latitude, longitude: latest.location.longitude };
  }

  return {
    botUsername: (): string => simulator.botInfo.username,
    users: (): SimulatedUser[] => simulator.listUsers(),
    groups: (): SimulatedGroup[] => simulator.listGroups(),
    chatMessages: (chatId: number): ChatMessage[] => simulator.messages(chatId),

    /** Creates a simulated user, or renames one who exists; their private chat has their id. */
    createUser(input: { userId: number; firstName: string; lastName?: string; username?: string; languageCode?: string }): SimulatedUser {
      return attempt(() =>
        simulator.upsertUser({
          id: input.userId,
          first_name: input.firstName,
          ...(input.lastName && { last_name: input.lastName }),
          ...(input.username && { username: input.username }),
          ...(input.languageCode && { language_code: input.languageCode }),
        }),
      );
    },

    /**
     * Sets the language Telegram reports for the user (its `language_code`; none when null), as a
     * person changing their app's language would: the bot sees it with their next update.
     */
    setLanguageCode(userId: number, languageCode: string | null): SimulatedUser {
      const known = simulator.listUsers().find((user) => user.id === userId);
      if (!known) throw new SandboxError(`No simulated user with Telegram ID ${userId}: create them first`);
      const { id, first_name, last_name, username } = known;
      return attempt(() =>
        simulator.upsertUser({
          id,
          first_name,
          ...(last_name && { last_name }),
          ...(username && { username }),
          ...(languageCode && { language_code: languageCode }),
        }),
      );
    },

    /**
     * Sends text (a command or anything else) or a location as the user. A link to the bot with a start
     * parameter (https://t.me/<bot>?start=…, a contact's confirmation link) pasted in their private chat
     * is opened as a Telegram app opens it: the app sends /start with the parameter.
     */
    sendMessage(input: SandboxMessageInput): Promise<SandboxExchange> {
      if ((input.text === undefined) === (input.location === undefined)) {
        throw new SandboxError('Send either text or a location');
      }
      ensureUser(input);
      const chatId = input.chatId ?? input.userId;
      const started = chatId === input.userId && input.text !== undefined ? deepLinkStart(input.text, simulator.botInfo.username) : undefined;
      if (started) input = { ...input, text: started };
      const options = { chatId, ...(input.replyToMessageId !== undefined && { replyToMessageId: input.replyToMessageId }) };
      return exchange(chatId, () =>
        input.location ? simulator.sendLocation(input.userId, input.location, options) : simulator.sendText(input.userId, input.text!, options),
      );
    },

    /**
     * The user types `@<bot> <query>` in a chat (their private chat unless a group is named): an inline
     * query with the location they last shared, answered once the bot has handled it.
     */
    async inlineQuery(input: { userId: number; chatId?: number; query: string }): Promise<SandboxInlineQuery> {
      const chatType = chatTypeFor(input.userId, input.chatId ?? input.userId);
      const location = lastSharedLocation(input.userId);
      const sent = attempt(() => simulator.sendInlineQuery(input.userId, input.query, { chatType, ...(location && { location }) }));
      await answered(sent.update_id);
      return { inlineQueryId: sent.inline_query_id, query: input.query, location, answer: simulator.inlineAnswer(sent.inline_query_id) };
    },

    /**
     * The user picks a result of their inline query: its message is posted into the chat as theirs, "via
     * @bot"; resolves once the bot has handled that message, with it and the bot's replies (none expected).
     */
    async chooseInlineResult(input: { userId: number; chatId?: number; inlineQueryId: string; resultId: string }): Promise<SandboxExchange & { message: ChatMessage }> {
      const chatId = input.chatId ?? input.userId;
      let posted: ChatMessage | undefined;
      const result = await exchange(chatId, () => {
        const delivery = simulator.chooseInlineResult(input.userId, input.inlineQueryId, input.resultId, { chatId });
        posted = delivery.message;
        return delivery;
      });
      return { ...result, message: posted! };
    },

    /** Presses an inline button of one of the bot's messages. */
    pressButton(input: { userId: number; chatId: number; messageId: number; data: string }): Promise<SandboxExchange> {
      return exchange(input.chatId, () => simulator.pressButton(input.userId, input.chatId, input.messageId, input.data));
    },

    /**
     * The launch data Telegram would hand the Mini App opened by this user from their private chat: the
     * user as Telegram describes them, signed with the simulated bot's token as Telegram signs it.
     */
    miniAppInitData(userId: number, authDate: Date): string {
      const known = simulator.listUsers().find((user) => user.id === userId);
      if (!known) throw new SandboxError(`No simulated user with Telegram ID ${userId}: create them first`);
      const { id, first_name, last_name, username, language_code } = known;
      return sign(
        { user: { id, first_name, ...(last_name && { last_name }), ...(username && { username }), ...(language_code && { language_code }) }, chat_type: 'sender' },
        simulator.token,
        authDate,
      );
    },

    /** Adds the user to a group (Telegram tells the bot, which records the membership). */
    async joinGroup(groupId: number, userId: number): Promise<void> {
      ensureUser({ userId });
      const delivery = attempt(() => simulator.addMember(groupId, userId));
      if (delivery) await answered(delivery.update_id);
    },

    async leaveGroup(groupId: number, userId: number): Promise<void> {
      const delivery = attempt(() => simulator.removeMember(groupId, userId));
      if (delivery) await answered(delivery.update_id);
    },

    /**
     * Gives a group just authorized (or changed) in Access Control its chat in the simulator at once,
     * with the bot in it when the group is active, added by the first simulated user (as at start).
     */
    mirrorAuthorizedGroup(group: MirroredGroup): void {
      attempt(() => mirrorGroup(simulator, group, { ownerId: simulator.listUsers()[0]?.id }));
    },
  };
}
export type BotSandbox = ReturnType<typeof createBotSandbox>;
