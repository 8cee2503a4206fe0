import type { LanguageCode } from '../../api/contract/languages.js';

/**
 * The texts of places not found and of answers that would otherwise end empty-handed. Values passed in
 * are escaped already; `nearestBeyond` is plain text, shown through the error template, which escapes it.
 */
export interface PlaceTexts {
  /** Text that reads like a place matches none, and the gazetteer's nearest spellings follow as buttons. */
  nearestSpellings: (typed: string) => string;
  /** No contact within the radius: the line above the nearest ones beyond it. */
  nearestBeyond: (radiusKm: number, place: string) => string;
  /** The last line of every answer about a point: the ambulance number of the point's country. */
  emergency: (number: string) => string;
}

export const PLACE_TEXTS: Record<LanguageCode, PlaceTexts> = {
  en: {
    nearestSpellings: (typed) => `I could not find the place “${typed}”. Did you mean one of these?`,
    nearestBeyond: (radiusKm, place) => `No medical contacts were found within ${radiusKm} km of ${place}. The nearest ones are farther than usual:`,
    emergency: (number) => `🚑 In an emergency call ${number}.`,
  },
  uk: {
    nearestSpellings: (typed) => `Не вдалося знайти місце «${typed}». Можливо, ви мали на увазі одне з цих?`,
    nearestBeyond: (radiusKm, place) => `У радіусі ${radiusKm} км медичних контактів не знайдено (${place}). Найближчі — далі, ніж зазвичай:`,
    emergency: (number) => `🚑 У разі невідкладної ситуації телефонуйте ${number}.`,
  },
  pl: {
    nearestSpellings: (typed) => `Nie udało się znaleźć miejsca „${typed}”. Czy chodziło o jedno z tych?`,
    nearestBeyond: (radiusKm, place) => `W promieniu ${radiusKm} km nie znaleziono kontaktów medycznych (${place}). Najbliższe są dalej niż zwykle:`,
    emergency: (number) => `🚑 W nagłym wypadku dzwoń pod numer ${number}.`,
  },
  de: {
    nearestSpellings: (typed) => `Den Ort „${typed}“ habe ich nicht gefunden. Meinten Sie einen dieser Orte?`,
    nearestBeyond: (radiusKm, place) => `Im Umkreis von ${radiusKm} km um ${place} wurden keine medizinischen Kontakte gefunden. Die nächsten sind weiter entfernt als üblich:`,
    emergency: (number) => `🚑 Im Notfall rufen Sie ${number} an.`,
  },
  fr: {
    nearestSpellings: (typed) => `Je n’ai pas trouvé le lieu « ${typed} ». Vouliez-vous dire l’un de ceux-ci ?`,
    nearestBeyond: (radiusKm, place) => `Aucun contact médical n’a été trouvé à moins de ${radiusKm} km de ${place}. Les plus proches sont plus loin que d’habitude :`,
    emergency: (number) => `🚑 En cas d’urgence, appelez le ${number}.`,
  },
  es: {
    nearestSpellings: (typed) => `No encontré el lugar «${typed}». ¿Quiso decir uno de estos?`,
    nearestBeyond: (radiusKm, place) => `No se encontraron contactos médicos a menos de ${radiusKm} km de ${place}. Los más cercanos están más lejos de lo habitual:`,
    emergency: (number) => `🚑 En caso de emergencia, llame al ${number}.`,
  },
  it: {
    nearestSpellings: (typed) => `Non ho trovato il luogo «${typed}». Intendevi uno di questi?`,
    nearestBeyond: (radiusKm, place) => `Nessun contatto medico trovato entro ${radiusKm} km da ${place}. I più vicini sono più lontani del solito:`,
    emergency: (number) => `🚑 In caso di emergenza chiama il ${number}.`,
  },
  pt: {
    nearestSpellings: (typed) => `Não encontrei o lugar “${typed}”. Você quis dizer um destes?`,
    nearestBeyond: (radiusKm, place) => `Nenhum contato médico foi encontrado a menos de ${radiusKm} km de ${place}. Os mais próximos estão mais longe do que o normal:`,
    emergency: (number) => `🚑 Em caso de emergência, ligue ${number}.`,
  },
};
