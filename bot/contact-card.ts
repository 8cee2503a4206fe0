import type { NearbyContact } from '../sql/contact-lookup.js';
import { escapeHtml } from '../api/contract/message-templates.js';
import { languageName, type LanguageCode } from '../api/contract/languages.js';
import { formatWallTime, type WallTime } from '../api/contract/opening-hours.js';
import { formatPhone } from '../api/contract/phone-numbers.js';
import { openingStateKept } from './opening-states.js';
import { OPENING_HOURS_TEXTS } from './locales/opening-hours.js';
import { reachTexts } from './locales/reach.js';
import { specialtyLabel } from './specialties.js';
import { spokenLanguageName } from './spoken-languages.js';

type DistanceFormats = { metres: Intl.NumberFormat; nearKm: Intl.NumberFormat; km: Intl.NumberFormat };
const distanceFormats = new Map<LanguageCode, DistanceFormats>();

/** "810 m", "3.7 km", "12 km" as the asker writes them: "3,7 km" in German, "810 м" in Ukrainian. */
function formatDistance(km: number, language: LanguageCode): string {
  let formats = distanceFormats.get(language);
  if (!formats) {
    const unit = (name: string, digits: number) => new Intl.NumberFormat(language, { style: 'unit', unit: name, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats = { metres: unit('meter', 0), nearKm: unit('kilometer', 1), km: unit('kilometer', 0) };
    distanceFormats.set(language, formats);
  }
  if (km < 1) return formats.metres.format(Math.round(km * 1000));
  return km < 10 ? formats.nearKm.format(km) : formats.km.format(Math.round(km));
}

/**
 * How to reach the contact, as its contact method says, with a link Telegram can open. The phone is
 * written in the international format ("+49 30 1234567"), as plain text: Telegram makes such a
 * number a phone_number entity, which a tap calls (the Bot API's HTML has no tel: links).
 */
function reachLine(contact: NearbyContact): string {
  const phone = escapeHtml(formatPhone(contact.phone));
  const username = (contact.telegramUsername ?? '').replace(/^@/, '');
  if (contact.contactMethod === 'telegram' && username) {
    return `💬 <a href="https://t.me/${encodeURIComponent(username)}">@${escapeHtml(username)}</a>`;
  }
  if (contact.contactMethod === 'whatsapp' || contact.isWhatsappOnly) {
    return `🟢 <a href="https://wa.me/${contact.phone.replace(/\D/g, '')}">WhatsApp ${phone}</a>`;
  }
  return `📞 ${phone}`;
}

/**
 * The contact's languages, named in the asker's language, theirs first and marked ✅ when the contact
 * speaks it: a sign, not a word, so the line reads the same in every language of the bot.
 */
function languagesLine(languages: string[], asker: LanguageCode | undefined): string {
  const named = (list: string[]) => escapeHtml((asker ? list.map((name) => spokenLanguageName(name, asker)) : list).join(', '));
  const spoken = asker ? languages.indexOf(languageName(asker)) : -1;
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
 * Whether the contact is open at the moment, in its own zone: "Open now · closes 18:00", "Closed ·
 * opens Mon 09:00", "Open 24/7"; hours that are not a schedule keep their text, marked not verified.
 */
function hoursLine(contact: NearbyContact, at: Date, language: LanguageCode): string {
  const texts = OPENING_HOURS_TEXTS[language];
  const day = (time: WallTime) => (time.weekAhead ? texts.nextWeek(weekdays(language)[time.weekday]!) : weekdays(language)[time.weekday]);
  const when = (time: WallTime) => `${time.sameDay ? '' : `${day(time)} `}${formatWallTime(time)}`;
  const state = openingStateKept(contact.hours, contact.timeZone, at);
  switch (state.kind) {
    case 'always':
      return `🕒 ${texts.always}`;
    case 'open':
      return `🕒 ${state.closes ? texts.openUntil(when(state.closes)) : texts.open}`;
    case 'closed':
      return `🕒 ${state.opens ? texts.closedUntil(when(state.opens)) : texts.closed}`;
    case 'unverified':
      return `🕒 ${escapeHtml(contact.availableHours)} (${texts.notVerified})`;
  }
}

/**
 * How far the contact is, and in which city; for a contact placed only by its city, just the city
 * ("in Berlin"): a distance to the city's centre would say "0 m" to someone standing there.
 */
function placeFact(contact: NearbyContact, language: LanguageCode): string {
  const city = contact.city ? escapeHtml(contact.city) : '';
  if (contact.locationApproximate && city) return `📍 ${reachTexts(language).inCity(city)}`;
  return `📏 ${formatDistance(contact.distanceKm, language)}${city ? ` · ${city}` : ''}`;
}

export interface ContactCardOptions {
  /** The asker's language: the card marks it among the contact's, and says the hours in it. */
  language?: LanguageCode;
  /** The moment the answer is for (the update's receipt): the hours say whether the contact is open then. */
  at?: Date;
}

/**
 * One contact of an answer: name (⭐ for a Master of Medicine, whom the answer's heading introduces),
 * specialty, how to reach them, distance (or the city alone), hours, languages, instructions.
 */
export function formatContact(contact: NearbyContact, position: number, options: ContactCardOptions = {}): string {
  const specialty = contact.specialty && (options.language ? specialtyLabel(contact.specialty, options.language) : contact.specialty);
  const title = `<b>${position}. ${contact.isMasterOfMedicine ? '⭐ ' : ''}${escapeHtml(contact.name)}</b>${specialty ? ` · ${escapeHtml(specialty)}` : ''}`;
  const facts = [placeFact(contact, options.language ?? 'en')];
  if (contact.availableHours) facts.push(options.at ? hoursLine(contact, options.at, options.language ?? 'en') : `🕒 ${escapeHtml(contact.availableHours)}`);
  if (contact.languages.length) facts.push(languagesLine(contact.languages, options.language));
  const lines = [title, reachLine(contact), facts.join(' · ')];
  if (contact.specialInstructions) lines.push(`ℹ️ ${escapeHtml(contact.specialInstructions)}`);
  return lines.join('\n');
}
