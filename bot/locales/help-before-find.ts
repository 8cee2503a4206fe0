import type { LanguageCode } from '../../api/contract/languages.js';

/**
 * The built-in help texts the bot seeded before it found by specialty: a database whose help template
 * still reads one of these (nobody edited it) is given today's text.
 */
export const HELP_BEFORE_FIND: Record<LanguageCode, string> = {
  en:
    'ℹ️ <b>How to use this bot</b>\n\n• Send your location (📎 → Location) to see the nearest medical contacts.\n• Or type the name of a city, for example <i>London</i>.\n\nEach search uses one of your {daily_limit} daily searches; {remaining} are left today.',
  uk:
    'ℹ️ <b>Як користуватися ботом</b>\n\n• Надішліть свою геопозицію (📎 → Геопозиція), щоб побачити найближчі медичні контакти.\n• Або напишіть назву міста, наприклад <i>Київ</i>.\n\nКожен пошук зараховується до денного ліміту ({daily_limit}). Сьогодні залишилося пошуків: {remaining}.',
  pl:
    'ℹ️ <b>Jak korzystać z bota</b>\n\n• Wyślij swoją lokalizację (📎 → Lokalizacja), aby zobaczyć najbliższe kontakty medyczne.\n• Albo wpisz nazwę miasta, na przykład <i>Kraków</i>.\n\nKażde wyszukiwanie wlicza się do dziennego limitu ({daily_limit}). Pozostało na dziś: {remaining}.',
  de:
    'ℹ️ <b>So nutzen Sie diesen Bot</b>\n\n• Senden Sie Ihren Standort (📎 → Standort), um die nächstgelegenen medizinischen Kontakte zu sehen.\n• Oder geben Sie den Namen einer Stadt ein, zum Beispiel <i>München</i>.\n\nJede Suche zählt zu Ihrem Tageslimit ({daily_limit}). Heute noch übrig: {remaining}.',
  fr:
    'ℹ️ <b>Comment utiliser ce bot</b>\n\n• Envoyez votre position (📎 → Position) pour voir les contacts médicaux les plus proches.\n• Ou tapez le nom d’une ville, par exemple <i>Lyon</i>.\n\nChaque recherche compte dans votre limite quotidienne ({daily_limit}). Restantes aujourd’hui\u00a0: {remaining}.',
  es:
    'ℹ️ <b>Cómo usar este bot</b>\n\n• Envíe su ubicación (📎 → Ubicación) para ver los contactos médicos más cercanos.\n• O escriba el nombre de una ciudad, por ejemplo <i>Madrid</i>.\n\nCada búsqueda cuenta para su límite diario ({daily_limit}). Le quedan hoy: {remaining}.',
  it:
    'ℹ️ <b>Come usare questo bot</b>\n\n• Invia la tua posizione (📎 → Posizione) per vedere i contatti medici più vicini.\n• Oppure scrivi il nome di una città, per esempio <i>Bologna</i>.\n\nOgni ricerca conta nel tuo limite giornaliero ({daily_limit}). Rimaste per oggi: {remaining}.',
  pt:
    'ℹ️ <b>Como usar este bot</b>\n\n• Envie sua localização (📎 → Localização) para ver os contatos médicos mais próximos.\n• Ou digite o nome de uma cidade, por exemplo <i>Porto</i>.\n\nCada busca conta para o seu limite diário ({daily_limit}). Restam hoje: {remaining}.',
};
