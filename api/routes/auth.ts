import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  REFRESH_SUPERSEDED,
  RefreshRequestSchema,
  RefreshResponseSchema,
  VerifyResponseSchema,
  type LoginResponse,
  type RefreshResponse,
  type VerifyResponse,
} from '../contract/auth.js';
import { SuccessResponseSchema } from '../contract/fields.js';
import { ApiError, conflict, sessionEnded, unauthorized } from '../errors.js';
import { requireAuth } from '../plugins/authorization.js';
import { refreshSession, type AuthDeps } from '../auth/sessions.js';
import { signIn } from '../auth/sign-in.js';
import { hashToken } from '../auth/tokens.js';
import { revokeSession, revokeSessionByRefreshToken } from '../../sql/admin-sessions.js';
import { formatCount } from '../contract/plural.js';

export interface AuthRoutesOptions extends AuthDeps {
  loginRateLimit: { max: number; timeWindowMs: number };
}

/** Sign-in, token check, refresh and sign-out (spec §7 "Authentication"). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (instance, deps) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/auth/login',
    {
      schema: { body: LoginRequestSchema, response: { 200: LoginResponseSchema } },
      config: {
        public: true,
        rateLimit: {
          max: deps.loginRateLimit.max,
          timeWindow: deps.loginRateLimit.timeWindowMs,
          errorResponseBuilder: (_request, context) => {
            const seconds = Math.ceil(context.ttl / 1000);
            return new ApiError(429, `Too many sign-in attempts from this address. Try again in ${formatCount(seconds, 'second')}.`, {
              success: false,
              error: `Too many sign-in attempts from this address. Try again in ${formatCount(seconds, 'second')}.`,
              retryAfter: seconds,
            });
          },
        },
      },
    },
    async (request): Promise<LoginResponse> =>
      signIn(deps, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  app.get(
    '/api/auth/verify',
    { schema: { response: { 200: VerifyResponseSchema } }, config: { permission: 'settings:own-account', twoFactorEnrolment: true } },
    async (request): Promise<VerifyResponse> => {
    const { id, username, role, firstName } = requireAuth(request);
    return { valid: true, user: { id, username, role, firstName } };
  });

  app.post(
    '/api/auth/refresh',
    { schema: { body: RefreshRequestSchema, response: { 200: RefreshResponseSchema } }, config: { public: true } },
    async (request): Promise<RefreshResponse> => {
      const { pair, end, superseded } = await refreshSession(deps, request.body.refreshToken);
      if (pair) return pair;
      if (superseded) throw conflict(REFRESH_SUPERSEDED);
      throw end ? sessionEnded(end) : unauthorized('Your session has ended. Sign in again.');
    },
  );

  app.post('/api/auth/logout', { schema: { body: LogoutRequestSchema.nullish(), response: { 200: SuccessResponseSchema } }, config: { public: true } }, async (request) => {
    const now = deps.now();
    if (request.auth) await revokeSession(deps.sql, request.auth.sessionId, 'signed_out', now);
    const refreshToken = request.body?.refreshToken;
    if (refreshToken) await revokeSessionByRefreshToken(deps.sql, hashToken(refreshToken), 'signed_out', now);
    return { success: true as const };
  });
};
