import type { BotTexts } from './types.js';

export const en: BotTexts = {
  templates: {
    welcome:
      '👋 Hello, {first_name}!\n\nI help you find medical contacts near you. Send me your location or type the name of a city.\n\n{searches_left}.',
    help:
      'ℹ️ <b>How to use this bot</b>\n\n• Send your location to see the nearest medical contacts.\n• Or type the name of a city, for example <i>London</i>.\n• Or a specialist with a city: <i>dentist London</i>, or /find dentist London.\n\nEach search counts towards your daily limit. {searches_left}.\n\nThe buttons under an answer (a specialty, Open now, More results) are free for 30 minutes after it; later, a press counts as a new search.',
    location_result: '📍 <b>Medical contacts near {city}</b>: {count}\nSearches left today: {remaining} of {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>: our most trusted specialists near you.',
    location_confirmation: 'Did you mean <b>{city}</b>? Choose the place to search near:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Sorry, {first_name}, you have used today’s searches. {searches_left}.',
    broadcast: '📢 Hello {first_name}! There is news from the MedContacts team.',
    custom: 'Thank you, {first_name}! 💙',
  },
  refusals: {
    accessDenied: 'This bot is only for members of our partner groups. Ask a group administrator to add you, then try again.',
    unauthorizedGroup: 'This group is not authorized to use the bot. Ask the directory\'s staff to add it.',
    groupPaused: 'The bot is paused in this group for now. Please try again later.',
    blocked: 'You can no longer use this bot. If you think this is a mistake, contact the group administrators.',
    maintenance: 'The bot is down for maintenance. Please try again a little later.',
    failure: 'Something went wrong while answering. Please try again in a minute.',
    noResults: (radiusKm, place) => `No medical contacts were found within ${radiusKm} km of ${place}. Try a location closer to a town.`,
    badLocation: 'That location could not be read. Please send it again with 📎 → Location.',
  },
  unavailable: 'The service is temporarily unavailable, please try again in a minute.',
  cancel: '✖ Cancel',
  commands: {
    start: 'Start and see what this bot does',
    help: 'How to find medical contacts near you',
    language: 'Choose the language I answer in',
  },
  languageChoice: {
    question: 'Which language should I answer you in?',
    chosen: 'Done: from now on I will answer you in English.',
  },
};
