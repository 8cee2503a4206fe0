import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import {
  CLAIM_MINUTES,
  ClaimResponseSchema,
  QueueQuerySchema,
  QueueResponseSchema,
  type ClaimResponse,
  type QueueResponse,
  type VerificationClaim,
} from '../contract/verification-queue.js';
import { notFound } from '../errors.js';
import { requireAuth } from '../plugins/authorization.js';
import type { Sql } from '../../sql/database.js';
import { toMedicalContact } from '../../sql/medical-contacts.js';
import { claimContact, releaseClaim, verificationQueue, type ClaimRecord } from '../../sql/verification-queue.js';

const toClaim = (claim: ClaimRecord): VerificationClaim => ({ username: claim.username, until: claim.until.toISOString() });

/**
 * The verification queue (docs/specification.md "Verification Queue"), for editors and up: the contacts
 * due, and the claims staff hold on them while they verify one. A claim is a lease on who works on a
 * contact, not a change of the directory: it is not audited; the verification saved is
 * (POST /api/medical-contacts/{id}/verifications, api/routes/medical-contacts.ts).
 */
export const verificationQueueRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/verification-queue',
    { schema: { querystring: QueueQuerySchema, response: { 200: QueueResponseSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<QueueResponse> => {
      const at = now();
      const { items, total } = await verificationQueue(sql, at, request.query);
      return {
        items: items.map((item) => ({
          contact: toMedicalContact(item.contact, at),
          reasons: item.reasons.map((reason) => ({ kind: reason.kind, since: reason.since?.toISOString() ?? null })),
          openReports: item.openReports,
          shownLast30Days: item.shownLast30Days,
          lastVerifiedAt: item.lastVerifiedAt?.toISOString() ?? null,
          claimedBy: item.claimedBy ? toClaim(item.claimedBy) : null,
        })),
        total,
      };
    },
  );

  app.post(
    '/api/verification-queue/:id/claim',
    { schema: { params: IdParamsSchema, response: { 200: ClaimResponseSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<ClaimResponse> => {
      const adminId = requireAuth(request).id;
      const at = now();
      const claim = await claimContact(sql, { contactId: request.params.id, adminId, at, until: new Date(at.getTime() + CLAIM_MINUTES * 60_000) });
      if (!claim) throw notFound('No medical contact with this id');
      return { claimed: claim.claimed, claimedBy: toClaim(claim.claimedBy) };
    },
  );

  app.delete(
    '/api/verification-queue/:id/claim',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      // Letting go of a claim one does not hold (it ran out, or was never taken) leaves nothing to do.
      await releaseClaim(sql, request.params.id, requireAuth(request).id);
      return { success: true as const };
    },
  );
};
