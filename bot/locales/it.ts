import type { BotTexts } from './types.js';

export const it: BotTexts = {
  templates: {
    welcome:
      '👋 Ciao, {first_name}!\n\nTi aiuto a trovare contatti medici vicino a te. Inviami la tua posizione oppure scrivi il nome di una città.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Come usare questo bot</b>\n\n• Invia la tua posizione per vedere i contatti medici più vicini.\n• Oppure scrivi il nome di una città, per esempio <i>Bologna</i>.\n• Oppure uno specialista con una città: <i>dentista Bologna</i>, o /find dentista Bologna.\n\nOgni ricerca conta nel tuo limite giornaliero. {searches_left}.\n\nI pulsanti sotto una risposta (specialità, «Aperto ora», «Altri risultati») sono gratuiti per 30 minuti; dopo, ogni tocco conta come una nuova ricerca.',
    location_result: '📍 <b>Contatti medici vicino a {city}</b>: {count}\nRicerche rimaste oggi: {remaining} su {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>: i nostri specialisti più affidabili vicino a te.',
    location_confirmation: 'Intendevi <b>{city}</b>? Scegli il luogo vicino al quale cercare:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Mi dispiace, {first_name}, hai esaurito le ricerche. {searches_left}.',
    broadcast: '📢 Ciao {first_name}! Ci sono novità dal team di MedContacts.',
    custom: 'Grazie, {first_name}! 💙',
  },
  refusals: {
    accessDenied: 'Questo bot è riservato ai membri dei nostri gruppi partner. Chiedi a un amministratore del gruppo di aggiungerti, poi riprova.',
    unauthorizedGroup: 'Questo gruppo non è autorizzato a usare il bot. Chiedi allo staff dell’elenco di aggiungerlo.',
    groupPaused: 'Il bot è in pausa in questo gruppo per ora. Riprova più tardi.',
    blocked: 'Non puoi più usare questo bot. Se pensi che sia un errore, contatta gli amministratori del gruppo.',
    maintenance: 'Il bot è in manutenzione. Riprova tra poco.',
    failure: 'Qualcosa è andato storto durante la risposta. Riprova tra un minuto.',
    noResults: (radiusKm, place) =>
      `Nessun contatto medico trovato entro ${radiusKm} km da ${place}. Prova con una posizione più vicina a un centro abitato.`,
    badLocation: 'Non è stato possibile leggere questa posizione. Inviala di nuovo con 📎 → Posizione.',
  },
  unavailable: 'Il servizio è temporaneamente non disponibile, riprova tra un minuto.',
  cancel: '✖ Annulla',
  commands: {
    start: 'Avvia e scopri cosa fa questo bot',
    help: 'Come trovare contatti medici vicino a te',
    language: 'Scegli la lingua delle risposte',
  },
  languageChoice: {
    question: 'In quale lingua vuoi che ti risponda?',
    chosen: 'Fatto: da ora in poi ti risponderò in italiano.',
  },
};
