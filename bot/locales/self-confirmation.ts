import type { LanguageCode } from '../../api/contract/languages.js';
import type { ProposalField } from '../../api/contract/self-confirmation.js';

/** What the bot says to a doctor or clinic checking their own listing (bot/features/self-confirmation.ts, bot/broadcasts/confirmation-reminders.ts). */
export interface SelfConfirmationTexts {
  /** A token used, expired, replaced, or never made. */
  invalidLink: string;
  /** Above the card, when the link is opened. */
  intro: string;
  /** Above the card, when the bot asks by itself after the cycle. */
  reminder: string;
  question: string;
  allCorrect: string;
  somethingChanged: string;
  /** After ✅ All correct. */
  confirmed: string;
  askWhat: string;
  fields: Record<ProposalField, string>;
  /** The prompt for the new value of a field, answered as a reply. */
  askValue: Record<ProposalField, string>;
  placeholder: string;
  /** After an answer: what happens to it, and whether anything else changed. */
  received: string;
  nothingElse: string;
  /** After "That is all". */
  thanks: string;
  /** Under the question, how to stop the reminders. */
  stopHint: string;
  remindersStopped: string;
  noReminders: string;
}

export const SELF_CONFIRMATION_TEXTS: Record<LanguageCode, SelfConfirmationTexts> = {
  en: {
    invalidLink: "This link is no longer valid; ask the directory's staff for a new one.",
    intro: "This is how the bot shows your listing to the people who ask it:",
    reminder: "It is time to check your listing again. This is how the bot shows it:",
    question: 'Is this still right?',
    allCorrect: '✅ All correct',
    somethingChanged: '✏️ Something changed',
    confirmed: 'Thank you! Your listing is marked as checked by you.',
    askWhat: 'What changed?',
    fields: { phone: 'Phone', address: 'Address', hours: 'Opening hours', specialty: 'Specialty', languages: 'Languages', closed: 'Closed for good' },
    askValue: {
      phone: 'Reply to this message with the new phone number.',
      address: 'Reply to this message with the new address.',
      hours: 'Reply to this message with the new opening hours, for example "Mon–Fri 9–17".',
      specialty: 'Reply to this message with the right specialty.',
      languages: 'Reply to this message with the languages spoken, for example "English, German".',
      closed: 'Reply to this message with when it closed, and anything patients should know.',
    },
    placeholder: 'What is right now?',
    received: "Thank you! The directory's staff will check this before the listing changes. Did anything else change?",
    nothingElse: 'That is all',
    thanks: "Thank you! The directory's staff will review your changes.",
    stopHint: 'Send /stop_reminders if you no longer want these reminders.',
    remindersStopped: 'Done: the bot will no longer ask you to check your listing.',
    noReminders: 'You have no reminders to stop.',
  },
  uk: {
    invalidLink: 'Це посилання більше не дійсне; попросіть у працівників довідника нове.',
    intro: 'Так бот показує ваш запис людям, які до нього звертаються:',
    reminder: 'Час знову перевірити ваш запис. Так його показує бот:',
    question: 'Чи все ще правильно?',
    allCorrect: '✅ Усе правильно',
    somethingChanged: '✏️ Щось змінилося',
    confirmed: 'Дякуємо! Ваш запис позначено як перевірений вами.',
    askWhat: 'Що змінилося?',
    fields: { phone: 'Телефон', address: 'Адреса', hours: 'Години роботи', specialty: 'Спеціальність', languages: 'Мови', closed: 'Закрито назавжди' },
    askValue: {
      phone: 'Дайте відповідь на це повідомлення з новим номером телефону.',
      address: 'Дайте відповідь на це повідомлення з новою адресою.',
      hours: 'Дайте відповідь на це повідомлення з новими годинами роботи, наприклад «Пн–Пт 9–17».',
      specialty: 'Дайте відповідь на це повідомлення з правильною спеціальністю.',
      languages: 'Дайте відповідь на це повідомлення з мовами, якими ви говорите, наприклад «українська, англійська».',
      closed: 'Дайте відповідь на це повідомлення: коли закрилося і що варто знати пацієнтам.',
    },
    placeholder: 'Як правильно зараз?',
    received: 'Дякуємо! Працівники довідника перевірять це, перш ніж запис зміниться. Щось іще змінилося?',
    nothingElse: 'Це все',
    thanks: 'Дякуємо! Працівники довідника перевірять ваші зміни.',
    stopHint: 'Надішліть /stop_reminders, якщо більше не хочете цих нагадувань.',
    remindersStopped: 'Готово: бот більше не проситиме вас перевірити запис.',
    noReminders: 'У вас немає нагадувань, які можна зупинити.',
  },
  pl: {
    invalidLink: 'Ten link jest już nieważny; poproś obsługę katalogu o nowy.',
    intro: 'Tak bot pokazuje Twój wpis osobom, które go pytają:',
    reminder: 'Czas ponownie sprawdzić Twój wpis. Tak pokazuje go bot:',
    question: 'Czy to nadal się zgadza?',
    allCorrect: '✅ Wszystko się zgadza',
    somethingChanged: '✏️ Coś się zmieniło',
    confirmed: 'Dziękujemy! Twój wpis jest oznaczony jako sprawdzony przez Ciebie.',
    askWhat: 'Co się zmieniło?',
    fields: { phone: 'Telefon', address: 'Adres', hours: 'Godziny otwarcia', specialty: 'Specjalizacja', languages: 'Języki', closed: 'Zamknięte na stałe' },
    askValue: {
      phone: 'Odpowiedz na tę wiadomość, podając nowy numer telefonu.',
      address: 'Odpowiedz na tę wiadomość, podając nowy adres.',
      hours: 'Odpowiedz na tę wiadomość, podając nowe godziny otwarcia, na przykład „pon–pt 9–17”.',
      specialty: 'Odpowiedz na tę wiadomość, podając właściwą specjalizację.',
      languages: 'Odpowiedz na tę wiadomość, podając języki, w których mówisz, na przykład „polski, angielski”.',
      closed: 'Odpowiedz na tę wiadomość: kiedy zamknięto i co powinni wiedzieć pacjenci.',
    },
    placeholder: 'Jak jest teraz?',
    received: 'Dziękujemy! Obsługa katalogu sprawdzi to, zanim wpis się zmieni. Czy zmieniło się coś jeszcze?',
    nothingElse: 'To wszystko',
    thanks: 'Dziękujemy! Obsługa katalogu sprawdzi Twoje zmiany.',
    stopHint: 'Wyślij /stop_reminders, jeśli nie chcesz już tych przypomnień.',
    remindersStopped: 'Gotowe: bot nie będzie już prosić o sprawdzenie wpisu.',
    noReminders: 'Nie masz przypomnień do wyłączenia.',
  },
  de: {
    invalidLink: 'Dieser Link ist nicht mehr gültig; bitten Sie die Mitarbeiter des Verzeichnisses um einen neuen.',
    intro: 'So zeigt der Bot Ihren Eintrag den Menschen, die ihn fragen:',
    reminder: 'Es ist Zeit, Ihren Eintrag wieder zu prüfen. So zeigt ihn der Bot:',
    question: 'Stimmt das noch?',
    allCorrect: '✅ Alles richtig',
    somethingChanged: '✏️ Etwas hat sich geändert',
    confirmed: 'Danke! Ihr Eintrag ist als von Ihnen geprüft markiert.',
    askWhat: 'Was hat sich geändert?',
    fields: { phone: 'Telefon', address: 'Adresse', hours: 'Öffnungszeiten', specialty: 'Fachrichtung', languages: 'Sprachen', closed: 'Dauerhaft geschlossen' },
    askValue: {
      phone: 'Antworten Sie auf diese Nachricht mit der neuen Telefonnummer.',
      address: 'Antworten Sie auf diese Nachricht mit der neuen Adresse.',
      hours: 'Antworten Sie auf diese Nachricht mit den neuen Öffnungszeiten, zum Beispiel „Mo–Fr 9–17“.',
      specialty: 'Antworten Sie auf diese Nachricht mit der richtigen Fachrichtung.',
      languages: 'Antworten Sie auf diese Nachricht mit den gesprochenen Sprachen, zum Beispiel „Deutsch, Englisch“.',
      closed: 'Antworten Sie auf diese Nachricht: seit wann geschlossen, und was Patienten wissen sollten.',
    },
    placeholder: 'Was stimmt jetzt?',
    received: 'Danke! Die Mitarbeiter des Verzeichnisses prüfen das, bevor sich der Eintrag ändert. Hat sich noch etwas geändert?',
    nothingElse: 'Das ist alles',
    thanks: 'Danke! Die Mitarbeiter des Verzeichnisses prüfen Ihre Änderungen.',
    stopHint: 'Senden Sie /stop_reminders, wenn Sie diese Erinnerungen nicht mehr möchten.',
    remindersStopped: 'Erledigt: Der Bot bittet Sie nicht mehr, Ihren Eintrag zu prüfen.',
    noReminders: 'Sie haben keine Erinnerungen, die sich abstellen ließen.',
  },
  fr: {
    invalidLink: "Ce lien n'est plus valable ; demandez-en un nouveau à l'équipe de l'annuaire.",
    intro: 'Voici comment le bot présente votre fiche aux personnes qui le consultent :',
    reminder: 'Il est temps de vérifier à nouveau votre fiche. Voici comment le bot la présente :',
    question: 'Est-ce toujours exact ?',
    allCorrect: '✅ Tout est exact',
    somethingChanged: "✏️ Quelque chose a changé",
    confirmed: 'Merci ! Votre fiche est marquée comme vérifiée par vous.',
    askWhat: "Qu'est-ce qui a changé ?",
    fields: { phone: 'Téléphone', address: 'Adresse', hours: "Horaires d'ouverture", specialty: 'Spécialité', languages: 'Langues', closed: 'Fermé définitivement' },
    askValue: {
      phone: 'Répondez à ce message avec le nouveau numéro de téléphone.',
      address: 'Répondez à ce message avec la nouvelle adresse.',
      hours: "Répondez à ce message avec les nouveaux horaires d'ouverture, par exemple « lun–ven 9–17 ».",
      specialty: 'Répondez à ce message avec la bonne spécialité.',
      languages: 'Répondez à ce message avec les langues parlées, par exemple « français, anglais ».',
      closed: "Répondez à ce message : depuis quand c'est fermé, et ce que les patients doivent savoir.",
    },
    placeholder: "Qu'est-ce qui est exact maintenant ?",
    received: "Merci ! L'équipe de l'annuaire le vérifiera avant que la fiche ne change. Autre chose a-t-il changé ?",
    nothingElse: "C'est tout",
    thanks: "Merci ! L'équipe de l'annuaire examinera vos modifications.",
    stopHint: 'Envoyez /stop_reminders si vous ne voulez plus de ces rappels.',
    remindersStopped: 'C’est fait : le bot ne vous demandera plus de vérifier votre fiche.',
    noReminders: "Vous n'avez aucun rappel à arrêter.",
  },
  es: {
    invalidLink: 'Este enlace ya no es válido; pide uno nuevo al personal del directorio.',
    intro: 'Así muestra el bot tu ficha a las personas que le consultan:',
    reminder: 'Es hora de volver a comprobar tu ficha. Así la muestra el bot:',
    question: '¿Sigue siendo correcto?',
    allCorrect: '✅ Todo correcto',
    somethingChanged: '✏️ Algo ha cambiado',
    confirmed: '¡Gracias! Tu ficha queda marcada como comprobada por ti.',
    askWhat: '¿Qué ha cambiado?',
    fields: { phone: 'Teléfono', address: 'Dirección', hours: 'Horario', specialty: 'Especialidad', languages: 'Idiomas', closed: 'Cerrado definitivamente' },
    askValue: {
      phone: 'Responde a este mensaje con el nuevo número de teléfono.',
      address: 'Responde a este mensaje con la nueva dirección.',
      hours: 'Responde a este mensaje con el nuevo horario, por ejemplo «lun–vie 9–17».',
      specialty: 'Responde a este mensaje con la especialidad correcta.',
      languages: 'Responde a este mensaje con los idiomas que se hablan, por ejemplo «español, inglés».',
      closed: 'Responde a este mensaje: desde cuándo está cerrado y qué deben saber los pacientes.',
    },
    placeholder: '¿Qué es correcto ahora?',
    received: '¡Gracias! El personal del directorio lo revisará antes de cambiar la ficha. ¿Ha cambiado algo más?',
    nothingElse: 'Eso es todo',
    thanks: '¡Gracias! El personal del directorio revisará tus cambios.',
    stopHint: 'Envía /stop_reminders si ya no quieres estos recordatorios.',
    remindersStopped: 'Hecho: el bot ya no te pedirá que compruebes tu ficha.',
    noReminders: 'No tienes recordatorios que detener.',
  },
  it: {
    invalidLink: 'Questo link non è più valido; chiedine uno nuovo al personale dell’elenco.',
    intro: 'Ecco come il bot mostra la tua scheda a chi lo consulta:',
    reminder: 'È ora di ricontrollare la tua scheda. Ecco come la mostra il bot:',
    question: 'È ancora tutto giusto?',
    allCorrect: '✅ Tutto giusto',
    somethingChanged: '✏️ Qualcosa è cambiato',
    confirmed: 'Grazie! La tua scheda risulta controllata da te.',
    askWhat: 'Che cosa è cambiato?',
    fields: { phone: 'Telefono', address: 'Indirizzo', hours: 'Orari di apertura', specialty: 'Specialità', languages: 'Lingue', closed: 'Chiuso definitivamente' },
    askValue: {
      phone: 'Rispondi a questo messaggio con il nuovo numero di telefono.',
      address: 'Rispondi a questo messaggio con il nuovo indirizzo.',
      hours: 'Rispondi a questo messaggio con i nuovi orari di apertura, per esempio «lun–ven 9–17».',
      specialty: 'Rispondi a questo messaggio con la specialità giusta.',
      languages: 'Rispondi a questo messaggio con le lingue parlate, per esempio «italiano, inglese».',
      closed: 'Rispondi a questo messaggio: da quando è chiuso e che cosa devono sapere i pazienti.',
    },
    placeholder: 'Che cosa è giusto ora?',
    received: 'Grazie! Il personale dell’elenco lo verificherà prima di cambiare la scheda. È cambiato altro?',
    nothingElse: 'È tutto',
    thanks: 'Grazie! Il personale dell’elenco esaminerà le tue modifiche.',
    stopHint: 'Invia /stop_reminders se non vuoi più questi promemoria.',
    remindersStopped: 'Fatto: il bot non ti chiederà più di controllare la tua scheda.',
    noReminders: 'Non hai promemoria da fermare.',
  },
  pt: {
    invalidLink: 'Este link já não é válido; peça um novo à equipa do diretório.',
    intro: 'É assim que o bot mostra o seu registo a quem o consulta:',
    reminder: 'Está na hora de verificar de novo o seu registo. É assim que o bot o mostra:',
    question: 'Ainda está correto?',
    allCorrect: '✅ Tudo correto',
    somethingChanged: '✏️ Algo mudou',
    confirmed: 'Obrigado! O seu registo fica marcado como verificado por si.',
    askWhat: 'O que mudou?',
    fields: { phone: 'Telefone', address: 'Morada', hours: 'Horário', specialty: 'Especialidade', languages: 'Idiomas', closed: 'Fechado definitivamente' },
    askValue: {
      phone: 'Responda a esta mensagem com o novo número de telefone.',
      address: 'Responda a esta mensagem com a nova morada.',
      hours: 'Responda a esta mensagem com o novo horário, por exemplo «seg–sex 9–17».',
      specialty: 'Responda a esta mensagem com a especialidade correta.',
      languages: 'Responda a esta mensagem com os idiomas falados, por exemplo «português, inglês».',
      closed: 'Responda a esta mensagem: desde quando está fechado e o que os pacientes devem saber.',
    },
    placeholder: 'O que está correto agora?',
    received: 'Obrigado! A equipa do diretório vai verificar isto antes de o registo mudar. Mudou mais alguma coisa?',
    nothingElse: 'É tudo',
    thanks: 'Obrigado! A equipa do diretório vai rever as suas alterações.',
    stopHint: 'Envie /stop_reminders se já não quiser estes lembretes.',
    remindersStopped: 'Feito: o bot já não lhe vai pedir para verificar o seu registo.',
    noReminders: 'Não tem lembretes para parar.',
  },
};

export function selfConfirmationTexts(language: LanguageCode): SelfConfirmationTexts {
  return SELF_CONFIRMATION_TEXTS[language];
}
