import type { BotTexts } from './types.js';

// French typography: a no-break space before ":" (\u00a0) and a narrow one before "!" and "?" (\u202f).
export const fr: BotTexts = {
  templates: {
    welcome:
      '👋 Bonjour {first_name}\u202f!\n\nJe vous aide à trouver des contacts médicaux près de chez vous. Envoyez-moi votre position ou tapez le nom d’une ville.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Comment utiliser ce bot</b>\n\n• Envoyez votre position pour voir les contacts médicaux les plus proches.\n• Ou tapez le nom d’une ville, par exemple <i>Lyon</i>.\n• Ou un spécialiste avec une ville : <i>dentiste Lyon</i>, ou /find dentiste Lyon.\n\nChaque recherche compte dans votre limite quotidienne. {searches_left}.\n\nLes boutons sous une réponse (spécialité, « Ouvert maintenant », « Plus de résultats ») sont gratuits pendant 30 minutes ; ensuite, chaque appui compte comme une nouvelle recherche.',
    location_result: '📍 <b>Contacts médicaux près de {city}</b>\u00a0: {count}\nRecherches restantes aujourd’hui\u00a0: {remaining} sur {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>\u00a0: nos spécialistes les plus fiables près de chez vous.',
    location_confirmation: 'Vouliez-vous dire <b>{city}</b>\u202f? Choisissez le lieu autour duquel chercher\u00a0:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Désolé, {first_name}, vos recherches du jour sont épuisées. {searches_left}.',
    broadcast: '📢 Bonjour {first_name}\u202f! L’équipe MedContacts a des nouvelles pour vous.',
    custom: 'Merci, {first_name}\u202f! 💙',
  },
  refusals: {
    accessDenied: 'Ce bot est réservé aux membres de nos groupes partenaires. Demandez à un administrateur du groupe de vous ajouter, puis réessayez.',
    unauthorizedGroup: 'Ce groupe n’est pas autorisé à utiliser le bot. Demandez à l’équipe de l’annuaire de l’ajouter.',
    groupPaused: 'Le bot est en pause dans ce groupe pour le moment. Réessayez plus tard.',
    blocked: 'Vous ne pouvez plus utiliser ce bot. Si vous pensez qu’il s’agit d’une erreur, contactez les administrateurs du groupe.',
    maintenance: 'Le bot est en maintenance. Veuillez réessayer un peu plus tard.',
    failure: 'Une erreur s’est produite pendant la réponse. Veuillez réessayer dans une minute.',
    noResults: (radiusKm, place) =>
      `Aucun contact médical n’a été trouvé dans un rayon de ${radiusKm}\u00a0km autour de ${place}. Essayez une position plus proche d’une localité.`,
    badLocation: 'Impossible de lire cette position. Veuillez la renvoyer avec 📎 → Position.',
  },
  unavailable: 'Le service est temporairement indisponible, veuillez réessayer dans une minute.',
  cancel: '✖ Annuler',
  commands: {
    start: 'Démarrer et découvrir ce que fait ce bot',
    help: 'Comment trouver des contacts médicaux près de chez vous',
    language: 'Choisir la langue des réponses',
  },
  languageChoice: {
    question: 'Dans quelle langue dois-je vous répondre\u202f?',
    chosen: 'C’est fait\u00a0: désormais, je vous réponds en français.',
  },
};
