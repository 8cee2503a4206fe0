import type { LanguageCode } from '../../api/contract/languages.js';
import { formatCountIn } from '../../api/contract/plural.js';

/**
 * The texts of searching by specialty and of the buttons under an answer. The texts are HTML and
 * the values passed in are escaped already, but for nothingMatching (plain text, see there).
 */
export interface FindTexts {
  /** The /find entry of the command menu. */
  command: string;
  /** /find with nothing after it. */
  askSpecialty: string;
  /** /find with a word that names no specialty of the directory; `known` lists the directory's. */
  unknownSpecialty: (text: string, known: string) => string;
  /** A specialty without a place: the bot asks for one, a location sent within `minutes` or a city. */
  askPlace: (specialty: string, minutes: number) => string;
  /** A specialty with a place the gazetteer does not know. */
  unknownPlace: (place: string) => string;
  /** The line above the contacts of a narrowed answer. */
  narrowed: (filters: string) => string;
  /** The line above the contacts of a location answered with the specialty asked for just before. */
  nearYou: (specialty: string) => string;
  /** Under such an answer: the same search with every specialty. */
  allSpecialtiesButton: string;
  /** How "open now" reads inside `narrowed` and `nothingMatching`. */
  openNowFilter: string;
  /** Nothing within the radius matches the filters: plain text, shown through the error template. */
  nothingMatching: (filters: string, radiusKm: number, place: string) => string;
  openNowButton: string;
  moreResultsButton: string;
  /** A button's specialty the directory no longer has: the note (a callback answer) above the search without it. */
  specialtyGone: string;
}

export const FIND_TEXTS: Record<LanguageCode, FindTexts> = {
  en: {
    command: 'Find a specialist, e.g. /find dentist London',
    askSpecialty: 'Which specialist are you looking for? For example: <code>/find dentist London</code>.',
    unknownSpecialty: (text, known) => `I do not know the specialty “${text}”. The directory has: ${known}.`,
    askPlace: (specialty, minutes) => `Where should I look for <b>${specialty}</b>? Send your location (📎 → Location) within ${formatCountIn('en', minutes, { one: 'minute', other: 'minutes' })} and I will answer with this specialty near it, or type it with a city, for example <i>${specialty} London</i>.`,
    unknownPlace: (place) => `I could not find the place “${place}”. Type another city or send your location (📎 → Location).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} near you`,
    allSpecialtiesButton: 'All specialties',
    openNowFilter: 'open now',
    nothingMatching: (filters, radiusKm, place) => `No medical contacts (${filters}) were found within ${radiusKm} km of ${place}. Try the buttons below for more.`,
    openNowButton: '🕒 Open now',
    moreResultsButton: '➡️ More results',
    specialtyGone: 'No contacts of this specialty any more: here are all nearby.',
  },
  uk: {
    command: 'Знайти фахівця, напр. /find стоматолог Київ',
    askSpecialty: 'Якого фахівця ви шукаєте? Наприклад: <code>/find стоматолог Київ</code>.',
    unknownSpecialty: (text, known) => `Я не знаю спеціальності «${text}». У довіднику є: ${known}.`,
    askPlace: (specialty, minutes) => `Де шукати <b>${specialty}</b>? Надішліть свою геопозицію (📎 → Геопозиція) протягом ${formatCountIn('uk', minutes, { one: 'хвилини', few: 'хвилин', many: 'хвилин', other: 'хвилини' })}, і я покажу контакти цієї спеціальності поруч, або напишіть разом із містом, наприклад <i>${specialty} Київ</i>.`,
    unknownPlace: (place) => `Не вдалося знайти місце «${place}». Напишіть інше місто або надішліть свою геолокацію (📎 → Геопозиція).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} поруч із вами`,
    allSpecialtiesButton: 'Усі спеціальності',
    openNowFilter: 'відкрито зараз',
    nothingMatching: (filters, radiusKm, place) => `Медичних контактів (${filters}) у радіусі ${radiusKm} км від ${place} не знайдено. Спробуйте кнопки нижче.`,
    openNowButton: '🕒 Відкрито зараз',
    moreResultsButton: '➡️ Більше результатів',
    specialtyGone: 'Контактів цієї спеціальності більше немає: ось усі поблизу.',
  },
  pl: {
    command: 'Znajdź specjalistę, np. /find dentysta Warszawa',
    askSpecialty: 'Jakiego specjalisty szukasz? Na przykład: <code>/find dentysta Warszawa</code>.',
    unknownSpecialty: (text, known) => `Nie znam specjalizacji „${text}”. W katalogu są: ${known}.`,
    askPlace: (specialty, minutes) => `Gdzie mam szukać: <b>${specialty}</b>? Wyślij swoją lokalizację (📎 → Lokalizacja) w ciągu ${formatCountIn('pl', minutes, { one: 'minuty', few: 'minut', many: 'minut', other: 'minuty' })}, a pokażę kontakty tej specjalizacji w pobliżu, albo wpisz razem z miastem, na przykład <i>${specialty} Warszawa</i>.`,
    unknownPlace: (place) => `Nie udało się znaleźć miejsca „${place}”. Wpisz inne miasto albo wyślij swoją lokalizację (📎 → Lokalizacja).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} w pobliżu`,
    allSpecialtiesButton: 'Wszystkie specjalizacje',
    openNowFilter: 'otwarte teraz',
    nothingMatching: (filters, radiusKm, place) => `Nie znaleziono kontaktów medycznych (${filters}) w promieniu ${radiusKm} km od ${place}. Skorzystaj z przycisków poniżej.`,
    openNowButton: '🕒 Otwarte teraz',
    moreResultsButton: '➡️ Więcej wyników',
    specialtyGone: 'Nie ma już kontaktów tej specjalności: oto wszystkie w pobliżu.',
  },
  de: {
    command: 'Fachärzte finden, z. B. /find Zahnarzt Berlin',
    askSpecialty: 'Welche Fachrichtung suchen Sie? Zum Beispiel: <code>/find Zahnarzt Berlin</code>.',
    unknownSpecialty: (text, known) => `Die Fachrichtung „${text}“ kenne ich nicht. Im Verzeichnis gibt es: ${known}.`,
    askPlace: (specialty, minutes) => `Wo soll ich nach <b>${specialty}</b> suchen? Senden Sie innerhalb von ${formatCountIn('de', minutes, { one: 'Minute', other: 'Minuten' })} Ihren Standort (📎 → Standort), dann zeige ich Ihnen Kontakte dieser Fachrichtung in der Nähe, oder schreiben Sie eine Stadt dazu, zum Beispiel <i>${specialty} Berlin</i>.`,
    unknownPlace: (place) => `Den Ort „${place}“ habe ich nicht gefunden. Schreiben Sie eine andere Stadt oder senden Sie Ihren Standort (📎 → Standort).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} in Ihrer Nähe`,
    allSpecialtiesButton: 'Alle Fachrichtungen',
    openNowFilter: 'jetzt geöffnet',
    nothingMatching: (filters, radiusKm, place) => `Im Umkreis von ${radiusKm} km um ${place} wurden keine medizinischen Kontakte (${filters}) gefunden. Versuchen Sie die Schaltflächen unten.`,
    openNowButton: '🕒 Jetzt geöffnet',
    moreResultsButton: '➡️ Weitere Ergebnisse',
    specialtyGone: 'Diese Fachrichtung hat keine Kontakte mehr: hier alle in der Nähe.',
  },
  fr: {
    command: 'Trouver un spécialiste, ex. /find dentiste Lyon',
    askSpecialty: 'Quel spécialiste cherchez-vous ? Par exemple : <code>/find dentiste Lyon</code>.',
    unknownSpecialty: (text, known) => `Je ne connais pas la spécialité « ${text} ». L’annuaire contient : ${known}.`,
    askPlace: (specialty, minutes) => `Où dois-je chercher <b>${specialty}</b> ? Envoyez votre position (📎 → Position) d’ici ${formatCountIn('fr', minutes, { one: 'minute', other: 'minutes' })} et je vous montrerai les contacts de cette spécialité à proximité, ou écrivez-le avec une ville, par exemple <i>${specialty} Lyon</i>.`,
    unknownPlace: (place) => `Je n’ai pas trouvé le lieu « ${place} ». Écrivez une autre ville ou envoyez votre position (📎 → Position).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} près de vous`,
    allSpecialtiesButton: 'Toutes les spécialités',
    openNowFilter: 'ouvert maintenant',
    nothingMatching: (filters, radiusKm, place) => `Aucun contact médical (${filters}) trouvé à moins de ${radiusKm} km de ${place}. Essayez les boutons ci-dessous.`,
    openNowButton: '🕒 Ouvert maintenant',
    moreResultsButton: '➡️ Plus de résultats',
    specialtyGone: 'Plus aucun contact de cette spécialité : voici tous ceux à proximité.',
  },
  es: {
    command: 'Buscar un especialista, p. ej. /find dentista Madrid',
    askSpecialty: '¿Qué especialista busca? Por ejemplo: <code>/find dentista Madrid</code>.',
    unknownSpecialty: (text, known) => `No conozco la especialidad «${text}». El directorio tiene: ${known}.`,
    askPlace: (specialty, minutes) => `¿Dónde busco <b>${specialty}</b>? Envíe su ubicación (📎 → Ubicación) en un plazo de ${formatCountIn('es', minutes, { one: 'minuto', other: 'minutos' })} y le mostraré los contactos de esa especialidad cerca, o escríbalo con una ciudad, por ejemplo <i>${specialty} Madrid</i>.`,
    unknownPlace: (place) => `No encontré el lugar «${place}». Escriba otra ciudad o envíe su ubicación (📎 → Ubicación).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} cerca de usted`,
    allSpecialtiesButton: 'Todas las especialidades',
    openNowFilter: 'abierto ahora',
    nothingMatching: (filters, radiusKm, place) => `No se encontraron contactos médicos (${filters}) a menos de ${radiusKm} km de ${place}. Pruebe los botones de abajo.`,
    openNowButton: '🕒 Abierto ahora',
    moreResultsButton: '➡️ Más resultados',
    specialtyGone: 'Ya no hay contactos de esta especialidad: aquí tiene todos los cercanos.',
  },
  it: {
    command: 'Trova uno specialista, es. /find dentista Roma',
    askSpecialty: 'Quale specialista cerchi? Per esempio: <code>/find dentista Roma</code>.',
    unknownSpecialty: (text, known) => `Non conosco la specialità «${text}». Nell’elenco ci sono: ${known}.`,
    askPlace: (specialty, minutes) => `Dove devo cercare <b>${specialty}</b>? Invia la tua posizione (📎 → Posizione) entro ${formatCountIn('it', minutes, { one: 'minuto', other: 'minuti' })} e ti mostrerò i contatti di questa specialità vicino a te, oppure scrivilo insieme a una città, per esempio <i>${specialty} Roma</i>.`,
    unknownPlace: (place) => `Non ho trovato il luogo «${place}». Scrivi un’altra città o invia la tua posizione (📎 → Posizione).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} vicino a te`,
    allSpecialtiesButton: 'Tutte le specialità',
    openNowFilter: 'aperto ora',
    nothingMatching: (filters, radiusKm, place) => `Nessun contatto medico (${filters}) trovato entro ${radiusKm} km da ${place}. Prova i pulsanti qui sotto.`,
    openNowButton: '🕒 Aperto ora',
    moreResultsButton: '➡️ Altri risultati',
    specialtyGone: 'Non ci sono più contatti di questa specialità: ecco tutti quelli vicini.',
  },
  pt: {
    command: 'Encontrar um especialista, ex. /find dentista Porto',
    askSpecialty: 'Qual especialista você procura? Por exemplo: <code>/find dentista Porto</code>.',
    unknownSpecialty: (text, known) => `Não conheço a especialidade “${text}”. O diretório tem: ${known}.`,
    askPlace: (specialty, minutes) => `Onde devo procurar <b>${specialty}</b>? Envie sua localização (📎 → Localização) em até ${formatCountIn('pt', minutes, { one: 'minuto', other: 'minutos' })} e eu mostro os contatos dessa especialidade por perto, ou digite com uma cidade, por exemplo <i>${specialty} Porto</i>.`,
    unknownPlace: (place) => `Não encontrei o lugar “${place}”. Digite outra cidade ou envie sua localização (📎 → Localização).`,
    narrowed: (filters) => `🔎 ${filters}`,
    nearYou: (specialty) => `🔎 ${specialty} perto de você`,
    allSpecialtiesButton: 'Todas as especialidades',
    openNowFilter: 'aberto agora',
    nothingMatching: (filters, radiusKm, place) => `Nenhum contato médico (${filters}) foi encontrado num raio de ${radiusKm} km de ${place}. Tente os botões abaixo.`,
    openNowButton: '🕒 Aberto agora',
    moreResultsButton: '➡️ Mais resultados',
    specialtyGone: 'Não há mais contatos desta especialidade: aqui estão todos os próximos.',
  },
};
