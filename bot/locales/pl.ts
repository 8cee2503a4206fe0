import type { BotTexts } from './types.js';

export const pl: BotTexts = {
  templates: {
    welcome:
      '👋 Cześć, {first_name}!\n\nPomagam znaleźć kontakty medyczne w pobliżu. Wyślij mi swoją lokalizację albo wpisz nazwę miasta.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Jak korzystać z bota</b>\n\n• Wyślij swoją lokalizację, aby zobaczyć najbliższe kontakty medyczne.\n• Albo wpisz nazwę miasta, na przykład <i>Kraków</i>.\n• Albo specjalistę z miastem: <i>dentysta Kraków</i> lub /find dentysta Kraków.\n\nKażde wyszukiwanie wlicza się do dziennego limitu. {searches_left}.\n\nPrzyciski pod odpowiedzią (specjalizacja, „Otwarte teraz”, „Więcej wyników”) są bezpłatne przez 30 minut od jej wysłania; później każde naciśnięcie liczy się jak nowe wyszukiwanie.',
    location_result: '📍 <b>Kontakty medyczne w pobliżu — {city}</b>: {count}\nPozostałe wyszukiwania na dziś: {remaining} z {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>: nasi najbardziej zaufani specjaliści w Twojej okolicy.',
    location_confirmation: 'Czy chodzi o <b>{city}</b>? Wybierz miejsce, w pobliżu którego mam szukać:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Przykro nam, {first_name}, dzisiejsze wyszukiwania się skończyły. {searches_left}.',
    broadcast: '📢 Cześć, {first_name}! Mamy wiadomości od zespołu MedContacts.',
    custom: 'Dziękujemy, {first_name}! 💙',
  },
  refusals: {
    accessDenied: 'Ten bot jest tylko dla członków naszych grup partnerskich. Poproś administratora grupy o dodanie Cię i spróbuj ponownie.',
    unauthorizedGroup: 'Ta grupa nie ma uprawnień do korzystania z bota. Poproś zespół katalogu o jej dodanie.',
    groupPaused: 'Bot jest w tej grupie chwilowo wstrzymany. Spróbuj ponownie później.',
    blocked: 'Nie możesz już korzystać z tego bota. Jeśli uważasz, że to pomyłka, skontaktuj się z administratorami grupy.',
    maintenance: 'Trwają prace konserwacyjne. Spróbuj ponownie za chwilę.',
    failure: 'Coś poszło nie tak podczas odpowiadania. Spróbuj ponownie za minutę.',
    noResults: (radiusKm, place) =>
      `W promieniu ${radiusKm} km nie znaleziono żadnych kontaktów medycznych (${place}). Spróbuj wysłać lokalizację bliżej jakiejś miejscowości.`,
    badLocation: 'Nie udało się odczytać tej lokalizacji. Wyślij ją ponownie przez 📎 → Lokalizacja.',
  },
  unavailable: 'Usługa jest chwilowo niedostępna, spróbuj ponownie za minutę.',
  cancel: '✖ Anuluj',
  commands: {
    start: 'Rozpocznij i zobacz, co potrafi bot',
    help: 'Jak znaleźć kontakty medyczne w pobliżu',
    language: 'Wybierz język odpowiedzi',
  },
  languageChoice: {
    question: 'W jakim języku mam odpowiadać?',
    chosen: 'Gotowe: od teraz odpowiadam po polsku.',
  },
};
