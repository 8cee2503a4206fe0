import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import {
  ConfirmationLinkSchema,
  LinkedAccountParamsSchema,
  LinkedAccountSchema,
  LiveConfirmationLinkSchema,
  ProposedCorrectionListSchema,
  ProposedCorrectionSchema,
  ProposedCorrectionsQuerySchema,
  type ConfirmationLink,
  type LinkedAccount,
  type LiveConfirmationLink,
  type ProposedCorrection,
  type ProposedCorrectionList,
} from '../contract/self-confirmation.js';
import { AcceptCorrectionSchema, PROPOSAL_RULES } from '../contract/accepted-corrections.js';
import { ApiError, conflict, notFound } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth } from '../plugins/authorization.js';
import { acceptedCorrections, newConfirmationLink, toProposedCorrection } from '../self-confirmation.js';
import type { Sql } from '../../sql/database.js';
import { findMedicalContact, toMedicalContact } from '../../sql/medical-contacts.js';
import { recordVerification, toVerification } from '../../sql/contact-verifications.js';
import {
  createConfirmationLink,
  endConfirmationLink,
  findLiveConfirmationLink,
  findProposedCorrection,
  listLinkedAccounts,
  listPendingCorrections,
  removeLinkedAccount,
  resolveProposedCorrection,
  type StoredLinkedAccount,
} from '../../sql/contact-self-confirmation.js';

const NO_SUCH_CONTACT = 'No medical contact with this id';
const NO_SUCH_PROPOSAL = 'No proposed correction with this id';
const BOT_NOT_KNOWN = 'The bot has not reached Telegram yet, so its link cannot be made. Try again in a minute.';

function toLinkedAccount(account: StoredLinkedAccount): LinkedAccount {
  return {
    ...account,
    linkedAt: account.linkedAt.toISOString(),
    lastRemindedAt: account.lastRemindedAt?.toISOString() ?? null,
    remindersStoppedAt: account.remindersStoppedAt?.toISOString() ?? null,
  };
}

/**
 * Contacts confirming their own listing through the bot (docs/bot.md "Contacts confirm their own
 * listing"): the one-time link, the accounts it linked, and the corrections they proposed, which staff
 * accept field by field or reject. `botUsername` is the bot's, once it knows itself (getMe).
 */
export const selfConfirmationRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; botUsername: () => string | undefined }> = async (
  instance,
  { sql, now, botUsername },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const existingContact = async (id: number) => {
    const contact = await findMedicalContact(sql, id);
    if (!contact) throw notFound(NO_SUCH_CONTACT);
    return contact;
  };

  app.get(
    '/api/medical-contacts/:id/confirmation-link',
    { schema: { params: IdParamsSchema, response: { 200: LiveConfirmationLinkSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<LiveConfirmationLink> => {
      const contact = await existingContact(request.params.id);
      const live = await findLiveConfirmationLink(sql, contact.id, now());
      return { live: live ? { createdAt: live.createdAt.toISOString(), expiresAt: live.expiresAt.toISOString(), createdBy: live.createdBy } : null };
    },
  );

  app.post(
    '/api/medical-contacts/:id/confirmation-link',
    { schema: { params: IdParamsSchema, response: { 201: ConfirmationLinkSchema } }, config: { permission: 'contacts:write' } },
    async (request, reply): Promise<ConfirmationLink> => {
      const createdBy = requireAuth(request).id;
      const contact = await existingContact(request.params.id);
      const username = botUsername();
      if (!username) throw new ApiError(503, BOT_NOT_KNOWN);
      const at = now();
      const link = await newConfirmationLink(username, at);
      // The token itself is never recorded, not even in the audit log: only its hash is kept.
      await audited(sql, request, {
        change: (tx) => createConfirmationLink(tx, { contactId: contact.id, token: link.token, createdBy, at, expiresAt: link.expiresAt }),
        audit: ({ id, replaced }) => ({
          action: 'confirmation-link.create',
          targetId: id,
          after: { contactId: contact.id, expiresAt: link.expiresAt.toISOString(), replacedLinkId: replaced },
        }),
      });
      reply.code(201);
      return { url: link.url, expiresAt: link.expiresAt.toISOString(), qrCodeDataUrl: link.qrCodeDataUrl };
    },
  );

  app.delete(
    '/api/medical-contacts/:id/confirmation-link',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      requireAuth(request);
      const contact = await existingContact(request.params.id);
      const at = now();
      return audited(sql, request, {
        change: async (tx) => {
          const ended = await endConfirmationLink(tx, contact.id, at);
          if (ended === undefined) throw notFound('This contact has no link waiting to be opened');
          return ended;
        },
        audit: (ended) => ({ action: 'confirmation-link.end', targetId: ended, after: { contactId: contact.id, endedAt: at.toISOString() } }),
      }).then(() => ({ success: true as const }));
    },
  );

  app.get(
    '/api/medical-contacts/:id/linked-accounts',
    { schema: { params: IdParamsSchema, response: { 200: LinkedAccountSchema.array() } }, config: { permission: 'contacts:write' } },
    async (request): Promise<LinkedAccount[]> => {
      const contact = await existingContact(request.params.id);
      return (await listLinkedAccounts(sql, contact.id)).map(toLinkedAccount);
    },
  );

  app.delete(
    '/api/medical-contacts/:id/linked-accounts/:telegramId',
    { schema: { params: LinkedAccountParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      requireAuth(request);
      const contact = await existingContact(request.params.id);
      const { telegramId } = request.params;
      return audited(sql, request, {
        change: async (tx) => {
          const removed = await removeLinkedAccount(tx, contact.id, telegramId);
          if (!removed) throw notFound('This Telegram account is not linked to this contact');
          return removed;
        },
        audit: (removed) => ({ action: 'linked-account.remove', targetId: `${contact.id}:${telegramId}`, before: { contactId: contact.id, ...toLinkedAccount(removed) } }),
      }).then(() => ({ success: true as const }));
    },
  );

  app.get(
    '/api/proposed-corrections',
    { schema: { querystring: ProposedCorrectionsQuerySchema, response: { 200: ProposedCorrectionListSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<ProposedCorrectionList> => {
      const { items, total } = await listPendingCorrections(sql, request.query);
      return { items: items.map(toProposedCorrection), total };
    },
  );

  const pendingProposal = async (id: number) => {
    const proposal = await findProposedCorrection(sql, id);
    if (!proposal) throw notFound(NO_SUCH_PROPOSAL);
    if (proposal.status !== 'pending') throw conflict(PROPOSAL_RULES.resolved);
    return proposal;
  };

  app.post(
    '/api/proposed-corrections/:id/accept',
    {
      schema: { params: IdParamsSchema, body: AcceptCorrectionSchema, response: { 200: ProposedCorrectionSchema } },
      config: { permission: 'contacts:write' },
    },
    async (request): Promise<ProposedCorrection> => {
      const resolvedBy = requireAuth(request).id;
      const proposal = await pendingProposal(request.params.id);
      const contact = await existingContact(proposal.contactId);
      const at = now();
      const { fields } = request.body;
      const { corrections, closed } = await acceptedCorrections(sql, proposal, contact, fields, at);
      const status = fields.length === proposal.fields.length ? 'accepted' : 'partly_accepted';
      // The corrections, the verification, the proposal's resolution and their audit rows: one transaction.
      return audited(sql, request, {
        change: async (tx, alsoRecord) => {
          const recorded = await recordVerification(tx, {
            contactId: contact.id,
            at,
            verifiedBy: resolvedBy,
            verifiedByTelegramId: proposal.telegramId,
            method: 'self_confirmed',
            outcome: closed ? 'closed' : 'corrected',
            corrections,
            note: `Proposed by the contact through the bot (proposal ${proposal.id})`,
          });
          if (!recorded) throw notFound(NO_SUCH_CONTACT);
          const resolved = await resolveProposedCorrection(tx, proposal.id, { status, resolvedBy, at, verificationId: recorded.verification.id });
          if (!resolved) throw conflict(PROPOSAL_RULES.resolved);
          alsoRecord({
            action: 'contact.verify',
            targetId: contact.id,
            before: toMedicalContact(recorded.before, at),
            after: { ...toMedicalContact(recorded.contact, at), verification: toVerification(recorded.verification) },
          });
          return toProposedCorrection(resolved);
        },
        audit: (resolved) => ({
          action: 'proposed-correction.accept',
          targetId: resolved.id,
          before: { status: proposal.status, contactId: proposal.contactId, fields: proposal.fields },
          after: { status: resolved.status, contactId: resolved.contactId, accepted: fields },
        }),
      });
    },
  );

  app.post(
    '/api/proposed-corrections/:id/reject',
    { schema: { params: IdParamsSchema, response: { 200: ProposedCorrectionSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<ProposedCorrection> => {
      const resolvedBy = requireAuth(request).id;
      const proposal = await pendingProposal(request.params.id);
      return audited(sql, request, {
        change: async (tx) => {
          const resolved = await resolveProposedCorrection(tx, proposal.id, { status: 'rejected', resolvedBy, at: now(), verificationId: null });
          if (!resolved) throw conflict(PROPOSAL_RULES.resolved);
          return toProposedCorrection(resolved);
        },
        audit: (resolved) => ({
          action: 'proposed-correction.reject',
          targetId: resolved.id,
          before: { status: proposal.status, contactId: proposal.contactId, fields: proposal.fields },
          after: { status: resolved.status, contactId: resolved.contactId },
        }),
      });
    },
  );
};
