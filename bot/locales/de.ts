import type { BotTexts } from './types.js';

export const de: BotTexts = {
  templates: {
    welcome:
      '👋 Hallo, {first_name}!\n\nIch helfe Ihnen, medizinische Kontakte in Ihrer Nähe zu finden. Senden Sie mir Ihren Standort oder geben Sie den Namen einer Stadt ein.\n\n{searches_left}.',
    help:
      'ℹ️ <b>So nutzen Sie diesen Bot</b>\n\n• Senden Sie Ihren Standort, um die nächstgelegenen medizinischen Kontakte zu sehen.\n• Oder geben Sie den Namen einer Stadt ein, zum Beispiel <i>München</i>.\n• Oder eine Fachrichtung mit Stadt: <i>Zahnarzt München</i> oder /find Zahnarzt München.\n\nJede Suche zählt zu Ihrem Tageslimit. {searches_left}.\n\nDie Schaltflächen unter einer Antwort (Fachrichtung, „Jetzt geöffnet“, „Weitere Ergebnisse“) sind 30 Minuten lang kostenlos; danach zählt ein Tippen wie eine neue Suche.',
    location_result: '📍 <b>Medizinische Kontakte in der Nähe von {city}</b>: {count}\nVerbleibende Suchen heute: {remaining} von {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>: unsere vertrauenswürdigsten Fachleute in Ihrer Nähe.',
    location_confirmation: 'Meinten Sie <b>{city}</b>? Wählen Sie den Ort, in dessen Nähe gesucht werden soll:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Leider, {first_name}, sind Ihre Suchen für heute aufgebraucht. {searches_left}.',
    broadcast: '📢 Hallo {first_name}! Es gibt Neuigkeiten vom MedContacts-Team.',
    custom: 'Vielen Dank, {first_name}! 💙',
  },
  refusals: {
    accessDenied:
      'Dieser Bot steht nur Mitgliedern unserer Partnergruppen zur Verfügung. Bitten Sie einen Gruppenadministrator, Sie hinzuzufügen, und versuchen Sie es dann erneut.',
    unauthorizedGroup: 'Diese Gruppe ist nicht für den Bot freigeschaltet. Bitten Sie das Team des Verzeichnisses, sie hinzuzufügen.',
    groupPaused: 'Der Bot ist in dieser Gruppe vorübergehend pausiert. Bitte versuchen Sie es später erneut.',
    blocked: 'Sie können diesen Bot nicht mehr nutzen. Wenn Sie das für einen Irrtum halten, wenden Sie sich an die Gruppenadministratoren.',
    maintenance: 'Der Bot wird gerade gewartet. Bitte versuchen Sie es etwas später noch einmal.',
    failure: 'Beim Antworten ist etwas schiefgelaufen. Bitte versuchen Sie es in einer Minute erneut.',
    noResults: (radiusKm, place) =>
      `Im Umkreis von ${radiusKm} km um ${place} wurden keine medizinischen Kontakte gefunden. Versuchen Sie es mit einem Standort näher an einer Ortschaft.`,
    badLocation: 'Dieser Standort konnte nicht gelesen werden. Bitte senden Sie ihn erneut über 📎 → Standort.',
  },
  unavailable: 'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es in einer Minute erneut.',
  cancel: '✖ Abbrechen',
  commands: {
    start: 'Starten und sehen, was dieser Bot kann',
    help: 'So finden Sie medizinische Kontakte in Ihrer Nähe',
    language: 'Sprache der Antworten wählen',
  },
  languageChoice: {
    question: 'In welcher Sprache soll ich Ihnen antworten?',
    chosen: 'Erledigt: Ab jetzt antworte ich Ihnen auf Deutsch.',
  },
};
