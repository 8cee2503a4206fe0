import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EndedSessionsSchema, SessionIdParamsSchema, StaffSessionSchema, type EndedSessions, type StaffSession } from '../contract/account-sessions.js';
import { SuccessResponseSchema } from '../contract/fields.js';
import { notFound } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth } from '../plugins/authorization.js';
import { describeUserAgent } from '../auth/user-agent.js';
import type { Sql } from '../../sql/database.js';
import { listLiveSessions, revokeOwnSession, revokeUserSessions } from '../../sql/admin-sessions.js';

// Ending one's own sessions is a way of signing out, so the two-factor requirement never blocks it.
const OWN_SESSIONS = { permission: 'settings:own-account', twoFactorEnrolment: true } as const;

/** The signed-in user's own sessions (Settings → Active Sessions): list them, end one, end all others. */
export const accountSessionRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/account/sessions',
    { schema: { response: { 200: StaffSessionSchema.array() } }, config: OWN_SESSIONS },
    async (request): Promise<StaffSession[]> => {
      const auth = requireAuth(request);
      const sessions = await listLiveSessions(sql, auth.id, now());
      return sessions.map((session) => ({
        id: session.id,
        ...describeUserAgent(session.userAgent),
        ip: session.ip,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        current: session.id === auth.sessionId,
      }));
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    { schema: { params: SessionIdParamsSchema, response: { 200: SuccessResponseSchema } }, config: OWN_SESSIONS },
    async (request) => {
      const auth = requireAuth(request);
      return audited(sql, request, {
        change: async (tx) => {
          // Someone else's session answers as an unknown one does: its existence is not for this user to learn.
          if (!(await revokeOwnSession(tx, auth.id, request.params.id, 'ended_by_user', now()))) throw notFound('You have no active session with this id');
          return { success: true as const };
        },
        audit: { action: 'account.end-session', targetId: request.params.id },
      });
    },
  );

  app.post(
    '/api/account/sessions/end-others',
    { schema: { response: { 200: EndedSessionsSchema } }, config: OWN_SESSIONS },
    async (request): Promise<EndedSessions> => {
      const auth = requireAuth(request);
      return audited(sql, request, {
        change: async (tx) => ({ ended: await revokeUserSessions(tx, auth.id, 'ended_by_user', now(), auth.sessionId) }),
        audit: ({ ended }) => ({ action: 'account.end-other-sessions', targetId: auth.id, after: { ended } }),
      });
    },
  );
};
