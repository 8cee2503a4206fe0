import type { LanguageCode } from './languages.js';
import { LEAVE_OUT_LINE, type TemplateValues } from './message-templates.js';
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
}): TemplateValues {
  const { user, dailyLimit, used, now, timeZone, language = 'en' } = input;
  const unlimited = UNLIMITED[language];
  return {
    first_name: user?.firstName,
    last_name: user?.lastName,
    username: user?.username,
    daily_limit: dailyLimit ?? unlimited,
    // "Searches left today: unlimited of unlimited." says nothing: such lines are left out.
    remaining: dailyLimit === null ? LEAVE_OUT_LINE : Math.max(dailyLimit - used, 0),
    reset_time: formatDurationIn(language, nextMidnight(now, timeZone).getTime() - now.getTime()),
  };
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
