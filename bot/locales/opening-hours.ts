import type { LanguageCode } from '../../api/contract/languages.js';

/** How an answer's contact line says whether the contact is open, in one language. */
export interface OpeningHoursTexts {
  /** "Open until 18:00". */
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
  /** Why an open contact follows a page of closed ones: "Open now, 836 m". */
  openInSight: (distance: string) => string;
}

export const OPENING_HOURS_TEXTS: Record<LanguageCode, OpeningHoursTexts> = {
  en: { openUntil: (time) => `Open until ${time}`, open: 'Open now', closedUntil: (when) => `Closed · opens ${when}`, closed: 'Closed', nextWeek: (weekday) => `next ${weekday}`, always: 'Open 24/7', notVerified: 'hours not verified', openInSight: (distance) => `Open now, ${distance}` },
  uk: { openUntil: (time) => `Відчинено до ${time}`, open: 'Відчинено', closedUntil: (when) => `Зачинено · відчиняється ${when}`, closed: 'Зачинено', nextWeek: (weekday) => `наступного тижня, ${weekday}`, always: 'Цілодобово', notVerified: 'години не перевірено', openInSight: (distance) => `Відчинено зараз, ${distance}` },
  pl: { openUntil: (time) => `Otwarte do ${time}`, open: 'Otwarte', closedUntil: (when) => `Zamknięte · otwarcie ${when}`, closed: 'Zamknięte', nextWeek: (weekday) => `za tydzień, ${weekday}`, always: 'Czynne całą dobę', notVerified: 'godziny niezweryfikowane', openInSight: (distance) => `Otwarte teraz, ${distance}` },
  de: { openUntil: (time) => `Geöffnet bis ${time}`, open: 'Jetzt geöffnet', closedUntil: (when) => `Geschlossen · öffnet ${when}`, closed: 'Geschlossen', nextWeek: (weekday) => `nächste Woche ${weekday}`, always: 'Rund um die Uhr geöffnet', notVerified: 'Zeiten nicht geprüft', openInSight: (distance) => `Jetzt geöffnet, ${distance}` },
  fr: { openUntil: (time) => `Ouvert jusqu’à ${time}`, open: 'Ouvert', closedUntil: (when) => `Fermé · ouvre ${when}`, closed: 'Fermé', nextWeek: (weekday) => `${weekday} prochain`, always: 'Ouvert 24 h/24, 7 j/7', notVerified: 'horaires non vérifiés', openInSight: (distance) => `Ouvert maintenant, ${distance}` },
  es: { openUntil: (time) => `Abierto hasta las ${time}`, open: 'Abierto ahora', closedUntil: (when) => `Cerrado · abre ${when}`, closed: 'Cerrado', nextWeek: (weekday) => `el próximo ${weekday}`, always: 'Abierto 24/7', notVerified: 'horario no verificado', openInSight: (distance) => `Abierto ahora, ${distance}` },
  it: { openUntil: (time) => `Aperto fino alle ${time}`, open: 'Aperto ora', closedUntil: (when) => `Chiuso · apre ${when}`, closed: 'Chiuso', nextWeek: (weekday) => `la prossima settimana, ${weekday}`, always: 'Aperto 24 ore su 24', notVerified: 'orari non verificati', openInSight: (distance) => `Aperto ora, ${distance}` },
  pt: { openUntil: (time) => `Aberto até às ${time}`, open: 'Aberto agora', closedUntil: (when) => `Fechado · abre ${when}`, closed: 'Fechado', nextWeek: (weekday) => `na próxima semana, ${weekday}`, always: 'Aberto 24/7', notVerified: 'horário não verificado', openInSight: (distance) => `Aberto agora, ${distance}` },
};
