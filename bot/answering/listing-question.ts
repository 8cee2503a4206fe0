import { InlineKeyboard } from 'grammy';
import tzLookup from '@photostructure/tz-lookup';
import type { Sql } from '../../sql/database.js';
import { findListedContact } from '../../sql/contact-directory.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { parseOpeningHours } from '../../api/contract/opening-hours.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import type { SpecialtyTaxonomy } from '../../api/contract/specialties.js';
import { selfConfirmationTexts } from '../locales/self-confirmation.js';
import { formatContact } from './contact-card.js';
import type { NearbyContact } from './contact-lookup.js';

/** ✅ All correct, for contact N. */
export const CONFIRM_LISTING_CALLBACK = /^sc:ok:(\d+)$/;
/** ✏️ Something changed, for contact N: the bot asks what. */
export const CHANGED_LISTING_CALLBACK = /^sc:chg:(\d+)$/;

/** A contact's own listing as its card shows it, with what its opening hours need: the zone they are read in. */
export type Listing = NearbyContact & { isActive: boolean };

/**
 * The contact as the bot's users see it, read apart from the directory the bot searches (the listing
 * may be inactive, or have no coordinates): its hours are read in the zone of its coordinates, or the
 * directory's zone (`fallbackZone`, System Settings) without them.
 */
export async function findListing(sql: Sql, contactId: number, fallbackZone: string): Promise<Listing | undefined> {
  const contact = await findListedContact(sql, contactId);
  if (!contact) return undefined;
  const { latitude, longitude } = contact;
  const placed = latitude !== null && longitude !== null;
  return {
    ...contact,
    latitude: latitude ?? 0,
    longitude: longitude ?? 0,
    timeZone: placed ? tzLookup(latitude, longitude) : fallbackZone,
    hours: contact.availableHours ? parseOpeningHours(contact.availableHours) : null,
    distanceKm: 0,
  };
}

/**
 * "Is this still right?" under the contact's card, in the reader's language, with ✅ All correct and
 * ✏️ Something changed: what the bot asks when the link is opened (`lead` intro) and after each cycle
 * (reminder, which also says how to stop).
 */
export function listingQuestion(
  listing: Listing,
  options: { language: LanguageCode; at: Date; taxonomy: SpecialtyTaxonomy; reverifyAfterDays: number; lead: 'intro' | 'reminder' },
): { html: string; keyboard: InlineKeyboard } {
  const texts = selfConfirmationTexts(options.language);
  const card = formatContact(listing, 1, {
    language: options.language,
    at: options.at,
    taxonomy: options.taxonomy,
    reverifyAfterDays: options.reverifyAfterDays,
    alone: true,
  });
  const parts = [escapeHtml(texts[options.lead]), card, `<b>${escapeHtml(texts.question)}</b>`];
  if (options.lead === 'reminder') parts.push(escapeHtml(texts.stopHint));
  const keyboard = new InlineKeyboard().text(texts.allCorrect, `sc:ok:${listing.id}`).text(texts.somethingChanged, `sc:chg:${listing.id}`);
  return { html: parts.join('\n\n'), keyboard };
}
