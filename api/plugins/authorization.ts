import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission } from '../contract/permissions.js';
import type { SessionUser } from '../contract/auth.js';
import type { AccessTokens } from '../auth/tokens.js';
import { forbidden, sessionEnded, unauthorized } from '../errors.js';
import { twoFactorRequirementFor, type TwoFactorRequirement } from '../auth/two-factor-requirement.js';
import { findActiveSession, findSessionEnd, touchSession } from '../../sql/admin-sessions.js';
import type { SessionEnd } from '../contract/session-end.js';
import type { Sql } from '../../sql/database.js';

/** The signed-in staff member behind a request. */
export interface AuthContext extends SessionUser {
  sessionId: string;
  /** "Require two-factor for admins" as it stands for this user; null when it does not concern them. */
  twoFactorRequirement: TwoFactorRequirement | null;
}

/** last_used_at is written at most this often per session, so reads stay reads. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;

const TWO_FACTOR_REQUIRED_MESSAGE =
  'Two-factor authentication is now required for administrators. Set it up on the Settings screen to continue.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs (api/contract/permissions.ts). */
    permission?: Permission;
    /** Open to anyone, signed in or not. */
    public?: boolean;
    /**
     * Open to an administrator whom the two-factor requirement holds back (their other calls
     * answer 403): enrolling in two-factor, their own account, ending their sessions.
     */
    twoFactorEnrolment?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Authenticates every request from its bearer token and enforces the permission its route
 * declares. A route that declares neither a permission nor `public` is refused at start-up.
 */
export function installAuthorization(app: FastifyInstance, deps: { sql: Sql; tokens: AccessTokens; now: () => Date }): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const config = route.config as { permission?: Permission; public?: boolean } | undefined;
    if (route.url.startsWith('/api') && !config?.permission && !config?.public) {
      throw new Error(`Route ${route.method} ${route.url} declares no permission (config.permission or config.public)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const outcome = await authenticate(request, deps);
    request.auth = outcome && 'auth' in outcome ? outcome.auth : null;
    if (config.public || !request.routeOptions.url?.startsWith('/api')) return;
    if (outcome && 'ended' in outcome) throw sessionEnded(outcome.ended);
    if (!request.auth) throw unauthorized();
    if (config.permission && !can(request.auth.role, config.permission)) {
      throw forbidden('You do not have permission to do this');
    }
    if (request.auth.twoFactorRequirement?.enforced && !config.twoFactorEnrolment) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
  });
}

/**
 * The request's signed-in user; or, for a valid token whose session is over, why it ended (read
 * only then, so live requests pay nothing for it); null without a usable token.
 */
async function authenticate(
  request: FastifyRequest,
  deps: { sql: Sql; tokens: AccessTokens; now: () => Date },
): Promise<{ auth: AuthContext } | { ended: SessionEnd } | null> {
  if (!request.headers.authorization?.startsWith('Bearer ')) return null;
  const claims = await deps.tokens.verify(request);
  if (!claims) return null;
  const now = deps.now();
  const session = await findActiveSession(deps.sql, claims.sessionId, now);
  if (!session) {
    const ended = await findSessionEnd(deps.sql, claims.sessionId, now);
    return ended ? { ended } : null;
  }
  if (session.userId !== claims.userId) return null;
  const touchedBefore = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
  if (session.lastUsedAt <= touchedBefore) await touchSession(deps.sql, session.sessionId, now, touchedBefore);
  const rule = { requiredSince: session.twoFactorRequiredSince, graceDays: session.twoFactorGraceDays };
  return {
    auth: {
      id: session.userId,
      username: session.username,
      role: session.role,
      firstName: session.firstName,
      sessionId: session.sessionId,
      twoFactorRequirement: twoFactorRequirementFor(session, rule, now),
    },
  };
}

/** The signed-in user of a route that requires one. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
