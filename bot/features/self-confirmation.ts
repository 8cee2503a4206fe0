import { InlineKeyboard, type Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { transaction } from '../../sql/transaction.js';
import { recordAudit } from '../../sql/audit-log.js';
import { recordVerification, toVerification } from '../../sql/contact-verifications.js';
import { toMedicalContact } from '../../sql/medical-contacts.js';
import { answerAskedField, isLinkedAccount, setAskedField, stopReminders, useConfirmationLink } from '../../sql/contact-self-confirmation.js';
import { AUDIT_ACTIONS } from '../../api/contract/audit-actions.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { CONFIRMATION_START_PREFIX, PROPOSAL_FIELDS, type ProposalField } from '../../api/contract/self-confirmation.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { recordOutcome, recordRefusal, type BotContext } from '../context.js';
import { sendHtml } from '../replies/replies.js';
import { SELF_CONFIRMATION_TEXTS, selfConfirmationTexts } from '../locales/self-confirmation.js';
import type { ContactLookup } from '../answering/contact-lookup.js';
import type { StartPayloads } from '../middleware/start-payloads.js';
import { CHANGED_LISTING_CALLBACK, CONFIRM_LISTING_CALLBACK, findListing, listingQuestion } from '../answering/listing-question.js';

/** A field chosen after ✏️ Something changed: the bot asks for its new value. */
const FIELD_CALLBACK = new RegExp(`^sc:f:(\\d+):(${PROPOSAL_FIELDS.join('|')})$`);
/** "That is all" after an answer. */
const DONE_CALLBACK = /^sc:done:(\d+)$/;
/** A token as the API makes them (base64url); anything else is refused without a query. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
/** What a link that is no longer valid costs its opener of their flood-control share (bot/middleware/flood-control.ts). */
export const INVALID_LINK_COST = 3;
/** The prompts for a new value, in every language: only a reply to one of them can be an answer (no statement for other replies). */
const VALUE_PROMPTS = new Set(Object.values(SELF_CONFIRMATION_TEXTS).flatMap((texts) => Object.values(texts.askValue)));
/** Longer answers are cut: a correction for staff to read, not a letter. */
const MAX_ANSWER_LENGTH = 1000;

export interface SelfConfirmationDeps {
  sql: Sql;
  contactLookup: ContactLookup;
  /** Charges a user's flood-control share for a failed try. */
  chargeFlood: (userId: number, tokens: number) => void;
  /** Where the feature registers its `v_<token>` links. */
  startPayloads: StartPayloads;
}

/** The fields to choose from, two a row, and "That is all" after an answer. */
function fieldKeyboard(contactId: number, language: LanguageCode, withDone: boolean): InlineKeyboard {
  const texts = selfConfirmationTexts(language);
  const buttons = PROPOSAL_FIELDS.map((field) => InlineKeyboard.text(texts.fields[field], `sc:f:${contactId}:${field}`));
  const rows = [buttons.slice(0, 2), buttons.slice(2, 4), buttons.slice(4)];
  if (withDone) rows.push([InlineKeyboard.text(texts.nothingElse, `sc:done:${contactId}`)]);
  return InlineKeyboard.from(rows);
}

/**
 * Contacts confirming their own listing (docs/bot.md "Contacts confirm their own listing"): `/start
 * v_<token>` opens a one-time link staff made, links the opener's account to the contact and shows the
 * listing with "Is this still right?"; ✅ records a self-confirmed verification, ✏️ asks what changed and
 * stores each answer as a proposed correction, which staff review before anything changes.
 * /stop_reminders ends the questions the bot asks by itself. Runs before the access gate, in private
 * chats: a clinic is in no authorized group, and only its linked account may answer for it.
 */
export function selfConfirmationFeature(deps: SelfConfirmationDeps): Composer<BotContext> {
  const composer = new BotComposer();
  // A blocked user is refused by the access gate after this, as for anything else.
  const privateChats = composer.chatType('private').filter((ctx) => !ctx.request.user?.isBlocked);

  const refuseLink = async (ctx: BotContext, why: string) => {
    deps.chargeFlood(ctx.from!.id, INVALID_LINK_COST);
    recordRefusal(ctx, why);
    await sendHtml(ctx, escapeHtml(selfConfirmationTexts(ctx.request.language).invalidLink));
  };

  deps.startPayloads.register(CONFIRMATION_START_PREFIX, 'open', async (ctx, token) => {
    // Elsewhere, or for a blocked user, the payload means nothing here: the welcome, or the gate's refusal.
    if (ctx.chat?.type !== 'private' || ctx.request.user?.isBlocked) return false;
    if (!TOKEN.test(token)) {
      await refuseLink(ctx, 'Refused a confirmation link that was never made');
      return true;
    }
    // Claimed before the link is used: a redelivered update finds it used by this very update (same moment).
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    const { receivedAt, language, settings } = ctx.request;
    const contactId = await transaction(deps.sql, (tx) => useConfirmationLink(tx, token, ctx.from!.id, receivedAt));
    if (contactId === undefined) {
      await refuseLink(ctx, 'Refused a confirmation link: used, expired, replaced or never made');
      return true;
    }
    const listing = await findListing(deps.sql, contactId, settings.timeZone);
    if (!listing) {
      await refuseLink(ctx, 'Refused a confirmation link of a contact deleted meanwhile');
      return true;
    }
    const { taxonomy } = await deps.contactLookup.directory();
    const question = listingQuestion(listing, { language, at: receivedAt, taxonomy, reverifyAfterDays: settings.reverifyAfterDays, lead: 'intro' });
    await sendHtml(ctx, question.html, question.keyboard);
    recordOutcome(ctx, 'INFO', 'Opened a confirmation link', { metadata: { ...ctx.request.log.metadata, contactId } });
    return true;
  });

  privateChats.command('stop_reminders', async (ctx) => {
    const stopped = await stopReminders(deps.sql, ctx.from.id, ctx.request.receivedAt);
    const texts = selfConfirmationTexts(ctx.request.language);
    await sendHtml(ctx, escapeHtml(stopped > 0 ? texts.remindersStopped : texts.noReminders));
    recordOutcome(ctx, 'INFO', stopped > 0 ? 'Stopped confirmation reminders' : 'Asked to stop reminders without any');
  });

  /** The contact of a button, when the presser is linked to it; otherwise the link's refusal. */
  const linkedContact = async (ctx: BotContext, contactId: number): Promise<boolean> => {
    await ctx.answerCallbackQuery().catch(() => undefined);
    if (await isLinkedAccount(deps.sql, contactId, ctx.from!.id)) return true;
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    await refuseLink(ctx, 'Refused an answer for a contact the account is not linked to');
    return false;
  };

  privateChats.callbackQuery(CONFIRM_LISTING_CALLBACK, async (ctx) => {
    const contactId = Number(ctx.match[1]);
    if (!(await linkedContact(ctx, contactId))) return;
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    const at = ctx.request.receivedAt;
    // The verification and its audit row commit together, as a staff member's do (api/audited.ts).
    await transaction(deps.sql, async (tx) => {
      const recorded = await recordVerification(tx, {
        contactId,
        at,
        verifiedBy: null,
        verifiedByTelegramId: ctx.from.id,
        method: 'self_confirmed',
        outcome: 'confirmed',
        corrections: {},
        note: null,
      });
      if (!recorded) return;
      await recordAudit(tx, {
        actorId: null,
        actorUsername: null,
        ip: null,
        action: 'contact.verify',
        targetType: AUDIT_ACTIONS['contact.verify'],
        targetId: contactId,
        before: toMedicalContact(recorded.before, at),
        after: { ...toMedicalContact(recorded.contact, at), verification: toVerification(recorded.verification) },
      });
    });
    await sendHtml(ctx, escapeHtml(selfConfirmationTexts(ctx.request.language).confirmed));
    recordOutcome(ctx, 'INFO', 'A contact confirmed its listing', { metadata: { ...ctx.request.log.metadata, contactId } });
  });

  privateChats.callbackQuery(CHANGED_LISTING_CALLBACK, async (ctx) => {
    const contactId = Number(ctx.match[1]);
    if (!(await linkedContact(ctx, contactId))) return;
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    const { language } = ctx.request;
    await sendHtml(ctx, escapeHtml(selfConfirmationTexts(language).askWhat), fieldKeyboard(contactId, language, false));
    recordOutcome(ctx, 'INFO', 'Asked a contact what changed', { metadata: { ...ctx.request.log.metadata, contactId } });
  });

  privateChats.callbackQuery(FIELD_CALLBACK, async (ctx) => {
    const contactId = Number(ctx.match[1]);
    const field = ctx.match[2] as ProposalField;
    if (!(await linkedContact(ctx, contactId))) return;
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    const texts = selfConfirmationTexts(ctx.request.language);
    const prompt = await ctx.reply(texts.askValue[field], { reply_markup: { force_reply: true, input_field_placeholder: texts.placeholder } });
    ctx.request.replied = true;
    await setAskedField(deps.sql, { contactId, telegramId: ctx.from.id, field, chatId: prompt.chat.id, messageId: prompt.message_id });
    recordOutcome(ctx, 'INFO', 'Asked a contact for a new value', { metadata: { ...ctx.request.log.metadata, contactId, field } });
  });

  privateChats.callbackQuery(DONE_CALLBACK, async (ctx) => {
    const contactId = Number(ctx.match[1]);
    if (!(await linkedContact(ctx, contactId))) return;
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    await sendHtml(ctx, escapeHtml(selfConfirmationTexts(ctx.request.language).thanks));
    recordOutcome(ctx, 'INFO', 'A contact finished proposing changes', { metadata: { ...ctx.request.log.metadata, contactId } });
  });

  privateChats.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message;
    if (!prompt || prompt.from?.id !== ctx.me.id || !VALUE_PROMPTS.has(prompt.text ?? '')) return next();
    // Claimed before the answer is stored: a redelivered reply does not store it twice.
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    const answered = await transaction(deps.sql, (tx) =>
      answerAskedField(tx, {
        telegramId: ctx.from.id,
        chatId: ctx.chat.id,
        promptMessageId: prompt.message_id,
        text: ctx.message.text.trim().slice(0, MAX_ANSWER_LENGTH),
        at: ctx.request.receivedAt,
      }),
    );
    if (!answered) return next();
    const { language } = ctx.request;
    await sendHtml(ctx, escapeHtml(selfConfirmationTexts(language).received), fieldKeyboard(answered.contactId, language, true));
    recordOutcome(ctx, 'INFO', 'A contact proposed a correction', { metadata: { ...ctx.request.log.metadata, ...answered } });
  });

  return composer;
}
