import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import type { LanguageCode } from '../../api/contract/languages.js';
import type { NearbyContact } from './contact-lookup.js';
import { shownContacts, type AnswerPage } from './answer-page.js';
import { reportButton, venueButton } from './contact-buttons.js';
import { ANSWER_BUTTON_TEXTS } from '../locales/answer-buttons.js';
import { FIND_TEXTS } from '../locales/find.js';
import { searchStateEncoder, type ButtonAction, type SearchState } from './search-state.js';
import type { SpecialtyCount } from './search-filters.js';
import { isSpecialty, specialtyKey } from './specialties.js';
import type { SpecialtyTaxonomy } from '../../api/contract/specialties.js';
import { WAYS_IN_TEXTS } from '../locales/ways-in.js';
import { miniAppLink, NEAR_PREFIX, nearPayload } from './map-links.js';

/** Specialty buttons beyond this crowd a phone's screen: the most common nearby are offered. */
const MAX_SPECIALTY_BUTTONS = 8;
/**
 * A row of an answer's keyboard on a phone 375 px wide holds about this many characters: a longer name
 * is shortened, ending in "…", rather than cut anywhere by the app. The Bot Sandbox's test at that
 * width holds every label of every language to its button (test/e2e/answer-keyboard.test.ts).
 */
const ROW_CHARACTERS = 28;

function fitted(label: string, characters = ROW_CHARACTERS): string {
  const letters = Array.from(label);
  return letters.length <= characters ? label : `${letters.slice(0, characters - 1).join('').trimEnd()}…`;
}

function searchButtons(search: SearchState) {
  const encode = searchStateEncoder(search);
  return (text: string, state: Pick<SearchState, 'specialtyKey' | 'openNow' | 'offset'>, action?: ButtonAction): InlineKeyboardButton => ({ text, callback_data: encode(state, action) });
}

export interface AnswerKeyboardInput {
  page: AnswerPage;
  /** The search this answer is (its offset: the contacts before this page). */
  search: SearchState;
  /** The directory's name of the specialty narrowed to, if any. */
  specialty: string | null;
  /** Specialties lie near the point: there is something to choose. */
  hasSpecialties: boolean;
  language: LanguageCode;
  /** Names the specialties in the user's language (the directory's, with those staff added). */
  taxonomy: SpecialtyTaxonomy;
  /** The specialty was not chosen here but asked for before the location: its row offers every specialty instead. */
  offerAll?: boolean;
  /** Where the 🗺 Map button goes; none without a Mini App. */
  map?: MapButtonTarget;
}

/** Where an answer's 🗺 Map button goes. */
export interface MapButtonTarget {
  /** The Mini App's address (MINI_APP_URL). */
  miniAppUrl: string;
  /** Telegram opens web_app buttons only in private chats: elsewhere the button opens the private chat instead. */
  privateChat: boolean;
  botUsername: string;
}

/**
 * 🗺 Map: in a private chat a web_app button opening the Mini App on the answer's point and filters; in a
 * group, where Telegram refuses web_app buttons, a link to the private chat with the answer's `near_`
 * payload, which answers there with the same filters and its own 🗺 Map button (map-links.ts `nearPayload`).
 */
function mapButton(target: MapButtonTarget, search: SearchState, language: LanguageCode): InlineKeyboardButton {
  const text = WAYS_IN_TEXTS[language].mapButton;
  if (target.privateChat) return { text, web_app: { url: miniAppLink(target.miniAppUrl, search) } };
  return { text, url: `https://t.me/${target.botUsername}?start=${NEAR_PREFIX}${nearPayload(search)}` };
}

/**
 * The keyboard under an answer, one button a row and at most six: 🗺 Map (the Mini App, when there is one),
 * 📍 Show on map (the contacts as venues, in a choice), the specialty (a choice; the chosen one named, ticked), Open now (a toggle) and
 * More results, and last Report a problem. Narrowing starts again from the first contact; More results
 * keeps the filters. How to reach each contact is in its card, as links. An answer narrowed to the
 * specialty asked for before the location offers "All specialties" in the specialty's row.
 */
export function answerKeyboard(input: AnswerKeyboardInput): InlineKeyboardMarkup {
  const { page, search, specialty, hasSpecialties, language, taxonomy, offerAll = false, map } = input;
  const texts = FIND_TEXTS[language];
  const words = ANSWER_BUTTON_TEXTS[language];
  const button = searchButtons(search);
  const shown = shownContacts(page).length;
  const rows: InlineKeyboardButton[][] = [];
  if (shown > 0 && map) rows.push([mapButton(map, search, language)]);
  if (shown > 0) rows.push([button(words.showOnMap, search, 'map')]);
  if (offerAll) {
    rows.push([button(texts.allSpecialtiesButton, { ...search, specialtyKey: null, offset: 0 })]);
  } else if (specialty !== null || hasSpecialties) {
    rows.push([button(specialty === null ? words.specialty : `✓ ${fitted(taxonomy.label(specialty, language), ROW_CHARACTERS - 4)} ▾`, search, 'specialties')]);
  }
  // Narrowing an answer that found nothing finds nothing: there Open now is offered only to be switched off.
  if (shown > 0 || search.openNow) rows.push([button(search.openNow ? `✓ ${texts.openNowButton}` : texts.openNowButton, { ...search, openNow: !search.openNow, offset: 0 })]);
  if (page.hasMore) rows.push([button(texts.moreResultsButton, { ...search, offset: search.offset + page.contacts.length })]);
  // Only contacts shown can be reported: an answer that found none has nothing to tell us about.
  if (shown > 0) rows.push([reportButton(language)]);
  return { inline_keyboard: rows };
}

export interface SpecialtyChoiceInput {
  search: SearchState;
  specialty: string | null;
  nearby: SpecialtyCount[];
  language: LanguageCode;
  /** Names the specialties in the user's language (the directory's, with those staff added). */
  taxonomy: SpecialtyTaxonomy;
}

/**
 * The specialties among the nearby contacts with their counts, one a row in place of the answer's
 * keyboard (a name read whole, in any language): the chosen one first, ticked (pressing it again widens
 * the search back), then the most contacts first; named in the user's language, keyed by the
 * directory's name. ◀ Back returns to the answer's keyboard.
 */
export function specialtyChoice({ search, specialty, nearby, language, taxonomy }: SpecialtyChoiceInput): InlineKeyboardMarkup {
  const button = searchButtons(search);
  const isChosen = (name: string) => specialty !== null && isSpecialty(name, specialty);
  // The chosen one stays offered, with its count 0, when none of it is near: pressing it widens the search.
  const chosen = specialty === null ? [] : [nearby.find(({ specialty: name }) => isChosen(name)) ?? { specialty, count: 0 }];
  const offered = [...chosen, ...nearby.filter(({ specialty: name }) => !isChosen(name))].slice(0, MAX_SPECIALTY_BUTTONS);
  const buttons = offered.map(({ specialty: name, count }) => {
    const label = `${fitted(taxonomy.label(name, language), ROW_CHARACTERS - 8)} · ${count}`;
    return isChosen(name) ? button(`✓ ${label}`, { ...search, specialtyKey: null, offset: 0 }) : button(label, { ...search, specialtyKey: specialtyKey(name), offset: 0 });
  });
  return { inline_keyboard: [...buttons.map((one) => [one]), [button(ANSWER_BUTTON_TEXTS[language].back, search, 'keyboard')]] };
}

export interface MapChoiceInput {
  /** The contacts the answer shows, as numbered in it from `firstPosition`. */
  contacts: NearbyContact[];
  firstPosition: number;
  search: SearchState;
  language: LanguageCode;
}

/**
 * The answer's contacts, one a row as its cards number them, in place of the answer's keyboard: a press
 * sends that contact as a venue. ◀ Back returns to the answer's keyboard.
 */
export function mapChoice({ contacts, firstPosition, search, language }: MapChoiceInput): InlineKeyboardMarkup {
  const rows = contacts.map((contact, index) => [venueButton(contact, fitted(`📍 ${firstPosition + index} · ${contact.name}`))]);
  return { inline_keyboard: [...rows, [searchButtons(search)(ANSWER_BUTTON_TEXTS[language].back, search, 'keyboard')]] };
}
