import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SECRET_TOKEN_HEADER, TelegramUpdateSchema, type TelegramUpdate } from '../contract/telegram-webhook.js';
import { secretCheck } from '../auth/secret-check.js';
import { unauthorized } from '../errors.js';

export interface TelegramWebhook {
  /** The path of WEBHOOK_URL, where Telegram posts. */
  path: string;
  /** WEBHOOK_SECRET: a post without it is not from Telegram. */
  secretToken: string;
  /** Runs the update through the bot; resolves once the bot has answered it. */
  handleUpdate: (update: TelegramUpdate) => Promise<void>;
}

/**
 * POST <webhook path>: the updates Telegram posts in webhook mode. The secret token is checked
 * (in constant time) before the body is even read; only then does the update reach the bot, and
 * the answer (200) waits for the bot to handle it, so Telegram posts it again if this instance fails.
 */
export const telegramWebhookRoutes: FastifyPluginAsync<TelegramWebhook> = async (instance, { path, secretToken, handleUpdate }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const fromTelegram = secretCheck(secretToken);

  app.post(
    path,
    {
      schema: { body: TelegramUpdateSchema },
      // Not a staff route: Telegram proves itself with the secret token instead of a sign-in. The bot
      // bounds its own waits for the database (about a minute), then answers the user anyway.
      config: { public: true, acceptsControlCharacters: true, ownDatabaseDeadline: true },
      onRequest: async (request) => {
        const given = request.headers[SECRET_TOKEN_HEADER];
        if (typeof given !== 'string' || !fromTelegram(given)) throw unauthorized('Wrong or missing secret token');
      },
    },
    async (request, reply) => {
      await handleUpdate(request.body);
      return reply.status(200).send();
    },
  );
};
