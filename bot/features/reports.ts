import type { Composer } from 'grammy';
import { InlineKeyboard } from 'grammy';
import { BotComposer } from '../composer.js';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Sql } from '../../sql/database.js';
import { commentOnReport, contactNames, setReportPrompt, storeContactReport } from '../../sql/contact-reports.js';
import type { NewNotification } from '../../sql/notifications.js';
import { CONTACT_PROBLEM_LABELS, CONTACT_PROBLEMS, type ContactProblem } from '../../api/contract/contact-reports.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { NOTIFICATION_STYLES } from '../../api/contract/notifications.js';
import { localDay } from '../../api/contract/time-zone.js';
import { REPORT_CALLBACK, VENUE_CALLBACK } from '../answering/contact-buttons.js';
import { recordOutcome, recordRefusal, type BotContext } from '../context.js';
import { reachTexts } from '../locales/reach.js';
import { sendHtml } from '../replies/replies.js';
import { buttonSearch, pageOfButton, shownContacts } from '../answering/answer-page.js';
import { decodeKeyboardButton, type SearchState } from '../answering/search-state.js';

/** A contact chosen to report: the bot then asks what is wrong. */
const REPORT_CONTACT_CALLBACK = /^report:(\d+)$/;
/** The problem chosen: the report is stored. */
const REPORT_PROBLEM_CALLBACK = new RegExp(`^report:(\\d+):(${CONTACT_PROBLEMS.join('|')})$`);
/** Longer comments are cut: a note for staff, not a letter. */
const MAX_COMMENT_LENGTH = 1000;

/** The console notification a report raises. */
export function reportNotification(contact: { id: number; name: string; city: string }, problem: ContactProblem, telegramId: number): NewNotification {
  return {
    kind: 'contact_reported',
    ...NOTIFICATION_STYLES.contact_reported,
    title: `Contact reported: ${contact.name}`,
    message: `A bot user reported "${CONTACT_PROBLEM_LABELS[problem]}" for ${contact.name} (${contact.city}). It is due for re-verification until the report is resolved.`,
    expiresAt: null,
    metadata: { contactId: contact.id, problem, telegramId },
  };
}

/**
 * The contacts of an answer, in order: found again from the search its 📍 Show on map button carries
 * (answerPage); an answer sent before that button named each in a 📍 button of its own.
 */
async function answerContactIds(ctx: BotContext, markup: InlineKeyboardMarkup | undefined): Promise<number[]> {
  const ids: number[] = [];
  let mapSearch: SearchState | undefined;
  for (const button of markup?.inline_keyboard.flat() ?? []) {
    const data = 'callback_data' in button ? (button.callback_data ?? '') : '';
    const venue = VENUE_CALLBACK.exec(data);
    if (venue) ids.push(Number(venue[1]));
    const keyboard = decodeKeyboardButton(data);
    if (keyboard?.view === 'map') mapSearch = keyboard.state;
  }
  if (ids.length > 0 || !mapSearch) return ids;
  return shownContacts(pageOfButton(ctx, await buttonSearch(ctx, mapSearch))).map((contact) => contact.id);
}

/**
 * "Report a problem" under an answer: the user picks one of the answer's contacts, then the problem
 * ("other" invites a comment, the reply to the bot's prompt). A report is stored once per user,
 * contact and day, makes the contact due for re-verification in the console and raises a
 * notification. Reports cost no daily request.
 */
export function reportsFeature(deps: { sql: Sql }): Composer<BotContext> {
  const composer = new BotComposer();

  composer.callbackQuery(REPORT_CALLBACK, async (ctx) => {
    await ctx.answerCallbackQuery().catch(() => undefined);
    const texts = reachTexts(ctx.request.language);
    const ids = await answerContactIds(ctx, ctx.callbackQuery.message?.reply_markup);
    const names = ids.length > 0 ? await contactNames(deps.sql, ids) : new Map<number, { name: string }>();
    // One a row, numbered as in the answer: names can be long.
    const rows = ids.flatMap((id, index) => {
      const contact = names.get(id);
      return contact ? [[InlineKeyboard.text(`${index + 1}. ${contact.name}`, `report:${id}`)]] : [];
    });
    if (rows.length === 0) {
      recordOutcome(ctx, 'WARN', 'Asked to report on a message without contacts');
      await sendHtml(ctx, escapeHtml(texts.noContacts));
      return;
    }
    await sendHtml(ctx, escapeHtml(texts.askContact), InlineKeyboard.from(rows));
    recordOutcome(ctx, 'INFO', 'Asked which contact to report', { metadata: { ...ctx.request.log.metadata, contactIds: ids } });
  });

  composer.callbackQuery(REPORT_CONTACT_CALLBACK, async (ctx) => {
    await ctx.answerCallbackQuery().catch(() => undefined);
    const texts = reachTexts(ctx.request.language);
    const contactId = Number(ctx.match[1]);
    const contact = (await contactNames(deps.sql, [contactId])).get(contactId);
    if (!contact) {
      await ctx.editMessageReplyMarkup().catch(() => undefined);
      recordOutcome(ctx, 'WARN', 'A contact chosen to report no longer exists', { metadata: { ...ctx.request.log.metadata, contactId } });
      await sendHtml(ctx, escapeHtml(texts.contactGone));
      return;
    }
    const buttons = CONTACT_PROBLEMS.map((problem) => InlineKeyboard.text(texts.problems[problem], `report:${contactId}:${problem}`));
    // Two a row: the longer labels still fit on a phone.
    const keyboard = InlineKeyboard.from([buttons.slice(0, 2), buttons.slice(2)]);
    await ctx.editMessageText(escapeHtml(texts.askProblem(contact.name)), { parse_mode: 'HTML', reply_markup: keyboard });
    ctx.request.replied = true;
    recordOutcome(ctx, 'INFO', 'Asked what is wrong with a contact', { metadata: { ...ctx.request.log.metadata, contactId } });
  });

  composer.callbackQuery(REPORT_PROBLEM_CALLBACK, async (ctx) => {
    await ctx.answerCallbackQuery().catch(() => undefined);
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    const texts = reachTexts(ctx.request.language);
    const contactId = Number(ctx.match[1]);
    const problem = ctx.match[2] as ContactProblem;
    const metadata = { ...ctx.request.log.metadata, contactId, problem };
    const contact = (await contactNames(deps.sql, [contactId])).get(contactId);
    if (!contact) {
      recordOutcome(ctx, 'WARN', 'A contact chosen to report no longer exists', { metadata });
      await sendHtml(ctx, escapeHtml(texts.contactGone));
      return;
    }
    // Claimed before the report is stored: a redelivered press does not store it, nor thank, twice.
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    const { receivedAt, settings } = ctx.request;
    const stored = await storeContactReport(
      deps.sql,
      {
        contactId,
        telegramId: ctx.from.id,
        problem,
        reportedOn: localDay(receivedAt, settings.timeZone),
        createdAt: receivedAt,
        updateId: ctx.update.update_id,
      },
      reportNotification({ id: contactId, ...contact }, problem, ctx.from.id),
    );
    if (stored === undefined) {
      recordRefusal(ctx, 'Refused a second report of a contact the same day', { metadata });
      await sendHtml(ctx, escapeHtml(texts.alreadyReported));
      return;
    }
    // Stored by this update's earlier attempt, which the database dropped before it could answer: the
    // user is answered as that attempt would have.
    const { id: reportId } = stored;
    if (problem === 'other') {
      const prompt = await ctx.reply(texts.askComment, { reply_markup: { force_reply: true, input_field_placeholder: texts.commentPlaceholder } });
      ctx.request.replied = true;
      await setReportPrompt(deps.sql, reportId, { chatId: prompt.chat.id, messageId: prompt.message_id });
    } else {
      await sendHtml(ctx, escapeHtml(texts.thanks));
    }
    recordOutcome(ctx, 'INFO', `Reported a contact: ${CONTACT_PROBLEM_LABELS[problem].toLowerCase()}`, { metadata: { ...metadata, reportId, storedBefore: stored.storedBefore } });
  });

  composer.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message;
    if (!prompt || prompt.from?.id !== ctx.me.id) return next();
    // Claimed before the comment is written: a redelivered reply does not thank twice.
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    const added = await commentOnReport(deps.sql, {
      telegramId: ctx.from.id,
      chatId: ctx.chat.id,
      promptMessageId: prompt.message_id,
      comment: ctx.message.text.trim().slice(0, MAX_COMMENT_LENGTH),
    });
    if (!added) return next();
    await sendHtml(ctx, escapeHtml(reachTexts(ctx.request.language).commentThanks));
    recordOutcome(ctx, 'INFO', 'Added a comment to a report');
  });
  return composer;
}
