import t from 'tap';
import type { LanguageCode } from '../../api/contract/languages.js';
import { renderTemplate } from '../../api/contract/message-templates.js';
import { formatDurationIn, searchesLeftIn } from '../../api/contract/reply-values.js';
import { FIND_TEXTS } from '../../bot/locales/find.js';
import { BOT_TEXTS } from '../../bot/locales/index.js';
import { addDailyUsage } from '../../sql/daily-usage.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, lastLog, texts, withSettings } from '../helpers/bot-fixtures.js';

const COUNTS = [0, 1, 2, 5, 21, 101];
const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * Every text the bot writes a count and its noun in, in each language, rendered with each of COUNTS: the
 * searches left ({searches_left}, with as many allowed as left), the wait until the next (hours, then
 * minutes: {reset_time} and the searches left at 0), and the minutes a specialty waits for a location.
 * Numbers standing alone ("Searches left today: 2 of 3", "Dentistry · 3") and units ("100 km") need no form.
 */
const PLURAL_TABLE: Record<LanguageCode, { searchesLeft: string[]; hours: string[]; minutes: string[]; askPlace: string[] }> = {
  en: {
    searchesLeft: [
      '0 of 0 searches left today; the next in 4 h 31 min',
      '1 of 1 search left today',
      '2 of 2 searches left today',
      '5 of 5 searches left today',
      '21 of 21 searches left today',
      '101 of 101 searches left today',
    ],
    hours: ['1 min', '1 h', '2 h', '5 h', '21 h', '101 h'],
    minutes: ['1 min', '1 min', '2 min', '5 min', '21 min', '1 h 41 min'],
    askPlace: ['within 0 minutes', 'within 1 minute', 'within 2 minutes', 'within 5 minutes', 'within 21 minutes', 'within 101 minutes'],
  },
  uk: {
    searchesLeft: [
      'У вас 0 пошуків з 0 на сьогодні; наступний — через 4 години і 31 хвилину',
      'У вас 1 пошук з 1 на сьогодні',
      'У вас 2 пошуки з 2 на сьогодні',
      'У вас 5 пошуків з 5 на сьогодні',
      'У вас 21 пошук з 21 на сьогодні',
      'У вас 101 пошук з 101 на сьогодні',
    ],
    hours: ['1 хвилину', '1 годину', '2 години', '5 годин', '21 годину', '101 годину'],
    minutes: ['1 хвилину', '1 хвилину', '2 хвилини', '5 хвилин', '21 хвилину', '1 годину і 41 хвилину'],
    askPlace: ['протягом 0 хвилин', 'протягом 1 хвилини', 'протягом 2 хвилин', 'протягом 5 хвилин', 'протягом 21 хвилини', 'протягом 101 хвилини'],
  },
  pl: {
    searchesLeft: [
      'Na dziś masz 0 wyszukiwań z 0; następne za 4 godziny i 31 minut',
      'Na dziś masz 1 wyszukiwanie z 1',
      'Na dziś masz 2 wyszukiwania z 2',
      'Na dziś masz 5 wyszukiwań z 5',
      'Na dziś masz 21 wyszukiwań z 21',
      'Na dziś masz 101 wyszukiwań z 101',
    ],
    hours: ['1 minutę', '1 godzinę', '2 godziny', '5 godzin', '21 godzin', '101 godzin'],
    minutes: ['1 minutę', '1 minutę', '2 minuty', '5 minut', '21 minut', '1 godzinę i 41 minut'],
    askPlace: ['w ciągu 0 minut', 'w ciągu 1 minuty', 'w ciągu 2 minut', 'w ciągu 5 minut', 'w ciągu 21 minut', 'w ciągu 101 minut'],
  },
  de: {
    searchesLeft: [
      '0 von 0 Suchen heute übrig; die nächste in 4 Stunden und 31 Minuten',
      '1 von 1 Suche heute übrig',
      '2 von 2 Suchen heute übrig',
      '5 von 5 Suchen heute übrig',
      '21 von 21 Suchen heute übrig',
      '101 von 101 Suchen heute übrig',
    ],
    hours: ['1 Minute', '1 Stunde', '2 Stunden', '5 Stunden', '21 Stunden', '101 Stunden'],
    minutes: ['1 Minute', '1 Minute', '2 Minuten', '5 Minuten', '21 Minuten', '1 Stunde und 41 Minuten'],
    askPlace: ['innerhalb von 0 Minuten', 'innerhalb von 1 Minute', 'innerhalb von 2 Minuten', 'innerhalb von 5 Minuten', 'innerhalb von 21 Minuten', 'innerhalb von 101 Minuten'],
  },
  fr: {
    searchesLeft: [
      'Il vous reste 0 recherche sur 0 aujourd’hui\u00a0; la prochaine dans 4 heures et 31 minutes',
      'Il vous reste 1 recherche sur 1 aujourd’hui',
      'Il vous reste 2 recherches sur 2 aujourd’hui',
      'Il vous reste 5 recherches sur 5 aujourd’hui',
      'Il vous reste 21 recherches sur 21 aujourd’hui',
      'Il vous reste 101 recherches sur 101 aujourd’hui',
    ],
    hours: ['1 minute', '1 heure', '2 heures', '5 heures', '21 heures', '101 heures'],
    minutes: ['1 minute', '1 minute', '2 minutes', '5 minutes', '21 minutes', '1 heure et 41 minutes'],
    askPlace: ['d’ici 0 minute', 'd’ici 1 minute', 'd’ici 2 minutes', 'd’ici 5 minutes', 'd’ici 21 minutes', 'd’ici 101 minutes'],
  },
  es: {
    searchesLeft: [
      'Hoy tiene 0 búsquedas de 0; la siguiente dentro de 4 horas y 31 minutos',
      'Hoy tiene 1 búsqueda de 1',
      'Hoy tiene 2 búsquedas de 2',
      'Hoy tiene 5 búsquedas de 5',
      'Hoy tiene 21 búsquedas de 21',
      'Hoy tiene 101 búsquedas de 101',
    ],
    hours: ['1 minuto', '1 hora', '2 horas', '5 horas', '21 horas', '101 horas'],
    minutes: ['1 minuto', '1 minuto', '2 minutos', '5 minutos', '21 minutos', '1 hora y 41 minutos'],
    askPlace: ['en un plazo de 0 minutos', 'en un plazo de 1 minuto', 'en un plazo de 2 minutos', 'en un plazo de 5 minutos', 'en un plazo de 21 minutos', 'en un plazo de 101 minutos'],
  },
  it: {
    searchesLeft: [
      'Per oggi hai 0 ricerche su 0; la prossima tra 4 ore e 31 minuti',
      'Per oggi hai 1 ricerca su 1',
      'Per oggi hai 2 ricerche su 2',
      'Per oggi hai 5 ricerche su 5',
      'Per oggi hai 21 ricerche su 21',
      'Per oggi hai 101 ricerche su 101',
    ],
    hours: ['1 minuto', '1 ora', '2 ore', '5 ore', '21 ore', '101 ore'],
    minutes: ['1 minuto', '1 minuto', '2 minuti', '5 minuti', '21 minuti', '1 ora e 41 minuti'],
    askPlace: ['entro 0 minuti', 'entro 1 minuto', 'entro 2 minuti', 'entro 5 minuti', 'entro 21 minuti', 'entro 101 minuti'],
  },
  // Portuguese counts 0 with 1 (CLDR: "0 busca"), as French does.
  pt: {
    searchesLeft: [
      'Hoje você tem 0 busca de 0; a próxima em 4 horas e 31 minutos',
      'Hoje você tem 1 busca de 1',
      'Hoje você tem 2 buscas de 2',
      'Hoje você tem 5 buscas de 5',
      'Hoje você tem 21 buscas de 21',
      'Hoje você tem 101 buscas de 101',
    ],
    hours: ['1 minuto', '1 hora', '2 horas', '5 horas', '21 horas', '101 horas'],
    minutes: ['1 minuto', '1 minuto', '2 minutos', '5 minutos', '21 minutos', '1 hora e 41 minutos'],
    askPlace: ['em até 0 minuto', 'em até 1 minuto', 'em até 2 minutos', 'em até 5 minutos', 'em até 21 minutos', 'em até 101 minutos'],
  },
};

t.test('every text with a count takes the form of its count, in each of the eight languages', async (t) => {
  for (const [language, table] of Object.entries(PLURAL_TABLE) as [LanguageCode, (typeof PLURAL_TABLE)[LanguageCode]][]) {
    const nextIn = formatDurationIn(language, 4 * HOUR + 31 * MINUTE);
    t.same(COUNTS.map((count) => searchesLeftIn(language, { left: count, limit: count, nextIn })), table.searchesLeft, `${language}: the searches left`);
    t.same(COUNTS.map((count) => formatDurationIn(language, count * HOUR)), table.hours, `${language}: hours until the next`);
    t.same(COUNTS.map((count) => formatDurationIn(language, count * MINUTE)), table.minutes, `${language}: minutes until the next`);
    const asks = COUNTS.map((count) => FIND_TEXTS[language].askPlace('X', count));
    // The whole word: "1 minute" is not "1 minutes".
    asks.forEach((ask, index) => t.match(ask, new RegExp(`${table.askPlace[index]}[ ,]`), `${language}: a location within ${COUNTS[index]} minutes`));
  }
});

const h = await createBotHarness(t);
/** The text a template of a language becomes with these values. */
const builtIn = (language: LanguageCode, type: 'welcome' | 'help' | 'rate_limit', values: Record<string, string>) => renderTemplate(BOT_TEXTS[language].templates[type], values);

t.test('/help says the searches left in words, the noun in the form its count takes (English, Ukrainian, German)', async (t) => {
  await withSettings(t, h.sql, { defaultDailyLimit: 1 });
  h.clock.set(new Date('2026-11-21T10:00:00Z'));
  const groups = new Map<number, number>();
  for (const limit of [1, 2, 5, 21, 101]) groups.set(limit, (await anAuthorizedGroup(h, { dailyLimit: limit })).id);
  const expected: Record<'en' | 'uk' | 'de', string[]> = {
    en: PLURAL_TABLE.en.searchesLeft.slice(1),
    uk: PLURAL_TABLE.uk.searchesLeft.slice(1),
    de: PLURAL_TABLE.de.searchesLeft.slice(1),
  };
  for (const language of ['en', 'uk', 'de'] as const) {
    for (const [index, limit] of [1, 2, 5, 21, 101].entries()) {
      const user = await aMember(h, groups.get(limit)!, { languageCode: language });
      t.same(texts(await h.say(user.id, '/help')), [builtIn(language, 'help', { searches_left: expected[language][index]! })], `${language}, ${limit} left`);
    }
    const spent = await aMember(h, groups.get(1)!, { languageCode: language });
    await addDailyUsage(h.sql, [{ telegramId: spent.id, day: '2026-11-21', used: 1 }]);
    const none = { en: '0 of 1 search left today; the next in 14 h', uk: 'У вас 0 пошуків з 1 на сьогодні; наступний — через 14 годин', de: '0 von 1 Suche heute übrig; die nächste in 14 Stunden' }[language];
    t.same(texts(await h.say(spent.id, '/help')), [builtIn(language, 'help', { searches_left: none })], `${language}, none left`);
  }
  const english = await aMember(h, groups.get(1)!);
  const [help] = texts(await h.say(english.id, '/help'));
  t.match(help, '\n\nEach search counts towards your daily limit. 1 of 1 search left today.\n\n');
  t.notMatch(help, 'are left today');
});

t.test('/start at 0 searches left says so, and when the next comes (English, Ukrainian, German)', async (t) => {
  const group = await anAuthorizedGroup(h, { dailyLimit: 3 });
  await aContact(h.sql, { latitude: 51.5, longitude: -0.12 });
  // 19:29 in UTC, the settings' zone: the count starts again at midnight, 4 h 31 min away.
  h.clock.set(new Date('2026-11-21T19:29:00Z'));
  const people = [
    { language: 'en', firstName: 'Ann' },
    { language: 'uk', firstName: 'Олена' },
    { language: 'de', firstName: 'Jonas' },
  ] as const;
  const users = [];
  for (const person of people) {
    const user = await aMember(h, group.id, { languageCode: person.language, firstName: person.firstName });
    await addDailyUsage(h.sql, [{ telegramId: user.id, day: '2026-11-21', used: 3 }]);
    users.push(user);
  }
  t.same(texts(await h.say(users[0]!.id, '/start')), [
    '👋 Hello, Ann!\n\nI help you find medical contacts near you. Send me your location or type the name of a city.\n\n0 of 3 searches left today; the next in 4 h 31 min.',
  ]);
  t.same(texts(await h.say(users[1]!.id, '/start')), [
    '👋 Вітаю, Олена!\n\nЯ допомагаю знайти медичні контакти поруч із вами. Надішліть мені свою геопозицію або напишіть назву міста.\n\nУ вас 0 пошуків з 3 на сьогодні; наступний — через 4 години і 31 хвилину.',
  ]);
  t.same(texts(await h.say(users[2]!.id, '/start')), [
    '👋 Hallo, Jonas!\n\nIch helfe Ihnen, medizinische Kontakte in Ihrer Nähe zu finden. Senden Sie mir Ihren Standort oder geben Sie den Namen einer Stadt ein.\n\n0 von 3 Suchen heute übrig; die nächste in 4 Stunden und 31 Minuten.',
  ]);
  const [help] = texts(await h.say(users[0]!.id, '/help'));
  t.match(help, '\n\nEach search counts towards your daily limit. 0 of 3 searches left today; the next in 4 h 31 min.\n\n');
  t.same(texts(await h.locate(users[0]!.id, 51.5, -0.12)), ['⏳ Sorry, Ann, you have used today’s searches. 0 of 3 searches left today; the next in 4 h 31 min.']);
  t.same(texts(await h.locate(users[1]!.id, 51.5, -0.12)), [
    '⏳ На жаль, Олена, пошуки на сьогодні закінчилися. У вас 0 пошуків з 3 на сьогодні; наступний — через 4 години і 31 хвилину.',
  ]);
  t.same(texts(await h.locate(users[2]!.id, 51.5, -0.12)), [
    '⏳ Leider, Jonas, sind Ihre Suchen für heute aufgebraucht. 0 von 3 Suchen heute übrig; die nächste in 4 Stunden und 31 Minuten.',
  ]);
});

t.test('added to a group nobody authorized, the bot says why in one sentence, in the language of who added it, and leaves', async (t) => {
  const farewells = {
    en: "⚠️ This group is not authorized to use the bot. Ask the directory's staff to add it.",
    uk: '⚠️ Ця група не має дозволу користуватися ботом. Попросіть працівників довідника додати її.',
    de: '⚠️ Diese Gruppe ist nicht für den Bot freigeschaltet. Bitten Sie das Team des Verzeichnisses, sie hinzuzufügen.',
  };
  for (const [index, [language, farewell]] of Object.entries(farewells).entries()) {
    const owner = aUser(h, { languageCode: language });
    const id = -1_007_000 - index;
    h.sim.createGroup({ id, title: `Stranger ${language}`, type: 'supergroup' });
    h.sim.addMember(id, owner.id, 'creator');
    const added = h.sim.addBot(id, owner.id);
    await h.handled(added!.update_id);
    t.same(texts(h.sim.botMessagesSince(id, 0)), [farewell], language);
    t.equal(h.sim.listGroups().find((group) => group.id === id)!.botStatus, 'left');
    t.match(await lastLog(h.sql, owner.id), { level: 'WARN', message: `Bot added to unauthorized group Stranger ${language} (${id})`, language });
  }
});

t.test('a group that does not let the bot write is left all the same', async (t) => {
  const owner = aUser(h);
  const id = -1_007_100;
  h.sim.createGroup({ id, title: 'Read only', type: 'supergroup' });
  h.sim.addMember(id, owner.id, 'creator');
  h.sim.failNext('sendMessage', { error_code: 403, description: 'Forbidden: not enough rights to send text messages to the chat' });
  const added = h.sim.addBot(id, owner.id);
  await h.handled(added!.update_id);
  t.same(h.sim.botMessagesSince(id, 0), []);
  t.equal(h.sim.listGroups().find((group) => group.id === id)!.botStatus, 'left');
  t.match(await lastLog(h.sql, owner.id), {
    level: 'WARN',
    message: `Bot added to unauthorized group Read only (${id})`,
    metadata: { replyError: 'Forbidden: not enough rights to send text messages to the chat' },
  });
});
