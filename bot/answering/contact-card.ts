import type { ContactDetails, NearbyContact, Point } from './contact-lookup.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { spokenLanguageName } from '../../api/contract/spoken-languages.js';
import { formatWallTime, type WallTime } from '../../api/contract/opening-hours.js';
import { formatPhone } from '../../api/contract/phone-numbers.js';
import { openingStateKept } from './opening-states.js';
import { OPENING_HOURS_TEXTS } from '../locales/opening-hours.js';
import { KNOWN_TAXONOMY, type SpecialtyTaxonomy } from '../../api/contract/specialties.js';
import { reachTexts } from '../locales/reach.js';
import { FRESHNESS_TEXTS, type Age } from '../locales/freshness.js';
import { CHECKED_BY } from '../../sql/contact-directory.js';

type DistanceFormats = { metres: Intl.NumberFormat; nearKm: Intl.NumberFormat; km: Intl.NumberFormat };
const distanceFormats = new Map<LanguageCode, DistanceFormats>();

/** "810 m", "3.7 km", "12 km" as the asker writes them: "3,7 km" in German, "810 м" in Ukrainian. */
export function formatDistance(km: number, language: LanguageCode): string {
  let formats = distanceFormats.get(language);
  if (!formats) {
    const unit = (name: string, digits: number) => new Intl.NumberFormat(language, { style: 'unit', unit: name, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats = { metres: unit('meter', 0), nearKm: unit('kilometer', 1), km: unit('kilometer', 0) };
    distanceFormats.set(language, formats);
  }
  if (km < 1) return formats.metres.format(Math.round(km * 1000));
  return km < 10 ? formats.nearKm.format(km) : formats.km.format(Math.round(km));
}

/** Phones as cards write them, by stored number, the most recently formatted kept last. */
const cardPhones = new Map<string, string>();
/** Enough for the contacts a busy hour's answers show again; a bound, so a directory of millions does not fill it. */
const KEPT_CARD_PHONES = 20_000;

/**
 * A stored phone formatted and escaped for a card. Formatting is a libphonenumber parse, a sixth of the
 * CPU time of a whole answer (bench/ceiling.ts, profiled), and the same contacts come back answer
 * after answer.
 */
function cardPhone(stored: string): string {
  const kept = cardPhones.get(stored);
  if (kept !== undefined) return kept;
  const phone = escapeHtml(formatPhone(stored));
  cardPhones.set(stored, phone);
  if (cardPhones.size > KEPT_CARD_PHONES) cardPhones.delete(cardPhones.keys().next().value!);
  return phone;
}

/**
 * How to reach the contact, as its contact method says, with a link Telegram can open. The phone is
 * written in the international format ("+49 30 1234567"), as plain text: Telegram makes such a
 * number a phone_number entity, which a tap calls (the Bot API's HTML has no tel: links).
 */
function reachLine(contact: NearbyContact): string {
  const username = (contact.telegramUsername ?? '').replace(/^@/, '');
  if (contact.contactMethod === 'telegram' && username) {
    return `💬 <a href="https://t.me/${encodeURIComponent(username)}">@${escapeHtml(username)}</a>`;
  }
  const phone = cardPhone(contact.phone);
  if (contact.contactMethod === 'whatsapp' || contact.isWhatsappOnly) {
    return `🟢 <a href="https://wa.me/${contact.phone.replace(/\D/g, '')}">WhatsApp ${phone}</a>`;
  }
  return `📞 ${phone}`;
}

/**
 * The links after how to reach the contact: its Telegram, when it is reached otherwise but has a
 * username, and the route from the asker's point (none to a contact placed by its city alone: it
 * would lead to the city's centre, not to the contact).
 */
function links(contact: NearbyContact, options: ContactCardOptions, language: LanguageCode): string {
  const username = (contact.telegramUsername ?? '').replace(/^@/, '');
  const telegram = username && contact.contactMethod !== 'telegram' ? ` · 💬 <a href="https://t.me/${encodeURIComponent(username)}">Telegram</a>` : '';
  const route = options.routeTo && !contact.locationApproximate ? ` · 🧭 <a href="${escapeHtml(options.routeTo(contact))}">${escapeHtml(reachTexts(language).route)}</a>` : '';
  return `${telegram}${route}`;
}

/**
 * The contact's languages (ISO 639-1 codes, as the bot's own), named in the asker's language, theirs
 * first and marked ✅ when the contact speaks it: a sign, not a word, so the line reads the same in
 * every language of the bot.
 */
function languagesLine(languages: string[], asker: LanguageCode | undefined): string {
  const named = (list: string[]) => escapeHtml(list.map((code) => spokenLanguageName(code, asker)).join(', '));
  const spoken = asker ? languages.indexOf(asker) : -1;
  if (spoken < 0) return `🗣 ${named(languages)}`;
  const others = languages.filter((_, index) => index !== spoken);
  return `🗣 ✅ ${named([languages[spoken]!, ...others])}`;
}

/** A Sunday (UTC): the weekday names are read from the days after it. */
const SUNDAY = Date.UTC(2026, 0, 4);
const weekdayNames = new Map<LanguageCode, string[]>();

/** The short weekday names of a language, Sunday first, as Intl writes them ("Mon", "пн"). */
function weekdays(language: LanguageCode): string[] {
  let names = weekdayNames.get(language);
  if (!names) {
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    names = Array.from({ length: 7 }, (_, day) => format.format(SUNDAY + day * 86_400_000));
    weekdayNames.set(language, names);
  }
  return names;
}

/**
 * Whether the contact is open at the moment, in its own zone, the first thing its card says: "🟢 Open
 * until 18:00", "🔴 Closed · opens Mon 09:00", "🟢 Open 24/7"; hours that are not a schedule keep
 * their text, marked not verified. Plain text: the card escapes it, the Mini App shows it as it is.
 */
export function openingLine(contact: ContactDetails, at: Date, language: LanguageCode): string {
  const texts = OPENING_HOURS_TEXTS[language];
  const day = (time: WallTime) => (time.weekAhead ? texts.nextWeek(weekdays(language)[time.weekday]!) : weekdays(language)[time.weekday]);
  const when = (time: WallTime) => `${time.sameDay ? '' : `${day(time)} `}${formatWallTime(time)}`;
  const state = openingStateKept(contact.hours, contact.timeZone, at);
  switch (state.kind) {
    case 'always':
      return `🟢 ${texts.always}`;
    case 'open':
      return `🟢 ${state.closes ? texts.openUntil(when(state.closes)) : texts.open}`;
    case 'closed':
      return `🔴 ${state.opens ? texts.closedUntil(when(state.opens)) : texts.closed}`;
    case 'unverified':
      return `🕒 ${contact.availableHours} (${texts.notVerified})`;
  }
}

/**
 * How far the contact is, and in which city; for a contact placed only by its city, just the city
 * ("in Berlin"): a distance to the city's centre would say "0 m" to someone standing there. A card shown
 * apart from a search (`withoutDistance`) has no one to measure from.
 */
function placeFact(contact: NearbyContact, language: LanguageCode, withoutDistance: boolean): string {
  const city = contact.city ? escapeHtml(contact.city) : '';
  if ((contact.locationApproximate || withoutDistance) && city) return `📍 ${reachTexts(language).inCity(city)}`;
  return `📏 ${formatDistance(contact.distanceKm, language)}${city ? ` · ${city}` : ''}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago a moment was, in the unit a reader counts such a time in: days for two weeks, weeks
 * up to two months, months up to two years, years beyond; each count rounded down, so "2 months"
 * is never said of 59 days.
 */
export function contactAge(since: number, at: Date): Age {
  const days = Math.max(0, Math.floor((at.getTime() - since) / DAY_MS));
  if (days < 14) return { unit: 'day', count: days };
  if (days < 61) return { unit: 'week', count: Math.floor(days / 7) };
  if (days < 730) return { unit: 'month', count: Math.floor(days / 30.4375) };
  return { unit: 'year', count: Math.floor(days / 365.25) };
}

/**
 * The card's last line: how fresh its details are, so that a number checked last week reads apart
 * from one nobody confirmed for months. Counted from the last verification that confirmed them
 * (verifiedSince, as hiding counts), overdue past the cycle as the console's due mark is
 * (reverifyCutoff, sql/medical-contacts.ts).
 */
export function freshnessLine(contact: ContactDetails, at: Date, reverifyAfterDays: number, language: LanguageCode): string {
  const texts = FRESHNESS_TEXTS[language];
  if (contact.checkedBy === CHECKED_BY.nobody) return texts.never;
  const age = contactAge(contact.verifiedSince, at);
  if (contact.verifiedSince < at.getTime() - reverifyAfterDays * DAY_MS) return texts.overdue(age);
  return contact.checkedBy === CHECKED_BY.contact ? texts.checkedByContact(age) : texts.checked(age);
}

export interface ContactCardOptions {
  /** The asker's language: the card marks it among the contact's, and says the hours in it. */
  language?: LanguageCode;
  /** The moment the answer is for (the update's receipt): the hours say whether the contact is open then. */
  at?: Date;
  /** The route from the asker's point to a contact (directionsFrom): the card links it. */
  routeTo?: (to: Point) => string;
  /** Names the specialty in the asker's language: the directory's, with the specialties staff added; else the known ones. */
  taxonomy?: SpecialtyTaxonomy;
  /** The card of a contact shown apart from any search (its own listing, to the contact): no number, no distance. */
  alone?: boolean;
  /** System Settings' "Re-verify every N days": with `at`, the card ends with how fresh its details are. */
  reverifyAfterDays?: number;
}

/**
 * One contact of an answer: name (⭐ for a Master of Medicine, whom the answer's heading introduces) and
 * specialty, whether it is open, how to reach them and the route there, distance (or the city alone),
 * languages, instructions, and when its details were last checked.
 */
export function formatContact(contact: NearbyContact, position: number, options: ContactCardOptions = {}): string {
  const language = options.language ?? 'en';
  const specialty = contact.specialty && (options.language ? (options.taxonomy ?? KNOWN_TAXONOMY).label(contact.specialty, options.language) : contact.specialty);
  const number = options.alone ? '' : `${position}. `;
  const title = `<b>${number}${contact.isMasterOfMedicine ? '⭐ ' : ''}${escapeHtml(contact.name)}</b>${specialty ? ` · ${escapeHtml(specialty)}` : ''}`;
  const lines = [title];
  if (contact.availableHours) lines.push(options.at ? escapeHtml(openingLine(contact, options.at, language)) : `🕒 ${escapeHtml(contact.availableHours)}`);
  lines.push(`${reachLine(contact)}${links(contact, options, language)}`);
  const facts = [placeFact(contact, language, options.alone ?? false)];
  if (contact.languages.length) facts.push(languagesLine(contact.languages, options.language));
  lines.push(facts.join(' · '));
  if (contact.specialInstructions) lines.push(`ℹ️ ${escapeHtml(contact.specialInstructions)}`);
  if (options.at && options.reverifyAfterDays !== undefined) lines.push(freshnessLine(contact, options.at, options.reverifyAfterDays, language));
  return lines.join('\n');
}

/**
 * The open contact an answer brings into sight after a page of closed ones (answerPage), led by why it
 * is there: "🟢 Open now, 836 m".
 */
export function formatOpenInSight(contact: NearbyContact, position: number, options: ContactCardOptions = {}): string {
  const language = options.language ?? 'en';
  const why = OPENING_HOURS_TEXTS[language].openInSight(formatDistance(contact.distanceKm, language));
  return `🟢 <b>${escapeHtml(why)}</b>\n${formatContact(contact, position, options)}`;
}
