/** The name traditions demo people come from. */
export type Culture = 'en' | 'fr' | 'de' | 'es' | 'it' | 'pt' | 'nl' | 'pl' | 'uk' | 'ar';

/** First and last names common in each culture (last names that do not change with gender). */
export const NAMES: Record<Culture, { first: readonly string[]; last: readonly string[] }> = {
  en: {
    first: ['Emily', 'James', 'Olivia', 'Thomas', 'Sophie', 'Daniel', 'Hannah', 'Michael', 'Grace', 'David', 'Chloe', 'Robert', 'Megan', 'Andrew', 'Lucy', 'Ryan'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Carter', 'Patel', 'Khan', 'Murphy'],
  },
  fr: {
    first: ['Camille', 'Louis', 'Manon', 'Hugo', 'Léa', 'Julien', 'Chloé', 'Antoine', 'Inès', 'Mathieu', 'Sarah', 'Nicolas', 'Élodie', 'Pierre', 'Margaux', 'Thibault'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'Fournier'],
  },
  de: {
    first: ['Anna', 'Lukas', 'Lena', 'Jonas', 'Marie', 'Felix', 'Laura', 'Maximilian', 'Julia', 'Paul', 'Katharina', 'Tobias', 'Sophie', 'Florian', 'Johanna', 'Stefan'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Braun'],
  },
  es: {
    first: ['Lucía', 'Javier', 'María', 'Alejandro', 'Carmen', 'Pablo', 'Elena', 'Sergio', 'Laura', 'Diego', 'Marta', 'Álvaro', 'Paula', 'Carlos', 'Irene', 'Raúl'],
    last: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Romero', 'Navarro', 'Torres'],
  },
  it: {
    first: ['Giulia', 'Marco', 'Francesca', 'Alessandro', 'Chiara', 'Luca', 'Sara', 'Matteo', 'Martina', 'Davide', 'Elisa', 'Andrea', 'Valentina', 'Stefano', 'Federica', 'Giorgio'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Costa', 'Fontana'],
  },
  pt: {
    first: ['Beatriz', 'João', 'Inês', 'Tiago', 'Mariana', 'Rui', 'Ana', 'Miguel', 'Catarina', 'Pedro', 'Sofia', 'Nuno', 'Rita', 'Diogo', 'Joana', 'André'],
    last: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Fernandes', 'Gonçalves', 'Gomes', 'Lopes', 'Marques', 'Almeida', 'Ribeiro'],
  },
  nl: {
    first: ['Sanne', 'Daan', 'Emma', 'Bram', 'Fleur', 'Sem', 'Lotte', 'Thijs', 'Anouk', 'Ruben', 'Eva', 'Jeroen', 'Iris', 'Joost', 'Femke', 'Wouter'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters'],
  },
  pl: {
    first: ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Agnieszka', 'Paweł', 'Magdalena', 'Michał', 'Joanna', 'Krzysztof', 'Monika', 'Marcin', 'Ewa', 'Jakub', 'Aleksandra', 'Łukasz'],
    last: ['Nowak', 'Wójcik', 'Kowalczyk', 'Mazur', 'Krawczyk', 'Zając', 'Król', 'Wieczorek', 'Wróbel', 'Dudek', 'Pawlak', 'Sikora', 'Baran', 'Michalak', 'Szewczyk', 'Kaczmarek'],
  },
  uk: {
    first: ['Olena', 'Andriy', 'Iryna', 'Oleksandr', 'Nataliya', 'Dmytro', 'Oksana', 'Serhiy', 'Yuliya', 'Mykola', 'Tetiana', 'Volodymyr', 'Kateryna', 'Bohdan', 'Svitlana', 'Taras'],
    last: ['Kovalenko', 'Shevchenko', 'Bondarenko', 'Tkachenko', 'Melnyk', 'Kravchenko', 'Boyko', 'Lysenko', 'Marchenko', 'Savchenko', 'Rudenko', 'Moroz', 'Petrenko', 'Hnatyuk', 'Oliynyk', 'Ivanenko'],
  },
  ar: {
    first: ['Ahmed', 'Fatima', 'Omar', 'Layla', 'Youssef', 'Amira', 'Karim', 'Nour', 'Hassan', 'Mariam', 'Samir', 'Yasmin', 'Tariq', 'Salma', 'Bilal', 'Rania'],
    last: ['Haddad', 'Khalil', 'Mansour', 'Nasser', 'Saleh', 'Hamdan', 'Aziz', 'Darwish', 'Farouk', 'Ibrahim', 'Jaber', 'Karam', 'Mahmoud', 'Rahman', 'Sabbagh', 'Zaki'],
  },
};

/** The Telegram language code of each culture. */
export const LANGUAGE_CODES: Record<Culture, string> = {
  en: 'en', fr: 'fr', de: 'de', es: 'es', it: 'it', pt: 'pt', nl: 'nl', pl: 'pl', uk: 'uk', ar: 'ar',
};

/** Lower-case ASCII letters and digits only, for Telegram usernames: "Łukasz Wróbel" → "lukaszwrobel". */
export function asciiHandle(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}
