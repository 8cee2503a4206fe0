import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { InlineQueryResultArticle } from 'grammy/types';
import {
  ChooseInlineResultSchema,
  InlineQueryParamsSchema,
  SandboxInlineAnswerSchema,
  SandboxInlineChoiceSchema,
  SendInlineQuerySchema,
  type SandboxInlineAnswer,
} from '../contract/bot-sandbox.js';
import type { BotSandbox, SandboxInlineQuery } from '../../bot/index.js';
import { drive, requireSandbox, toExchange, toSandboxMessage } from './bot-sandbox.js';

const PERMISSION = { permission: 'bot-sandbox:use' } as const;

/** The bot's answer as a Telegram app lists it: each result's title and description, and the button above them. */
function toInlineAnswer({ inlineQueryId, query, location, answer }: SandboxInlineQuery): SandboxInlineAnswer {
  const button = answer?.button;
  return {
    inlineQueryId,
    query,
    location: location ?? null,
    answered: answer !== undefined,
    // answerInlineQuery in the simulator takes articles only.
    results: ((answer?.results ?? []) as InlineQueryResultArticle[]).map((result) => ({ id: result.id, title: result.title, description: result.description ?? null })),
    button: button?.start_parameter === undefined ? null : { text: button.text, startParameter: button.start_parameter },
  };
}

/**
 * The Bot Sandbox's inline mode: a simulated user types `@<bot> <query>` in a chat and picks one of the
 * bot's results, which posts its message into the chat "via @bot", as Telegram does. 409 without the
 * simulator, as every sandbox route (api/routes/bot-sandbox.ts).
 */
export const botSandboxInlineQueryRoutes: FastifyPluginAsync<{ sandbox: BotSandbox | undefined }> = async (instance, { sandbox }) => {
  const routes = instance.withTypeProvider<ZodTypeProvider>();
  const driver = requireSandbox(routes, sandbox);

  routes.post(
    '/api/bot-sandbox/inline-queries',
    { schema: { body: SendInlineQuerySchema, response: { 200: SandboxInlineAnswerSchema } }, config: PERMISSION },
    async (request) => toInlineAnswer(await drive(() => driver().inlineQuery(request.body))),
  );

  routes.post(
    '/api/bot-sandbox/inline-queries/:inlineQueryId/choice',
    { schema: { params: InlineQueryParamsSchema, body: ChooseInlineResultSchema, response: { 200: SandboxInlineChoiceSchema } }, config: PERMISSION },
    async (request) => {
      const chosen = await drive(() => driver().chooseInlineResult({ ...request.body, inlineQueryId: request.params.inlineQueryId }));
      return { ...toExchange(chosen), message: toSandboxMessage(chosen.message) };
    },
  );
};
