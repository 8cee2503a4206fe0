import type { LanguageCode } from '../../api/contract/languages.js';
import type { TemplateType } from '../../api/contract/message-templates.js';

/**
 * The built-in welcome and help texts from before the 📍 Share my location button: they told people to find
 * 📎 → Location themselves. A database whose templates still read one of these (nobody edited it) is given
 * today's text.
 */
export const BEFORE_SHARE_BUTTON: Record<LanguageCode, Pick<Record<TemplateType, string>, 'welcome' | 'help'>> = {
  en: {
    welcome:
      '👋 Hello, {first_name}!\n\nI help you find medical contacts near you. Send me your location (📎 → Location) or type the name of a city.\n\n{searches_left}.',
    help:
      'ℹ️ <b>How to use this bot</b>\n\n• Send your location (📎 → Location) to see the nearest medical contacts.\n• Or type the name of a city, for example <i>London</i>.\n• Or a specialist with a city: <i>dentist London</i>, or /find dentist London.\n\nEach search counts towards your daily limit. {searches_left}.\n\nThe buttons under an answer (a specialty, Open now, More results) are free for 30 minutes after it; later, a press counts as a new search.',
  },
  uk: {
    welcome:
      '👋 Вітаю, {first_name}!\n\nЯ допомагаю знайти медичні контакти поруч із вами. Надішліть мені свою геопозицію (📎 → Геопозиція) або напишіть назву міста.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Як користуватися ботом</b>\n\n• Надішліть свою геопозицію (📎 → Геопозиція), щоб побачити найближчі медичні контакти.\n• Або напишіть назву міста, наприклад <i>Київ</i>.\n• Або фахівця разом із містом: <i>стоматолог Київ</i>, чи /find стоматолог Київ.\n\nКожен пошук зараховується до денного ліміту. {searches_left}.\n\nКнопки під відповіддю (спеціальність, «Відкрито зараз», «Більше результатів») безкоштовні протягом 30 хвилин після неї; пізніше натискання зараховується як новий пошук.',
  },
  pl: {
    welcome:
      '👋 Cześć, {first_name}!\n\nPomagam znaleźć kontakty medyczne w pobliżu. Wyślij mi swoją lokalizację (📎 → Lokalizacja) albo wpisz nazwę miasta.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Jak korzystać z bota</b>\n\n• Wyślij swoją lokalizację (📎 → Lokalizacja), aby zobaczyć najbliższe kontakty medyczne.\n• Albo wpisz nazwę miasta, na przykład <i>Kraków</i>.\n• Albo specjalistę z miastem: <i>dentysta Kraków</i> lub /find dentysta Kraków.\n\nKażde wyszukiwanie wlicza się do dziennego limitu. {searches_left}.\n\nPrzyciski pod odpowiedzią (specjalizacja, „Otwarte teraz”, „Więcej wyników”) są bezpłatne przez 30 minut od jej wysłania; później każde naciśnięcie liczy się jak nowe wyszukiwanie.',
  },
  de: {
    welcome:
      '👋 Hallo, {first_name}!\n\nIch helfe Ihnen, medizinische Kontakte in Ihrer Nähe zu finden. Senden Sie mir Ihren Standort (📎 → Standort) oder geben Sie den Namen einer Stadt ein.\n\n{searches_left}.',
    help:
      'ℹ️ <b>So nutzen Sie diesen Bot</b>\n\n• Senden Sie Ihren Standort (📎 → Standort), um die nächstgelegenen medizinischen Kontakte zu sehen.\n• Oder geben Sie den Namen einer Stadt ein, zum Beispiel <i>München</i>.\n• Oder eine Fachrichtung mit Stadt: <i>Zahnarzt München</i> oder /find Zahnarzt München.\n\nJede Suche zählt zu Ihrem Tageslimit. {searches_left}.\n\nDie Schaltflächen unter einer Antwort (Fachrichtung, „Jetzt geöffnet“, „Weitere Ergebnisse“) sind 30 Minuten lang kostenlos; danach zählt ein Tippen wie eine neue Suche.',
  },
  fr: {
    welcome:
      '👋 Bonjour {first_name}\u202f!\n\nJe vous aide à trouver des contacts médicaux près de chez vous. Envoyez-moi votre position (📎 → Position) ou tapez le nom d’une ville.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Comment utiliser ce bot</b>\n\n• Envoyez votre position (📎 → Position) pour voir les contacts médicaux les plus proches.\n• Ou tapez le nom d’une ville, par exemple <i>Lyon</i>.\n• Ou un spécialiste avec une ville : <i>dentiste Lyon</i>, ou /find dentiste Lyon.\n\nChaque recherche compte dans votre limite quotidienne. {searches_left}.\n\nLes boutons sous une réponse (spécialité, « Ouvert maintenant », « Plus de résultats ») sont gratuits pendant 30 minutes ; ensuite, chaque appui compte comme une nouvelle recherche.',
  },
  es: {
    welcome:
      '👋 ¡Hola, {first_name}!\n\nLe ayudo a encontrar contactos médicos cerca de usted. Envíeme su ubicación (📎 → Ubicación) o escriba el nombre de una ciudad.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Cómo usar este bot</b>\n\n• Envíe su ubicación (📎 → Ubicación) para ver los contactos médicos más cercanos.\n• O escriba el nombre de una ciudad, por ejemplo <i>Madrid</i>.\n• O un especialista con una ciudad: <i>dentista Madrid</i>, o /find dentista Madrid.\n\nCada búsqueda cuenta para su límite diario. {searches_left}.\n\nLos botones bajo una respuesta (especialidad, «Abierto ahora», «Más resultados») son gratis durante 30 minutos; después, cada pulsación cuenta como una búsqueda nueva.',
  },
  it: {
    welcome:
      '👋 Ciao, {first_name}!\n\nTi aiuto a trovare contatti medici vicino a te. Inviami la tua posizione (📎 → Posizione) oppure scrivi il nome di una città.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Come usare questo bot</b>\n\n• Invia la tua posizione (📎 → Posizione) per vedere i contatti medici più vicini.\n• Oppure scrivi il nome di una città, per esempio <i>Bologna</i>.\n• Oppure uno specialista con una città: <i>dentista Bologna</i>, o /find dentista Bologna.\n\nOgni ricerca conta nel tuo limite giornaliero. {searches_left}.\n\nI pulsanti sotto una risposta (specialità, «Aperto ora», «Altri risultati») sono gratuiti per 30 minuti; dopo, ogni tocco conta come una nuova ricerca.',
  },
  pt: {
    welcome:
      '👋 Olá, {first_name}!\n\nEu ajudo você a encontrar contatos médicos por perto. Envie sua localização (📎 → Localização) ou digite o nome de uma cidade.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Como usar este bot</b>\n\n• Envie sua localização (📎 → Localização) para ver os contatos médicos mais próximos.\n• Ou digite o nome de uma cidade, por exemplo <i>Porto</i>.\n• Ou um especialista com uma cidade: <i>dentista Porto</i>, ou /find dentista Porto.\n\nCada busca conta para o seu limite diário. {searches_left}.\n\nOs botões sob uma resposta (especialidade, «Aberto agora», «Mais resultados») são gratuitos durante 30 minutos; depois, cada toque conta como uma nova busca.',
  },};
