import type { LanguageCode } from '../../api/contract/languages.js';

/**
 * The words of the keyboard under an answer that open a choice in its place (bot/answering/answer-keyboard.ts);
 * Open now, More results and Report a problem are in find.ts and reach.ts.
 */
export interface AnswerButtonTexts {
  /** Opens the page's contacts, to send one as a venue. */
  showOnMap: string;
  /** Opens the specialties, when none is chosen; a chosen one shows its own name, ticked. */
  specialty: string;
  /** Closes a choice, back to the answer's keyboard. */
  back: string;
}

export const ANSWER_BUTTON_TEXTS: Record<LanguageCode, AnswerButtonTexts> = {
  en: { showOnMap: '📍 Show on map', specialty: 'Specialty ▾', back: '◀ Back' },
  uk: { showOnMap: '📍 Показати на мапі', specialty: 'Спеціальність ▾', back: '◀ Назад' },
  pl: { showOnMap: '📍 Pokaż na mapie', specialty: 'Specjalizacja ▾', back: '◀ Wstecz' },
  de: { showOnMap: '📍 Auf der Karte zeigen', specialty: 'Fachrichtung ▾', back: '◀ Zurück' },
  fr: { showOnMap: '📍 Voir sur la carte', specialty: 'Spécialité ▾', back: '◀ Retour' },
  es: { showOnMap: '📍 Ver en el mapa', specialty: 'Especialidad ▾', back: '◀ Atrás' },
  it: { showOnMap: '📍 Mostra sulla mappa', specialty: 'Specialità ▾', back: '◀ Indietro' },
  pt: { showOnMap: '📍 Ver no mapa', specialty: 'Especialidade ▾', back: '◀ Voltar' },
};
