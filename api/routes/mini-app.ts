import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MiniAppNearestQuerySchema,
  MiniAppNearestSchema,
  MiniAppPlacesQuerySchema,
  MiniAppPlacesSchema,
  MiniAppRefusalSchema,
  MiniAppReportResultSchema,
  MiniAppReportSchema,
  MiniAppSessionSchema,
  type MiniAppAnswer,
} from '../contract/mini-app.js';
import { badRequest, notFound } from '../errors.js';
import type { MiniAppPort } from '../ports.js';
import { installMiniAppAuth, miniAppRefusal } from '../plugins/mini-app-auth.js';

const refusalResponses = { 401: MiniAppRefusalSchema, 403: MiniAppRefusalSchema };

/** The bot's answer as HTTP: the value, or the refusal (403), the field it cannot use (400), the contact gone (404). */
function sent<T>(answer: MiniAppAnswer<T>): T {
  if (answer.ok) return answer.value;
  if ('refusal' in answer) throw miniAppRefusal(answer.refusal, answer.message);
  if ('invalid' in answer) throw badRequest(answer.message, answer.invalid);
  throw notFound(answer.message);
}

/** The Telegram user the launch data of the request signed in (installMiniAppAuth ran before the route). */
const userOf = (request: FastifyRequest) => request.telegramUser!;

/**
 * The Mini App's API (docs/specification.md, "Mini App"): signed in by Telegram's launch data
 * (plugins/mini-app-auth.ts), not by the console's staff sessions, and outside their rate limits; each
 * call is answered by the bot's side (MiniAppPort): its rules for that Telegram user, its search, its charges and logs.
 */
export const miniAppRoutes: FastifyPluginAsync<{ now: () => Date; miniApp: MiniAppPort }> = async (instance, { now, miniApp }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  installMiniAppAuth(instance, { token: miniApp.token, floodControl: miniApp.floodControl, now });

  app.get(
    '/api/mini-app/session',
    { schema: { response: { 200: MiniAppSessionSchema, ...refusalResponses } }, config: { public: true } },
    async (request) => sent(await miniApp.session(userOf(request), now())),
  );

  app.get(
    '/api/mini-app/nearest',
    { schema: { querystring: MiniAppNearestQuerySchema, response: { 200: MiniAppNearestSchema, ...refusalResponses } }, config: { public: true } },
    async (request) => sent(await miniApp.nearest(userOf(request), request.query, now())),
  );

  app.get(
    '/api/mini-app/places',
    { schema: { querystring: MiniAppPlacesQuerySchema, response: { 200: MiniAppPlacesSchema, ...refusalResponses } }, config: { public: true } },
    async (request) => sent(await miniApp.places(userOf(request), request.query.q, now())),
  );

  app.post(
    '/api/mini-app/reports',
    { schema: { body: MiniAppReportSchema, response: { 200: MiniAppReportResultSchema, 201: MiniAppReportResultSchema, ...refusalResponses } }, config: { public: true } },
    async (request, reply) => {
      const result = sent(await miniApp.report(userOf(request), request.body, now()));
      if (result.stored) reply.code(201);
      return result;
    },
  );
};
