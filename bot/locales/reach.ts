import type { LanguageCode } from '../../api/contract/languages.js';
import type { ContactProblem } from '../../api/contract/contact-reports.js';

/** The texts of an answer's contact buttons, the venue and the reports (bot/answering/contact-buttons.ts and contact-card.ts, bot/features/venue.ts and reports.ts). */
export interface ReachTexts {
  /** The directions button's word, after the contact's number and 🧭. */
  route: string;
  report: string;
  askContact: string;
  askProblem: (name: string) => string;
  problems: Record<ContactProblem, string>;
  thanks: string;
  /** The thanks for "other", with the invitation to reply with a comment. */
  askComment: string;
  commentPlaceholder: string;
  commentThanks: string;
  alreadyReported: string;
  /** A report or a 📍 pressed on a message whose contacts the bot cannot tell (an old or edited answer). */
  noContacts: string;
  contactGone: string;
  /** Where a contact placed only by its city is, instead of a distance measured to its city's centre. */
  inCity: (city: string) => string;
  /** The 📍 venue's address of such a contact: the pin stands on the city's centre. */
  cityCentre: (place: string) => string;
}

export const REACH_TEXTS: Record<LanguageCode, ReachTexts> = {
  en: {
    route: 'Route',
    report: '⚠️ Report a problem',
    askContact: 'Which contact would you like to report?',
    askProblem: (name) => `What is wrong with ${name}?`,
    problems: { wrong_number: 'Wrong number', closed_or_moved: 'Closed or moved', no_answer: 'Does not answer', other: 'Something else' },
    thanks: 'Thank you! We will check this contact.',
    askComment: 'Thank you! We will check this contact. If you like, reply to this message and tell us what is wrong.',
    commentPlaceholder: 'What is wrong?',
    commentThanks: 'Thank you, we have added your note to the report.',
    alreadyReported: 'You have already reported this contact today. Thank you, we are looking into it.',
    noContacts: 'These contacts can no longer be chosen here. Send your location again for a fresh answer.',
    contactGone: 'This contact is no longer in our directory.',
    inCity: (city) => `in ${city}`,
    cityCentre: (place) => `${place} (the city centre: the address is not known)`,
  },
  uk: {
    route: 'Маршрут',
    report: '⚠️ Повідомити про проблему',
    askContact: 'Про який контакт ви хочете повідомити?',
    askProblem: (name) => `Що не так із контактом ${name}?`,
    problems: { wrong_number: 'Неправильний номер', closed_or_moved: 'Закрито або переїхали', no_answer: 'Не відповідає', other: 'Інше' },
    thanks: 'Дякуємо! Ми перевіримо цей контакт.',
    askComment: 'Дякуємо! Ми перевіримо цей контакт. Якщо хочете, дайте відповідь на це повідомлення й напишіть, що не так.',
    commentPlaceholder: 'Що не так?',
    commentThanks: 'Дякуємо, ми додали ваш коментар до повідомлення.',
    alreadyReported: 'Ви вже повідомляли про цей контакт сьогодні. Дякуємо, ми вже перевіряємо.',
    noContacts: 'Ці контакти тут більше не можна вибрати. Надішліть своє місцезнаходження ще раз, щоб отримати нову відповідь.',
    contactGone: 'Цього контакту більше немає в нашому довіднику.',
    inCity: (city) => `у місті ${city}`,
    cityCentre: (place) => `${place} (центр міста: адреса невідома)`,
  },
  pl: {
    route: 'Trasa',
    report: '⚠️ Zgłoś problem',
    askContact: 'Który kontakt chcesz zgłosić?',
    askProblem: (name) => `Co jest nie tak z kontaktem ${name}?`,
    problems: { wrong_number: 'Błędny numer', closed_or_moved: 'Zamknięte lub przeniesione', no_answer: 'Nie odbiera', other: 'Coś innego' },
    thanks: 'Dziękujemy! Sprawdzimy ten kontakt.',
    askComment: 'Dziękujemy! Sprawdzimy ten kontakt. Jeśli chcesz, odpowiedz na tę wiadomość i napisz, co jest nie tak.',
    commentPlaceholder: 'Co jest nie tak?',
    commentThanks: 'Dziękujemy, dodaliśmy Twoją uwagę do zgłoszenia.',
    alreadyReported: 'Ten kontakt został już dziś przez Ciebie zgłoszony. Dziękujemy, zajmujemy się tym.',
    noContacts: 'Tych kontaktów nie można już tu wybrać. Wyślij swoją lokalizację ponownie, aby dostać nową odpowiedź.',
    contactGone: 'Tego kontaktu nie ma już w naszym katalogu.',
    inCity: (city) => `w mieście ${city}`,
    cityCentre: (place) => `${place} (centrum miasta: adres nie jest znany)`,
  },
  de: {
    route: 'Route',
    report: '⚠️ Problem melden',
    askContact: 'Welchen Kontakt möchten Sie melden?',
    askProblem: (name) => `Was stimmt mit ${name} nicht?`,
    problems: { wrong_number: 'Falsche Nummer', closed_or_moved: 'Geschlossen oder umgezogen', no_answer: 'Nicht erreichbar', other: 'Etwas anderes' },
    thanks: 'Danke! Wir prüfen diesen Kontakt.',
    askComment: 'Danke! Wir prüfen diesen Kontakt. Wenn Sie möchten, antworten Sie auf diese Nachricht und schreiben Sie, was nicht stimmt.',
    commentPlaceholder: 'Was stimmt nicht?',
    commentThanks: 'Danke, wir haben Ihren Hinweis zur Meldung hinzugefügt.',
    alreadyReported: 'Sie haben diesen Kontakt heute schon gemeldet. Danke, wir kümmern uns darum.',
    noContacts: 'Diese Kontakte können hier nicht mehr gewählt werden. Senden Sie Ihren Standort erneut für eine neue Antwort.',
    contactGone: 'Dieser Kontakt ist nicht mehr in unserem Verzeichnis.',
    inCity: (city) => `in ${city}`,
    cityCentre: (place) => `${place} (Stadtzentrum: die Adresse ist nicht bekannt)`,
  },
  fr: {
    route: 'Itinéraire',
    report: '⚠️ Signaler un problème',
    askContact: 'Quel contact souhaitez-vous signaler ?',
    askProblem: (name) => `Quel est le problème avec ${name} ?`,
    problems: { wrong_number: 'Mauvais numéro', closed_or_moved: 'Fermé ou déménagé', no_answer: 'Ne répond pas', other: 'Autre chose' },
    thanks: 'Merci ! Nous allons vérifier ce contact.',
    askComment: 'Merci ! Nous allons vérifier ce contact. Si vous le souhaitez, répondez à ce message pour nous dire ce qui ne va pas.',
    commentPlaceholder: 'Qu’est-ce qui ne va pas ?',
    commentThanks: 'Merci, nous avons ajouté votre remarque au signalement.',
    alreadyReported: 'Vous avez déjà signalé ce contact aujourd’hui. Merci, nous nous en occupons.',
    noContacts: 'Ces contacts ne peuvent plus être choisis ici. Envoyez à nouveau votre position pour une nouvelle réponse.',
    contactGone: 'Ce contact ne figure plus dans notre annuaire.',
    inCity: (city) => `à ${city}`,
    cityCentre: (place) => `${place} (centre-ville : l’adresse n’est pas connue)`,
  },
  es: {
    route: 'Ruta',
    report: '⚠️ Informar de un problema',
    askContact: '¿De qué contacto quiere informar?',
    askProblem: (name) => `¿Qué ocurre con ${name}?`,
    problems: { wrong_number: 'Número incorrecto', closed_or_moved: 'Cerrado o trasladado', no_answer: 'No contesta', other: 'Otra cosa' },
    thanks: '¡Gracias! Revisaremos este contacto.',
    askComment: '¡Gracias! Revisaremos este contacto. Si quiere, responda a este mensaje y cuéntenos qué ocurre.',
    commentPlaceholder: '¿Qué ocurre?',
    commentThanks: 'Gracias, hemos añadido su nota al informe.',
    alreadyReported: 'Ya informó de este contacto hoy. Gracias, lo estamos revisando.',
    noContacts: 'Estos contactos ya no se pueden elegir aquí. Envíe su ubicación de nuevo para recibir una respuesta actualizada.',
    contactGone: 'Este contacto ya no está en nuestro directorio.',
    inCity: (city) => `en ${city}`,
    cityCentre: (place) => `${place} (centro de la ciudad: no se conoce la dirección)`,
  },
  it: {
    route: 'Percorso',
    report: '⚠️ Segnala un problema',
    askContact: 'Quale contatto vuoi segnalare?',
    askProblem: (name) => `Qual è il problema con ${name}?`,
    problems: { wrong_number: 'Numero errato', closed_or_moved: 'Chiuso o trasferito', no_answer: 'Non risponde', other: 'Altro' },
    thanks: 'Grazie! Verificheremo questo contatto.',
    askComment: 'Grazie! Verificheremo questo contatto. Se vuoi, rispondi a questo messaggio e dicci cosa non va.',
    commentPlaceholder: 'Cosa non va?',
    commentThanks: 'Grazie, abbiamo aggiunto la tua nota alla segnalazione.',
    alreadyReported: 'Hai già segnalato questo contatto oggi. Grazie, ce ne stiamo occupando.',
    noContacts: 'Questi contatti non si possono più scegliere qui. Invia di nuovo la tua posizione per una nuova risposta.',
    contactGone: 'Questo contatto non è più nel nostro elenco.',
    inCity: (city) => `a ${city}`,
    cityCentre: (place) => `${place} (centro città: l’indirizzo non è noto)`,
  },
  pt: {
    route: 'Rota',
    report: '⚠️ Informar um problema',
    askContact: 'Sobre qual contato você quer informar um problema?',
    askProblem: (name) => `O que há de errado com ${name}?`,
    problems: { wrong_number: 'Número errado', closed_or_moved: 'Fechado ou mudou de local', no_answer: 'Não atende', other: 'Outra coisa' },
    thanks: 'Obrigado! Vamos verificar este contato.',
    askComment: 'Obrigado! Vamos verificar este contato. Se quiser, responda a esta mensagem e conte para a gente o que está errado.',
    commentPlaceholder: 'O que está errado?',
    commentThanks: 'Obrigado, adicionamos sua observação ao relato.',
    alreadyReported: 'Você já informou um problema com este contato hoje. Obrigado, estamos cuidando disso.',
    noContacts: 'Estes contatos não podem mais ser escolhidos aqui. Envie sua localização de novo para uma nova resposta.',
    contactGone: 'Este contato não está mais no nosso diretório.',
    inCity: (city) => `em ${city}`,
    cityCentre: (place) => `${place} (centro da cidade: o endereço não é conhecido)`,
  },
};

export function reachTexts(language: LanguageCode): ReachTexts {
  return REACH_TEXTS[language];
}
