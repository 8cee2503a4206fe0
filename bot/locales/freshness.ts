import type { LanguageCode } from '../../api/contract/languages.js';
import { formatCountIn, type PluralForms } from '../../api/contract/plural.js';

/** How long ago, in the unit a reader counts such a time in (contactAge, bot/answering/contact-card.ts); 0 days is today. */
export interface Age {
  unit: 'day' | 'week' | 'month' | 'year';
  count: number;
}

/** The card's last line (bot/answering/contact-card.ts): when the contact's details were last confirmed, and by whom. */
export interface FreshnessTexts {
  /** Confirmed by staff within the cycle: "✔ Checked 12 days ago", "✔ Checked today". */
  checked: (age: Age) => string;
  /** Confirmed by the contact itself through the bot (method self_confirmed), within the cycle. */
  checkedByContact: (age: Age) => string;
  /** Last confirmed longer ago than System Settings' "Re-verify every N days". */
  overdue: (age: Age) => string;
  /** Never confirmed. */
  never: string;
}

type UnitForms = Record<Age['unit'], PluralForms>;

/** The freshness texts of a language from its sentences and its units' forms: `ago` as "… ago" reads them, `since` as "not … for" does. */
function texts(
  language: LanguageCode,
  forms: { ago: UnitForms; since: UnitForms },
  sentences: { today: string; ago: (count: string) => string; checked: (when: string) => string; byContact: (when: string) => string; overdue: (count: string) => string; never: string },
): FreshnessTexts {
  const when = (age: Age) => (age.count === 0 ? sentences.today : sentences.ago(formatCountIn(language, age.count, forms.ago[age.unit])));
  return {
    checked: (age) => `✔ ${sentences.checked(when(age))}`,
    checkedByContact: (age) => `✔ ${sentences.byContact(when(age))}`,
    overdue: (age) => `⚠ ${sentences.overdue(formatCountIn(language, age.count, forms.since[age.unit]))}`,
    never: `⚠ ${sentences.never}`,
  };
}

const EN: UnitForms = {
  day: { one: 'day', other: 'days' },
  week: { one: 'week', other: 'weeks' },
  month: { one: 'month', other: 'months' },
  year: { one: 'year', other: 'years' },
};
// After "vor" and "seit": the dative.
const DE: UnitForms = {
  day: { one: 'Tag', other: 'Tagen' },
  week: { one: 'Woche', other: 'Wochen' },
  month: { one: 'Monat', other: 'Monaten' },
  year: { one: 'Jahr', other: 'Jahren' },
};
const FR: UnitForms = {
  day: { one: 'jour', other: 'jours' },
  week: { one: 'semaine', other: 'semaines' },
  month: { one: 'mois', other: 'mois' },
  year: { one: 'an', other: 'ans' },
};
const ES: UnitForms = {
  day: { one: 'día', other: 'días' },
  week: { one: 'semana', other: 'semanas' },
  month: { one: 'mes', other: 'meses' },
  year: { one: 'año', other: 'años' },
};
const IT: UnitForms = {
  day: { one: 'giorno', other: 'giorni' },
  week: { one: 'settimana', other: 'settimane' },
  month: { one: 'mese', other: 'mesi' },
  year: { one: 'anno', other: 'anni' },
};
const PT: UnitForms = {
  day: { one: 'dia', other: 'dias' },
  week: { one: 'semana', other: 'semanas' },
  month: { one: 'mês', other: 'meses' },
  year: { one: 'ano', other: 'anos' },
};
// "… temu" counts in the nominative; "od …" in the genitive.
const PL_AGO: UnitForms = {
  day: { one: 'dzień', few: 'dni', many: 'dni', other: 'dnia' },
  week: { one: 'tydzień', few: 'tygodnie', many: 'tygodni', other: 'tygodnia' },
  month: { one: 'miesiąc', few: 'miesiące', many: 'miesięcy', other: 'miesiąca' },
  year: { one: 'rok', few: 'lata', many: 'lat', other: 'roku' },
};
const PL_SINCE: UnitForms = {
  day: { one: 'dnia', few: 'dni', many: 'dni', other: 'dnia' },
  week: { one: 'tygodnia', few: 'tygodni', many: 'tygodni', other: 'tygodnia' },
  month: { one: 'miesiąca', few: 'miesięcy', many: 'miesięcy', other: 'miesiąca' },
  year: { one: 'roku', few: 'lat', many: 'lat', other: 'roku' },
};
const UK: UnitForms = {
  day: { one: 'день', few: 'дні', many: 'днів', other: 'дня' },
  week: { one: 'тиждень', few: 'тижні', many: 'тижнів', other: 'тижня' },
  month: { one: 'місяць', few: 'місяці', many: 'місяців', other: 'місяця' },
  year: { one: 'рік', few: 'роки', many: 'років', other: 'року' },
};

export const FRESHNESS_TEXTS: Record<LanguageCode, FreshnessTexts> = {
  en: texts('en', { ago: EN, since: EN }, {
    today: 'today',
    ago: (count) => `${count} ago`,
    checked: (when) => `Checked ${when}`,
    byContact: (when) => `Checked by the clinic ${when}`,
    overdue: (count) => `Not checked for ${count}`,
    never: 'Not checked yet',
  }),
  uk: texts('uk', { ago: UK, since: UK }, {
    today: 'сьогодні',
    ago: (count) => `${count} тому`,
    checked: (when) => `Перевірено ${when}`,
    byContact: (when) => `Перевірено клінікою ${when}`,
    overdue: (count) => `Не перевірялося ${count}`,
    never: 'Ще не перевірено',
  }),
  pl: texts('pl', { ago: PL_AGO, since: PL_SINCE }, {
    today: 'dzisiaj',
    ago: (count) => `${count} temu`,
    checked: (when) => `Sprawdzone ${when}`,
    byContact: (when) => `Sprawdzone przez placówkę ${when}`,
    overdue: (count) => `Niesprawdzane od ${count}`,
    never: 'Jeszcze niesprawdzone',
  }),
  de: texts('de', { ago: DE, since: DE }, {
    today: 'heute',
    ago: (count) => `vor ${count}`,
    checked: (when) => `Geprüft ${when}`,
    byContact: (when) => `Von der Praxis geprüft ${when}`,
    overdue: (count) => `Seit ${count} nicht geprüft`,
    never: 'Noch nicht geprüft',
  }),
  fr: texts('fr', { ago: FR, since: FR }, {
    today: 'aujourd’hui',
    ago: (count) => `il y a ${count}`,
    checked: (when) => `Vérifié ${when}`,
    byContact: (when) => `Vérifié par le cabinet ${when}`,
    overdue: (count) => `Non vérifié depuis ${count}`,
    never: 'Pas encore vérifié',
  }),
  es: texts('es', { ago: ES, since: ES }, {
    today: 'hoy',
    ago: (count) => `hace ${count}`,
    checked: (when) => `Verificado ${when}`,
    byContact: (when) => `Verificado por la clínica ${when}`,
    overdue: (count) => `Sin verificar desde hace ${count}`,
    never: 'Aún sin verificar',
  }),
  it: texts('it', { ago: IT, since: IT }, {
    today: 'oggi',
    ago: (count) => `${count} fa`,
    checked: (when) => `Verificato ${when}`,
    byContact: (when) => `Verificato dalla clinica ${when}`,
    overdue: (count) => `Non verificato da ${count}`,
    never: 'Non ancora verificato',
  }),
  pt: texts('pt', { ago: PT, since: PT }, {
    today: 'hoje',
    ago: (count) => `há ${count}`,
    checked: (when) => `Verificado ${when}`,
    byContact: (when) => `Verificado pela clínica ${when}`,
    overdue: (count) => `Sem verificação há ${count}`,
    never: 'Ainda não verificado',
  }),
};
