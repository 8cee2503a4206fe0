import { createHash, randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Signs and checks the short-lived access tokens (HS256 JWTs naming a session). */
export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of the request's valid, unexpired bearer token, else undefined. */
  verify(request: FastifyRequest): Promise<AccessClaims | undefined>;
}

/**
 * Registers @fastify/jwt on the app, held to HS256 both ways: a token that names another algorithm
 * (`none` included) is refused before its signature is looked at. Times come from `now`, so tests
 * can move the clock past a token's 15 minutes.
 */
export async function installAccessTokens(app: FastifyInstance, options: { secret: string; now: () => Date }): Promise<AccessTokens> {
  await app.register(fastifyJwt, {
    secret: options.secret,
    // A number here is seconds (@fastify/jwt's rule, as jsonwebtoken's).
    sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    verify: { algorithms: ['HS256'] },
  });
  return {
    async sign(claims) {
      return app.jwt.sign({ sid: claims.sessionId, sub: String(claims.userId) }, { clockTimestamp: options.now().getTime() });
    },
    async verify(request) {
      try {
        const payload = await request.jwtVerify<{ sub?: unknown; sid?: unknown }>({ clockTimestamp: options.now().getTime() });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return undefined;
        return { userId, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

/** A random opaque token: 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens and recovery codes are stored only as this hash; they are random, so no salt is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
