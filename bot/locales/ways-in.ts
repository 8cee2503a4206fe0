import type { LanguageCode } from '../../api/contract/languages.js';

/** The words of Telegram's own ways into the bot (docs/bot.md "Ways in"). */
export interface WaysInTexts {
  /** Under an answer with contacts, and the chat's menu button: opens the Mini App on the answer's point. */
  mapButton: string;
  /** The reply keyboard's button that sends the user's location (request_location), in private chats. */
  shareLocation: string;
  /** setMyDescription: what an empty chat with the bot says (at most 512 characters). */
  description: string;
  /** setMyShortDescription: the bot's profile and the links shared to it (at most 120 characters). */
  shortDescription: string;
  /** Inline mode without a point: the button above the (empty) results, to the private chat. */
  inlineNeedsLocation: string;
}

export const WAYS_IN_TEXTS: Record<LanguageCode, WaysInTexts> = {
  en: {
    mapButton: '🗺 Map',
    shareLocation: '📍 Share my location',
    description: 'I find medical contacts near you: doctors, dentists and clinics, nearest first, with their opening hours and the languages they speak. Send your location or the name of a city, or open the map.',
    shortDescription: 'Medical contacts near you, on a map and in your language.',
    inlineNeedsLocation: 'Share your location with the bot first',
  },
  uk: {
    mapButton: '🗺 Мапа',
    shareLocation: '📍 Поділитися геопозицією',
    description: 'Я знаходжу медичні контакти поруч із вами: лікарів, стоматологів і клініки, найближчі першими, з годинами роботи та мовами, якими вони розмовляють. Надішліть свою геопозицію або назву міста чи відкрийте мапу.',
    shortDescription: 'Медичні контакти поруч із вами, на мапі та вашою мовою.',
    inlineNeedsLocation: 'Спершу надішліть боту свою геопозицію',
  },
  pl: {
    mapButton: '🗺 Mapa',
    shareLocation: '📍 Udostępnij lokalizację',
    description: 'Znajduję kontakty medyczne w pobliżu: lekarzy, dentystów i przychodnie, najbliższe najpierw, z godzinami otwarcia i językami, którymi mówią. Wyślij swoją lokalizację lub nazwę miasta albo otwórz mapę.',
    shortDescription: 'Kontakty medyczne w pobliżu, na mapie i w Twoim języku.',
    inlineNeedsLocation: 'Najpierw wyślij botowi swoją lokalizację',
  },
  de: {
    mapButton: '🗺 Karte',
    shareLocation: '📍 Meinen Standort senden',
    description: 'Ich finde medizinische Kontakte in Ihrer Nähe: Ärzte, Zahnärzte und Praxen, die nächsten zuerst, mit Öffnungszeiten und den Sprachen, die sie sprechen. Senden Sie Ihren Standort oder den Namen einer Stadt, oder öffnen Sie die Karte.',
    shortDescription: 'Medizinische Kontakte in Ihrer Nähe, auf der Karte und in Ihrer Sprache.',
    inlineNeedsLocation: 'Senden Sie dem Bot zuerst Ihren Standort',
  },
  fr: {
    mapButton: '🗺 Carte',
    shareLocation: '📍 Partager ma position',
    description: 'Je trouve des contacts médicaux près de chez vous : médecins, dentistes et cabinets, les plus proches d’abord, avec leurs horaires et les langues qu’ils parlent. Envoyez votre position ou le nom d’une ville, ou ouvrez la carte.',
    shortDescription: 'Des contacts médicaux près de chez vous, sur une carte et dans votre langue.',
    inlineNeedsLocation: 'Envoyez d’abord votre position au bot',
  },
  es: {
    mapButton: '🗺 Mapa',
    shareLocation: '📍 Compartir mi ubicación',
    description: 'Encuentro contactos médicos cerca de usted: médicos, dentistas y clínicas, los más cercanos primero, con su horario y los idiomas que hablan. Envíe su ubicación o el nombre de una ciudad, o abra el mapa.',
    shortDescription: 'Contactos médicos cerca de usted, en un mapa y en su idioma.',
    inlineNeedsLocation: 'Envíe primero su ubicación al bot',
  },
  it: {
    mapButton: '🗺 Mappa',
    shareLocation: '📍 Condividi la mia posizione',
    description: 'Trovo contatti medici vicino a te: medici, dentisti e studi, prima i più vicini, con gli orari e le lingue che parlano. Invia la tua posizione o il nome di una città, oppure apri la mappa.',
    shortDescription: 'Contatti medici vicino a te, su una mappa e nella tua lingua.',
    inlineNeedsLocation: 'Invia prima la tua posizione al bot',
  },
  pt: {
    mapButton: '🗺 Mapa',
    shareLocation: '📍 Compartilhar minha localização',
    description: 'Encontro contatos médicos perto de você: médicos, dentistas e clínicas, os mais próximos primeiro, com horários e os idiomas que falam. Envie sua localização ou o nome de uma cidade, ou abra o mapa.',
    shortDescription: 'Contatos médicos perto de você, no mapa e no seu idioma.',
    inlineNeedsLocation: 'Envie primeiro sua localização ao bot',
  },
};
