import type { LanguageCode } from '../../api/contract/languages.js';
import type { MiniAppTexts } from '../../api/contract/mini-app.js';
import { FIND_TEXTS } from './find.js';
import { OPENING_HOURS_TEXTS } from './opening-hours.js';
import { REACH_TEXTS } from './reach.js';
import { BOT_TEXTS } from './index.js';

/** The Mini App's own words: what the bot never had to say (a map, a call button). */
type OwnTexts = Pick<MiniAppTexts, 'title' | 'typePlace' | 'shareLocation' | 'searchThisArea' | 'myLanguages' | 'noResults' | 'call' | 'message' | 'reportQuestion' | 'distanceKm'>;

const OWN_TEXTS: Record<LanguageCode, OwnTexts> = {
  en: {
    title: 'Medical contacts near you',
    typePlace: 'Type a city or a place',
    shareLocation: '📍 Share my location',
    searchThisArea: 'Search this area',
    myLanguages: 'Speaks my language',
    noResults: 'No medical contacts here. Move the map or choose another place.',
    call: 'Call',
    message: 'Message',
    reportQuestion: 'What is wrong with this contact?',
    distanceKm: '{distance} km',
  },
  uk: {
    title: 'Медичні контакти поруч',
    typePlace: 'Введіть місто або місце',
    shareLocation: '📍 Надіслати моє місцезнаходження',
    searchThisArea: 'Шукати в цій області',
    myLanguages: 'Говорить моєю мовою',
    noResults: 'Тут немає медичних контактів. Посуньте мапу або виберіть інше місце.',
    call: 'Зателефонувати',
    message: 'Написати',
    reportQuestion: 'Що не так із цим контактом?',
    distanceKm: '{distance} км',
  },
  pl: {
    title: 'Kontakty medyczne w pobliżu',
    typePlace: 'Wpisz miasto lub miejsce',
    shareLocation: '📍 Udostępnij moją lokalizację',
    searchThisArea: 'Szukaj w tym obszarze',
    myLanguages: 'Mówi w moim języku',
    noResults: 'Brak kontaktów medycznych w tym miejscu. Przesuń mapę lub wybierz inne miejsce.',
    call: 'Zadzwoń',
    message: 'Napisz',
    reportQuestion: 'Co jest nie tak z tym kontaktem?',
    distanceKm: '{distance} km',
  },
  de: {
    title: 'Medizinische Kontakte in der Nähe',
    typePlace: 'Stadt oder Ort eingeben',
    shareLocation: '📍 Meinen Standort senden',
    searchThisArea: 'In diesem Bereich suchen',
    myLanguages: 'Spricht meine Sprache',
    noResults: 'Hier gibt es keine medizinischen Kontakte. Verschieben Sie die Karte oder wählen Sie einen anderen Ort.',
    call: 'Anrufen',
    message: 'Nachricht',
    reportQuestion: 'Was stimmt mit diesem Kontakt nicht?',
    distanceKm: '{distance} km',
  },
  fr: {
    title: 'Contacts médicaux près de vous',
    typePlace: 'Tapez une ville ou un lieu',
    shareLocation: '📍 Partager ma position',
    searchThisArea: 'Chercher dans cette zone',
    myLanguages: 'Parle ma langue',
    noResults: 'Aucun contact médical ici. Déplacez la carte ou choisissez un autre lieu.',
    call: 'Appeler',
    message: 'Écrire',
    reportQuestion: 'Qu’est-ce qui ne va pas avec ce contact ?',
    distanceKm: '{distance} km',
  },
  es: {
    title: 'Contactos médicos cerca de ti',
    typePlace: 'Escribe una ciudad o un lugar',
    shareLocation: '📍 Compartir mi ubicación',
    searchThisArea: 'Buscar en esta zona',
    myLanguages: 'Habla mi idioma',
    noResults: 'No hay contactos médicos aquí. Mueve el mapa o elige otro lugar.',
    call: 'Llamar',
    message: 'Escribir',
    reportQuestion: '¿Qué le pasa a este contacto?',
    distanceKm: '{distance} km',
  },
  it: {
    title: 'Contatti medici vicino a te',
    typePlace: 'Scrivi una città o un luogo',
    shareLocation: '📍 Condividi la mia posizione',
    searchThisArea: 'Cerca in questa zona',
    myLanguages: 'Parla la mia lingua',
    noResults: 'Nessun contatto medico qui. Sposta la mappa o scegli un altro luogo.',
    call: 'Chiama',
    message: 'Scrivi',
    reportQuestion: 'Che cosa non va in questo contatto?',
    distanceKm: '{distance} km',
  },
  pt: {
    title: 'Contatos médicos perto de você',
    typePlace: 'Digite uma cidade ou um lugar',
    shareLocation: '📍 Compartilhar minha localização',
    searchThisArea: 'Buscar nesta área',
    myLanguages: 'Fala o meu idioma',
    noResults: 'Não há contatos médicos aqui. Mova o mapa ou escolha outro lugar.',
    call: 'Ligar',
    message: 'Mensagem',
    reportQuestion: 'O que há de errado com este contato?',
    distanceKm: '{distance} km',
  },
};

/** The bot's words the Mini App shares: its buttons, the report flow's, the hours' and its failure. */
function sharedTexts(language: LanguageCode): Omit<MiniAppTexts, keyof OwnTexts> {
  const find = FIND_TEXTS[language];
  const reach = REACH_TEXTS[language];
  const hours = OPENING_HOURS_TEXTS[language];
  return {
    allSpecialties: find.allSpecialtiesButton,
    openNow: find.openNowButton,
    moreResults: find.moreResultsButton,
    route: reach.route,
    report: reach.report,
    reportThanks: reach.thanks,
    problems: reach.problems,
    open: hours.open,
    closed: hours.closed,
    loadFailed: BOT_TEXTS[language].refusals.failure,
    // A name, kept as every language's master_of_medicine template writes it.
    masterOfMedicine: '⭐ Master of Medicine',
  };
}

/** The Mini App's texts in a language of the bot (docs/specification.md, "Mini App"). */
export function miniAppTexts(language: LanguageCode): MiniAppTexts {
  return { ...OWN_TEXTS[language], ...sharedTexts(language) };
}
