import type { InlineKeyboardButton } from 'grammy/types';
import type { LanguageCode } from '../api/contract/languages.js';
import type { NearbyContact, Point } from '../sql/contact-lookup.js';

/** The 📍 button of a contact: the bot sends its place as a venue. */
export const VENUE_CALLBACK = /^venue:(\d+)$/;
/** "Report a problem" under an answer: the user then chooses one of the answer's contacts. */
export const REPORT_CALLBACK = 'report';

/** The buttons of one contact of an answer, in one row under it. */
export function contactButtons(contact: NearbyContact, position: number, _origin: Point): InlineKeyboardButton[] {
  return [{ text: `${position} · 📍`, callback_data: `venue:${contact.id}` }];
}

/** The last row of an answer. */
export function reportButton(_language: LanguageCode): InlineKeyboardButton {
  return { text: '⚠️ Report a problem', callback_data: REPORT_CALLBACK };
}
