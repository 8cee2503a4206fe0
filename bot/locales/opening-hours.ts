import type { LanguageCode } from '../../api/contract/languages.js';

/** How an answer's contact line says whether the contact is open, in one language. */
export interface OpeningHoursTexts {
  /** "Open now · closes 18:00". */
  openUntil: (time: string) => string;
  /** Open, with no closing within a week that the hours tell. */
  open: string;
  /** "Closed · opens Mon 09:00" (the weekday only when it is not today). */
  closedUntil: (when: string) => string;
  /** Closed, with no opening within a week. */
  closed: string;
  /** The weekday of a change a week away, today's weekday but next week's: "next Thu". */
  nextWeek: (weekday: string) => string;
  always: string;
  /** After hours kept as typed because they are not a schedule the bot can read. */
  notVerified: string;
}

export const OPENING_HOURS_TEXTS: Record<LanguageCode, OpeningHoursTexts> = {
  en: { openUntil: (time) => `Open now · closes ${time}`, open: 'Open now', closedUntil: (when) => `Closed · opens ${when}`, closed: 'Closed', nextWeek: (weekday) => `next ${weekday}`, always: 'Open 24/7', notVerified: 'hours not verified' },
  uk: { openUntil: (time) => `Відчинено · зачиняється о ${time}`, open: 'Відчинено', closedUntil: (when) => `Зачинено · відчиняється ${when}`, closed: 'Зачинено', nextWeek: (weekday) => `наступного тижня, ${weekday}`, always: 'Цілодобово', notVerified: 'години не перевірено' },
  pl: { openUntil: (time) => `Otwarte · do ${time}`, open: 'Otwarte', closedUntil: (when) => `Zamknięte · otwarcie ${when}`, closed: 'Zamknięte', nextWeek: (weekday) => `za tydzień, ${weekday}`, always: 'Czynne całą dobę', notVerified: 'godziny niezweryfikowane' },
  de: { openUntil: (time) => `Jetzt geöffnet · schließt ${time}`, open: 'Jetzt geöffnet', closedUntil: (when) => `Geschlossen · öffnet ${when}`, closed: 'Geschlossen', nextWeek: (weekday) => `nächste Woche ${weekday}`, always: 'Rund um die Uhr geöffnet', notVerified: 'Zeiten nicht geprüft' },
  fr: { openUntil: (time) => `Ouvert · ferme à ${time}`, open: 'Ouvert', closedUntil: (when) => `Fermé · ouvre ${when}`, closed: 'Fermé', nextWeek: (weekday) => `${weekday} prochain`, always: 'Ouvert 24 h/24, 7 j/7', notVerified: 'horaires non vérifiés' },
  es: { openUntil: (time) => `Abierto ahora · cierra a las ${time}`, open: 'Abierto ahora', closedUntil: (when) => `Cerrado · abre ${when}`, closed: 'Cerrado', nextWeek: (weekday) => `el próximo ${weekday}`, always: 'Abierto 24/7', notVerified: 'horario no verificado' },
  it: { openUntil: (time) => `Aperto ora · chiude alle ${time}`, open: 'Aperto ora', closedUntil: (when) => `Chiuso · apre ${when}`, closed: 'Chiuso', nextWeek: (weekday) => `la prossima settimana, ${weekday}`, always: 'Aperto 24 ore su 24', notVerified: 'orari non verificati' },
  pt: { openUntil: (time) => `Aberto agora · fecha às ${time}`, open: 'Aberto agora', closedUntil: (when) => `Fechado · abre ${when}`, closed: 'Fechado', nextWeek: (weekday) => `na próxima semana, ${weekday}`, always: 'Aberto 24/7', notVerified: 'horário não verificado' },
};
