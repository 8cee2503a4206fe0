import { GrammyError, type Api } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { getSystemSettings } from '../../sql/settings.js';
import { loadSpecialtyTaxonomy } from '../../sql/specialties.js';
import { markTelegramUserUnreachable } from '../../sql/bot-users.js';
import { dueReminders, markReminded } from '../../sql/contact-self-confirmation.js';
import { findListing, listingQuestion } from '../answering/listing-question.js';
import { openingStateKept } from '../answering/opening-states.js';

export interface ConfirmationReminderDeps {
  sql: Sql;
  api: Pick<Api, 'sendMessage'>;
  /** Waits for a slot of the broadcasts' rate (BroadcastSender.pace): reminders share it with the broadcasts. */
  pace: () => Promise<void>;
  onError: (error: unknown) => void;
}

/**
 * Asks each linked account whose contact is due again (reverifyAfterDays of System Settings since its
 * last verification) "Is this still right?" under its card, as the link did (docs/bot.md "Contacts
 * confirm their own listing"): at most one question a day per account, paced with the broadcasts, and
 * not while the contact is closed by its hours, when it has hours the bot can read; the next run asks
 * then. A periodic job of the leader runs it (scripts/product.ts). Returns how many were sent.
 */
export async function sendConfirmationReminders(deps: ConfirmationReminderDeps, at: Date): Promise<number> {
  const { sql } = deps;
  const settings = await getSystemSettings(sql);
  const due = await dueReminders(sql, at, settings.reverifyAfterDays);
  if (due.length === 0) return 0;
  const taxonomy = await loadSpecialtyTaxonomy(sql);
  const asked = new Set<number>();
  for (const reminder of due) {
    if (asked.has(reminder.telegramId)) continue;
    const listing = await findListing(sql, reminder.contactId, settings.timeZone);
    if (!listing || openingStateKept(listing.hours, listing.timeZone, at).kind === 'closed') continue;
    const question = listingQuestion(listing, { language: reminder.language, at, taxonomy, reverifyAfterDays: settings.reverifyAfterDays, lead: 'reminder' });
    await deps.pace();
    try {
      await deps.api.sendMessage(reminder.telegramId, question.html, { parse_mode: 'HTML', reply_markup: question.keyboard, link_preview_options: { is_disabled: true } });
    } catch (error) {
      // A user who blocked the bot is not asked again, as after a broadcast; another failure is tried at the next run.
      if (error instanceof GrammyError && error.error_code === 403) await markTelegramUserUnreachable(sql, reminder.telegramId);
      else deps.onError(error);
      continue;
    }
    await markReminded(sql, reminder.contactId, reminder.telegramId, at);
    asked.add(reminder.telegramId);
  }
  return asked.size;
}
