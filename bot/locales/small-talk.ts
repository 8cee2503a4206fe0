import type { LanguageCode } from '../../api/contract/languages.js';

/**
 * Greetings, thanks and acknowledgements, which are no place's name: the bot answers them with its
 * help, not with places spelled alike ("Hallo" is not Halle, "thanks" is not Thann).
 */
export const SMALL_TALK: Record<LanguageCode, string[]> = {
  en: ['hi', 'hello', 'hey', 'hello there', 'good morning', 'good afternoon', 'good evening', 'thanks', 'thank you', 'thx', 'ok', 'okay', 'yes', 'no', 'bye', 'help'],
  uk: ['привіт', 'вітаю', 'добрий день', 'доброго дня', 'добрий ранок', 'добрий вечір', 'дякую', 'спасибі', 'так', 'ні', 'добре', 'бувай', 'допоможіть'],
  pl: ['cześć', 'hej', 'dzień dobry', 'dobry wieczór', 'dziękuję', 'dzięki', 'tak', 'nie', 'dobrze', 'pomocy'],
  de: ['hallo', 'hi', 'guten tag', 'guten morgen', 'guten abend', 'servus', 'moin', 'danke', 'danke schön', 'vielen dank', 'ja', 'nein', 'tschüss', 'hilfe'],
  fr: ['bonjour', 'salut', 'bonsoir', 'coucou', 'merci', 'merci beaucoup', 'oui', 'non', "d'accord", 'au revoir', 'aide'],
  it: ['ciao', 'salve', 'buongiorno', 'buonasera', 'grazie', 'grazie mille', 'sì', 'no', 'va bene', 'arrivederci', 'aiuto'],
  pt: ['olá', 'oi', 'bom dia', 'boa tarde', 'boa noite', 'obrigado', 'obrigada', 'sim', 'não', 'tchau', 'ajuda'],
  es: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'gracias', 'muchas gracias', 'sí', 'no', 'vale', 'adiós', 'ayuda'],
};
