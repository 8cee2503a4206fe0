import type { LanguageCode } from './languages.js';
import { LEAVE_OUT_LINE, type TemplateValues, type UserPlaceholder } from './message-templates.js';
import { formatCountIn, type PluralForms } from './plural.js';
import { nextMidnight } from './time-zone.js';

/** Who a reply is for, as the bot and the template preview know them. */
export interface ReplyRecipient {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/**
 * The placeholders every reply can use: who the user is and where their daily allowance stands.
 * The bot's replies and the console's template preview both compute them here, so they agree.
 */
export function replyValues(input: {
  user: ReplyRecipient | undefined;
  /** The user's daily limit; null means unlimited. */
  dailyLimit: number | null;
  /** Requests the user made today. */
  used: number;
  now: Date;
  timeZone: string;
  /** The language the reply is in (default English): "unlimited" and the time until midnight are written in it. */
  language?: LanguageCode;
}): Record<UserPlaceholder, TemplateValues[string]> {
  const { user, dailyLimit, used, now, timeZone, language = 'en' } = input;
  const unlimited = UNLIMITED[language];
  // The count starts again at midnight in the zone of the System Settings.
  const resetTime = formatDurationIn(language, nextMidnight(now, timeZone).getTime() - now.getTime());
  const allowance = dailyLimit === null ? undefined : { left: Math.max(dailyLimit - used, 0), limit: dailyLimit, nextIn: resetTime };
  return {
    first_name: user?.firstName,
    last_name: user?.lastName,
    username: user?.username,
    daily_limit: dailyLimit ?? unlimited,
    // "Searches left today: unlimited of unlimited." says nothing: such lines are left out.
    remaining: allowance ? allowance.left : LEAVE_OUT_LINE,
    reset_time: resetTime,
    searches_left: allowance ? searchesLeftIn(language, allowance) : LEAVE_OUT_LINE,
  };
}

/** How a language says the searches left: the noun's forms, the count it follows, and the sentence. */
interface SearchesLeftWords {
  searches: PluralForms;
  /** English and German count the allowance ("0 of 3 searches"), the others what is left ("0 пошуків з 3"). */
  nounAfter: 'left' | 'limit';
  /** Both counts, one with its noun, and the wait when none is left. */
  sentence: (left: string, limit: string, next: string | undefined) => string;
}

const SEARCHES_LEFT: Record<LanguageCode, SearchesLeftWords> = {
  en: { searches: { one: 'search', other: 'searches' }, nounAfter: 'limit', sentence: (left, limit, next) => `${left} of ${limit} left today${next ? `; the next in ${next}` : ''}` },
  uk: {
    searches: { one: 'пошук', few: 'пошуки', many: 'пошуків', other: 'пошуку' },
    nounAfter: 'left',
    sentence: (left, limit, next) => `У вас ${left} з ${limit} на сьогодні${next ? `; наступний — через ${next}` : ''}`,
  },
  pl: {
    searches: { one: 'wyszukiwanie', few: 'wyszukiwania', many: 'wyszukiwań', other: 'wyszukiwania' },
    nounAfter: 'left',
    sentence: (left, limit, next) => `Na dziś masz ${left} z ${limit}${next ? `; następne za ${next}` : ''}`,
  },
  de: { searches: { one: 'Suche', other: 'Suchen' }, nounAfter: 'limit', sentence: (left, limit, next) => `${left} von ${limit} heute übrig${next ? `; die nächste in ${next}` : ''}` },
  fr: {
    searches: { one: 'recherche', other: 'recherches' },
    nounAfter: 'left',
    sentence: (left, limit, next) => `Il vous reste ${left} sur ${limit} aujourd’hui${next ? `\u00a0; la prochaine dans ${next}` : ''}`,
  },
  es: { searches: { one: 'búsqueda', other: 'búsquedas' }, nounAfter: 'left', sentence: (left, limit, next) => `Hoy tiene ${left} de ${limit}${next ? `; la siguiente dentro de ${next}` : ''}` },
  it: { searches: { one: 'ricerca', other: 'ricerche' }, nounAfter: 'left', sentence: (left, limit, next) => `Per oggi hai ${left} su ${limit}${next ? `; la prossima tra ${next}` : ''}` },
  pt: { searches: { one: 'busca', other: 'buscas' }, nounAfter: 'left', sentence: (left, limit, next) => `Hoje você tem ${left} de ${limit}${next ? `; a próxima em ${next}` : ''}` },
};

/**
 * "2 of 3 searches left today", "0 of 3 searches left today; the next in 4 h 31 min": the searches left
 * of the day's allowance, the noun in the form its count takes, and, with none left, how long until the
 * count starts again (`nextIn`, written as reset_time is). A sentence of its own, without its full stop.
 */
export function searchesLeftIn(language: LanguageCode, { left, limit, nextIn }: { left: number; limit: number; nextIn: string }): string {
  const words = SEARCHES_LEFT[language];
  const written = (count: number, noun: boolean) => (noun ? formatCountIn(language, count, words.searches) : count.toLocaleString(language));
  return words.sentence(written(left, words.nounAfter === 'left'), written(limit, words.nounAfter === 'limit'), left === 0 ? nextIn : undefined);
}

/** "5 h 12 min", "48 min": how long until something happens. */
export function formatDuration(ms: number): string {
  const totalMinutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** The word for no daily limit, as it stands in place of a number ("Searches a day: unlimited"). */
const UNLIMITED: Record<LanguageCode, string> = {
  en: 'unlimited',
  uk: 'без обмежень',
  pl: 'bez limitu',
  de: 'unbegrenzt',
  fr: 'illimité',
  es: 'ilimitado',
  it: 'illimitato',
  pt: 'ilimitado',
};

/**
 * Hours and minutes spelled out with their plural forms, as they read after "in" (Ukrainian "через",
 * Polish "za" take the accusative: "через 1 годину", "za 1 godzinę"). English keeps its short "5 h 12 min".
 */
const DURATION_WORDS: Record<Exclude<LanguageCode, 'en'>, { hours: PluralForms; minutes: PluralForms }> = {
  uk: { hours: { one: 'годину', few: 'години', many: 'годин', other: 'години' }, minutes: { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' } },
  pl: { hours: { one: 'godzinę', few: 'godziny', many: 'godzin', other: 'godziny' }, minutes: { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' } },
  de: { hours: { one: 'Stunde', other: 'Stunden' }, minutes: { one: 'Minute', other: 'Minuten' } },
  fr: { hours: { one: 'heure', other: 'heures' }, minutes: { one: 'minute', other: 'minutes' } },
  es: { hours: { one: 'hora', other: 'horas' }, minutes: { one: 'minuto', other: 'minutos' } },
  it: { hours: { one: 'ora', other: 'ore' }, minutes: { one: 'minuto', other: 'minuti' } },
  pt: { hours: { one: 'hora', other: 'horas' }, minutes: { one: 'minuto', other: 'minutos' } },
};

/** How long until something happens, in a language: "5 h 12 min" in English, "5 годин і 12 хвилин" in Ukrainian. */
export function formatDurationIn(language: LanguageCode, ms: number): string {
  if (language === 'en') return formatDuration(ms);
  const totalMinutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const words = DURATION_WORDS[language];
  const parts = [hours > 0 && formatCountIn(language, hours, words.hours), minutes > 0 && formatCountIn(language, minutes, words.minutes)];
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(parts.filter((part): part is string => part !== false));
}
