import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChatParamsSchema,
  CreateSandboxUserSchema,
  GroupMemberBodySchema,
  GroupMemberParamsSchema,
  GroupParamsSchema,
  MiniAppLaunchSchema,
  PlaceSchema,
  PlacesQuerySchema,
  PressButtonSchema,
  SANDBOX_UNAVAILABLE,
  SandboxExchangeSchema,
  SandboxGroupSchema,
  SandboxMessageSchema,
  SandboxStatusSchema,
  SandboxUserParamsSchema,
  SandboxUserSchema,
  SendSandboxMessageSchema,
  UpdateSandboxUserSchema,
  type SandboxExchange,
  type SandboxGroup,
  type SandboxMessage,
  type SandboxUser,
} from '../contract/bot-sandbox.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { SandboxError, SandboxTimeoutError, type BotSandbox, type ChatMessage, type SimulatedGroup, type SimulatedUser } from '../../bot/index.js';
import type { Sql } from '../../sql/database.js';
import { searchPlaces } from '../../sql/cities.js';

const PERMISSION = { permission: 'bot-sandbox:use' } as const;
const PLACES_PER_SEARCH = 8;

function toSandboxUser(user: SimulatedUser): SandboxUser {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name ?? null,
    username: user.username ?? null,
    blockedBot: user.blockedBot,
    deactivated: user.deactivated,
    languageCode: user.language_code ?? null,
  };
}

function toSandboxGroup(group: SimulatedGroup): SandboxGroup {
  return { id: group.id, title: group.title, type: group.type, botStatus: group.botStatus, members: group.members };
}

/** A chat message as the console shows it; Telegram's snake_case stays on the bot's side. */
export function toSandboxMessage(message: ChatMessage): SandboxMessage {
  return {
    messageId: message.message_id,
    chatId: message.chat_id,
    from: { id: message.from.id, isBot: message.from.is_bot, firstName: message.from.first_name, username: message.from.username ?? null },
    date: new Date(message.date * 1000).toISOString(),
    text: message.text ?? null,
    html: message.parse_mode === 'HTML',
    location: message.location ? { latitude: message.location.latitude, longitude: message.location.longitude } : null,
    venue: message.venue ? { title: message.venue.title, address: message.venue.address } : null,
    buttons: (message.reply_markup?.inline_keyboard ?? []).map((row) =>
      row.map((button) => ({
        text: button.text,
        ...('callback_data' in button && button.callback_data !== undefined && { callbackData: button.callback_data }),
        ...('url' in button && button.url !== undefined && { url: button.url }),
        ...('web_app' in button && button.web_app !== undefined && { webAppUrl: button.web_app.url }),
      })),
    ),
    replyToMessageId: message.reply_to_message_id ?? null,
    forceReply: message.force_reply ? { placeholder: message.force_reply.input_field_placeholder ?? null } : null,
    edited: message.edited ?? false,
    ...(message.reply_keyboard && {
      replyKeyboard: message.reply_keyboard.keyboard.map((row) => row.map((button) => ({ text: button.text, requestLocation: 'request_location' in button && button.request_location === true }))),
    }),
    ...(message.remove_keyboard && { removeKeyboard: true }),
    ...(message.via_bot?.username && { viaBot: message.via_bot.username }),
  };
}

/** Turns the driver's refusals into a 400 and a bot that does not answer into a 504. */
export async function drive<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof SandboxError) throw badRequest(error.message);
    if (error instanceof SandboxTimeoutError) throw new ApiError(504, error.message);
    throw error;
  }
}

export function toExchange(exchange: { updateId: number; chatId: number; replies: ChatMessage[] }): SandboxExchange {
  return { updateId: exchange.updateId, chatId: exchange.chatId, replies: exchange.replies.map(toSandboxMessage) };
}

/**
 * Answers 409 on every route of the scope without the simulator, whatever was sent (after authentication,
 * before validation); the returned function hands the routes the sandbox.
 */
export function requireSandbox(scope: FastifyInstance, sandbox: BotSandbox | undefined): () => BotSandbox {
  scope.addHook('onRequest', async () => {
    if (!sandbox) throw conflict(SANDBOX_UNAVAILABLE);
  });
  return () => {
    if (!sandbox) throw conflict(SANDBOX_UNAVAILABLE);
    return sandbox;
  };
}

/**
 * The Bot Sandbox: chat with the bot as simulated users through the built-in Telegram
 * simulator. Without the simulator (a real BOT_TOKEN) every route but the status answers 409.
 */
export const botSandboxRoutes: FastifyPluginAsync<{ sql: Sql; sandbox: BotSandbox | undefined; now: () => Date }> = async (instance, { sql, sandbox, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/bot-sandbox/status',
    { schema: { response: { 200: SandboxStatusSchema } }, config: PERMISSION },
    async () => (sandbox ? { available: true, botUsername: sandbox.botUsername() } : { available: false, reason: SANDBOX_UNAVAILABLE }),
  );

  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const driver = requireSandbox(routes, sandbox);
    const groupById = (groupId: number): SandboxGroup => {
      const group = driver().groups().find((candidate) => candidate.id === groupId);
      if (!group) throw notFound(`No simulated group ${groupId}`);
      return toSandboxGroup(group);
    };

    routes.get(
      '/api/bot-sandbox/users',
      { schema: { response: { 200: SandboxUserSchema.array() } }, config: PERMISSION },
      async () => driver().users().map(toSandboxUser).sort((a, b) => a.firstName.localeCompare(b.firstName) || a.id - b.id),
    );

    routes.post(
      '/api/bot-sandbox/users',
      { schema: { body: CreateSandboxUserSchema, response: { 201: SandboxUserSchema } }, config: PERMISSION },
      async (request, reply) => {
        const { userId } = request.body;
        if (driver().users().some((user) => user.id === userId)) {
          throw conflict(`A simulated user with Telegram ID ${userId} already exists`, 'userId');
        }
        const user = await drive(() => driver().createUser(request.body));
        return reply.status(201).send(toSandboxUser(user));
      },
    );

    routes.patch(
      '/api/bot-sandbox/users/:userId',
      { schema: { params: SandboxUserParamsSchema, body: UpdateSandboxUserSchema, response: { 200: SandboxUserSchema } }, config: PERMISSION },
      async (request) => toSandboxUser(await drive(() => driver().setLanguageCode(request.params.userId, request.body.languageCode ?? null))),
    );

    routes.post(
      '/api/bot-sandbox/users/:userId/mini-app-launch',
      { schema: { params: SandboxUserParamsSchema, response: { 200: MiniAppLaunchSchema } }, config: PERMISSION },
      async (request) => ({ initData: await drive(() => driver().miniAppInitData(request.params.userId, now())) }),
    );

    routes.get(
      '/api/bot-sandbox/groups',
      { schema: { response: { 200: SandboxGroupSchema.array() } }, config: PERMISSION },
      async () => driver().groups().map(toSandboxGroup),
    );

    routes.post(
      '/api/bot-sandbox/messages',
      { schema: { body: SendSandboxMessageSchema, response: { 200: SandboxExchangeSchema } }, config: PERMISSION },
      async (request) => toExchange(await drive(() => driver().sendMessage(request.body))),
    );

    routes.post(
      '/api/bot-sandbox/callback',
      { schema: { body: PressButtonSchema, response: { 200: SandboxExchangeSchema } }, config: PERMISSION },
      async (request) => toExchange(await drive(() => driver().pressButton(request.body))),
    );

    routes.get(
      '/api/bot-sandbox/chats/:chatId/messages',
      { schema: { params: ChatParamsSchema, response: { 200: SandboxMessageSchema.array() } }, config: PERMISSION },
      async (request) => driver().chatMessages(request.params.chatId).map(toSandboxMessage),
    );

    routes.post(
      '/api/bot-sandbox/groups/:groupId/members',
      { schema: { params: GroupParamsSchema, body: GroupMemberBodySchema, response: { 200: SandboxGroupSchema } }, config: PERMISSION },
      async (request) => {
        groupById(request.params.groupId);
        await drive(() => driver().joinGroup(request.params.groupId, request.body.userId));
        return groupById(request.params.groupId);
      },
    );

    const leave = async (groupId: number, userId: number): Promise<SandboxGroup> => {
      groupById(groupId);
      await drive(() => driver().leaveGroup(groupId, userId));
      return groupById(groupId);
    };

    // The issue names DELETE on the same path as joining, with the user in the body…
    routes.delete(
      '/api/bot-sandbox/groups/:groupId/members',
      { schema: { params: GroupParamsSchema, body: GroupMemberBodySchema, response: { 200: SandboxGroupSchema } }, config: PERMISSION },
      async (request) => leave(request.params.groupId, request.body.userId),
    );

    // …and the REST-shaped path, for clients that send no body with DELETE.
    routes.delete(
      '/api/bot-sandbox/groups/:groupId/members/:userId',
      { schema: { params: GroupMemberParamsSchema, response: { 200: SandboxGroupSchema } }, config: PERMISSION },
      async (request) => leave(request.params.groupId, request.params.userId),
    );

    routes.get(
      '/api/bot-sandbox/places',
      { schema: { querystring: PlacesQuerySchema, response: { 200: PlaceSchema.array() } }, config: PERMISSION },
      async (request) => searchPlaces(sql, request.query.q, PLACES_PER_SEARCH),
    );
  });
};
