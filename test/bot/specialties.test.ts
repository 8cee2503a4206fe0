import t from 'tap';
import { parseSpecialtyQuery, specialtyLabel } from '../../bot/specialties.js';

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

t.test('a known specialty is named in the user\'s language; any other keeps the directory\'s name', async (t) => {
  t.equal(specialtyLabel('Dentistry', 'uk'), 'Стоматологія');
  t.equal(specialtyLabel('dentistry', 'de'), 'Zahnmedizin');
  t.equal(specialtyLabel('Emergency Medicine', 'it'), 'Pronto soccorso');
  t.equal(specialtyLabel('Dentistry', 'en'), 'Dentistry');
  t.equal(specialtyLabel('Sleep Medicine', 'uk'), 'Sleep Medicine');
});
