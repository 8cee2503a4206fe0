import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import type { LanguageCode } from '../api/contract/languages.js';
import type { NearbyContact } from '../sql/contact-lookup.js';
import { contactButtons, directionsFrom, reportButton } from './contact-buttons.js';
import { FIND_TEXTS } from './locales/find.js';
import { searchStateEncoder, type SearchState } from './search-state.js';
import type { SpecialtyCount } from './search-filters.js';
import { isSpecialty, specialtyKey, specialtyLabel } from './specialties.js';

/** Telegram's most buttons on one message. */
const MAX_BUTTONS = 100;
/** Specialty buttons beyond this crowd a phone's screen: the most common nearby are offered. */
const MAX_SPECIALTY_BUTTONS = 8;
const SPECIALTIES_PER_ROW = 2;

export interface AnswerKeyboardInput {
  /** The contacts of the answer, as numbered in it from `firstPosition`. */
  contacts: NearbyContact[];
  firstPosition: number;
  /** The search this answer is (its offset: the contacts before this page). */
  search: SearchState;
  /** The directory's name of the specialty narrowed to, if any. */
  specialty: string | null;
  nearby: SpecialtyCount[];
  /** More contacts of the same search lie within the radius. */
  hasMore: boolean;
  /** The specialty was not chosen here but asked for before the location: a button offers every specialty. */
  offerAll?: boolean;
  language: LanguageCode;
}

/**
 * The buttons under an answer: each contact's row, then the nearby specialties with their counts (the
 * chosen one ticked: pressing it again widens the search back; named in the user's language, keyed by
 * the directory's name; "All specialties" first when the specialty was asked for before the location), then
 * Open now and More results, and last Report a problem. Narrowing starts again from the first contact; More
 * results keeps the filters.
 */
export function answerKeyboard(input: AnswerKeyboardInput): InlineKeyboardMarkup {
  const { contacts, firstPosition, search, specialty, nearby, hasMore, offerAll = false, language } = input;
  const texts = FIND_TEXTS[language];
  const routeTo = directionsFrom(search.point);
  const rows: InlineKeyboardButton[][] = contacts.map((contact, index) => contactButtons(contact, firstPosition + index, routeTo, language)).filter((row) => row.length > 0);
  const used = rows.flat().length;

  const encode = searchStateEncoder(search);
  const button = (text: string, state: SearchState): InlineKeyboardButton => ({ text, callback_data: encode(state) });
  const fixed: InlineKeyboardButton[] = [];
  // Narrowing an answer that found nothing finds nothing: there Open now is offered only to be switched off.
  if (contacts.length > 0 || search.openNow) fixed.push(button(search.openNow ? `✓ ${texts.openNowButton}` : texts.openNowButton, { ...search, openNow: !search.openNow, offset: 0 }));
  if (hasMore) fixed.push(button(texts.moreResultsButton, { ...search, offset: search.offset + contacts.length }));

  // The chosen specialty stays offered, ticked, when none of it is near: pressing it widens the search.
  const chosenAbsent = specialty !== null && !nearby.some(({ specialty: name }) => isSpecialty(name, specialty));
  const offered = chosenAbsent ? [{ specialty, count: 0 }, ...nearby] : nearby;
  if (offerAll) rows.push([button(texts.allSpecialtiesButton, { ...search, specialtyKey: null, offset: 0 })]);
  const room = Math.max(0, Math.min(MAX_SPECIALTY_BUTTONS, MAX_BUTTONS - used - fixed.length - 1 - (offerAll ? 1 : 0)));
  const specialtyButtons = offered.slice(0, room).map(({ specialty: name, count }) => {
    const chosen = specialty !== null && isSpecialty(name, specialty);
    return button(`${chosen ? '✓ ' : ''}${specialtyLabel(name, language)} · ${count}`, { ...search, specialtyKey: chosen ? null : specialtyKey(name), offset: 0 });
  });
  for (let start = 0; start < specialtyButtons.length; start += SPECIALTIES_PER_ROW) rows.push(specialtyButtons.slice(start, start + SPECIALTIES_PER_ROW));
  if (fixed.length > 0) rows.push(fixed);
  // Only contacts shown can be reported: an answer that found none has nothing to tell us about.
  if (contacts.length > 0) rows.push([reportButton(language)]);
  return { inline_keyboard: rows };
}
