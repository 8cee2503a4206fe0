import t from 'tap';
import { parseSpecialtyQuery as parseWith } from '../../bot/answering/specialties.js';
import { KNOWN_TAXONOMY, specialtyTaxonomy } from '../../api/contract/specialties.js';

const parseSpecialtyQuery = (text: string, specialties: readonly string[]) => parseWith(text, specialties, KNOWN_TAXONOMY);

const DIRECTORY = [
  'General Practice', 'Pediatrics', 'Dentistry', 'Gynecology', 'Cardiology', 'Dermatology', 'Psychiatry', 'Orthopedics',
  'Emergency Medicine', 'Ophthalmology', 'Neurology', 'Otolaryngology', 'Physiotherapy', 'Endocrinology', 'Urology',
];

t.test('a specialty in any language the bot speaks, with or without a place', async (t) => {
  const cases: [string, string, string][] = [
    ['dentist', 'Dentistry', ''],
    ['Dentistry', 'Dentistry', ''],
    ['стоматолог', 'Dentistry', ''],
    ['Zahnarzt Berlin', 'Dentistry', 'Berlin'],
    ['dentiste à Lyon', 'Dentistry', 'Lyon'],
    ['dentista', 'Dentistry', ''],
    ['pediatra Madrid', 'Pediatrics', 'Madrid'],
    ['paediatrician Kyiv', 'Pediatrics', 'Kyiv'],
    ['kardiolog Warszawa', 'Cardiology', 'Warszawa'],
    ['cardiology near Lyon', 'Cardiology', 'Lyon'],
    ['Lyon cardiology', 'Cardiology', 'Lyon'],
    ['cardiolgy', 'Cardiology', ''],
    ['DERMATOLOGUE', 'Dermatology', ''],
    ['eye doctor in New York', 'Ophthalmology', 'New York'],
    ['педіатр у Києві', 'Pediatrics', 'Києві'],
    ['pronto soccorso Roma', 'Emergency Medicine', 'Roma'],
    ['ginecologista em São Paulo', 'Gynecology', 'São Paulo'],
    ['Kinderärztin', 'Pediatrics', ''],
    ['Стоматологія Київ', 'Dentistry', 'Київ'],
    ['Zahnmedizin', 'Dentistry', ''],
  ];
  for (const [text, specialty, place] of cases) t.same(parseSpecialtyQuery(text, DIRECTORY), { specialty, place }, text);
});

t.test('a specialty asked for in a sentence, its place after it or before it, without the words that ask', async (t) => {
  const cases: [string, string, string][] = [
    ['I need a doctor', 'General Practice', ''],
    ['I need a dentist in London', 'Dentistry', 'London'],
    ['Where can I find a good cardiologist near Lyon?', 'Cardiology', 'Lyon'],
    ['Berlin: ich suche einen Zahnarzt', 'Dentistry', 'Berlin'],
    ['Ich brauche einen Zahnarzt in Berlin bitte', 'Dentistry', 'Berlin'],
    ["j'ai besoin d'un dentiste", 'Dentistry', ''],
    ['Ho bisogno di un pediatra a Roma', 'Pediatrics', 'Roma'],
    ['Necesito un dentista en Madrid', 'Dentistry', 'Madrid'],
    ['Шукаю стоматолога в Києві', 'Dentistry', 'Києві'],
  ];
  for (const [text, specialty, place] of cases) t.same(parseSpecialtyQuery(text, DIRECTORY), { specialty, place }, text);
  t.equal(parseSpecialtyQuery('my dentist told me to write to this bot and ask about a good one here please', DIRECTORY), undefined, 'a long message is no search');
});

t.test('a place name alone names no specialty', async (t) => {
  for (const text of ['London', 'Lyon', 'Londn', 'Kyiv', 'New York', 'São Paulo', 'Berlin', 'Madrid', 'Rome', 'Paris', 'Erfurt', 'Sorrento', 'Entebbe']) {
    t.equal(parseSpecialtyQuery(text, DIRECTORY), undefined, text);
  }
});

t.test('a specialty only the directory names is found by its name', async (t) => {
  t.same(parseSpecialtyQuery('sleep medicne Oslo', [...DIRECTORY, 'Sleep Medicine']), { specialty: 'Sleep Medicine', place: 'Oslo' });
  t.same(parseSpecialtyQuery('dentist', ['Cardiology']), { specialty: 'Dentistry', place: '' }, 'a common name the directory lacks is still a specialty');
});

t.test('a specialty staff added is found by its names in every language they gave, with a typo or two', async (t) => {
  const taxonomy = specialtyTaxonomy([{ names: { en: 'Sleep Medicine', de: 'Schlafmedizin', uk: 'Сомнологія' } }]);
  t.same(parseWith('Schlafmedizin Berlin', DIRECTORY, taxonomy), { specialty: 'Sleep Medicine', place: 'Berlin' });
  t.same(parseWith('сомнологія Київ', DIRECTORY, taxonomy), { specialty: 'Sleep Medicine', place: 'Київ' });
  t.same(parseWith('sleep medicin', DIRECTORY, taxonomy), { specialty: 'Sleep Medicine', place: '' });
  t.equal(parseWith('Schlafmedizin Berlin', DIRECTORY, KNOWN_TAXONOMY), undefined, 'before it was added, it named nothing');
});
