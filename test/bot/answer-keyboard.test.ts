import t from 'tap';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { answerKeyboard, mapChoice, specialtyChoice } from '../../bot/answering/answer-keyboard.js';
import { decodeKeyboardButton, decodeSearchState } from '../../bot/answering/search-state.js';
import { specialtyKey } from '../../bot/answering/specialties.js';
import type { NearbyContact } from '../../bot/answering/contact-lookup.js';
import { KNOWN_TAXONOMY } from '../../api/contract/specialties.js';

const contact = (id: number, name = `C${id}`): NearbyContact => ({
  id, name, phone: '+1', specialty: 'Dentistry', city: 'X', contactMethod: 'phone', telegramUsername: null, isWhatsappOnly: false,
  availableHours: '', languages: [], specialInstructions: null, isMasterOfMedicine: false, latitude: 1, longitude: 2, locationApproximate: false, timeZone: 'UTC', hours: null, verifiedSince: 0, checkedBy: 0, distanceKm: 1,
});
const search = { point: { latitude: 1, longitude: 2 }, specialtyKey: null, openNow: false, offset: 0, since: 1_795_000_000 };
const data = (button: InlineKeyboardButton | undefined) => (button as { callback_data: string }).callback_data;
const labels = (keyboard: InlineKeyboardMarkup) => keyboard.inline_keyboard.map((row) => row.map((button) => button.text));

t.test('one button a row, at most five: the map, the specialty, Open now, More results, Report', async (t) => {
  const keyboard = answerKeyboard({
    page: { contacts: [contact(1), contact(2)], openInSight: undefined, hasMore: true },
    search: { ...search, offset: 5, specialtyKey: specialtyKey('Dentistry') }, specialty: 'Dentistry', hasSpecialties: true, language: 'fr', taxonomy: KNOWN_TAXONOMY,
  });
  t.same(labels(keyboard), [['📍 Voir sur la carte'], ['✓ Chirurgie dentaire ▾'], ['🕒 Ouvert maintenant'], ['➡️ Plus de résultats'], ['⚠️ Signaler un problème']]);
  const narrowed = { ...search, offset: 5, specialtyKey: specialtyKey('Dentistry') };
  t.same(decodeKeyboardButton(data(keyboard.inline_keyboard[0]![0])), { view: 'map', state: narrowed }, 'the map opens the choice of this page');
  t.same(decodeKeyboardButton(data(keyboard.inline_keyboard[1]![0])), { view: 'specialties', state: narrowed });
  t.same(decodeSearchState(data(keyboard.inline_keyboard[2]![0])), { ...narrowed, openNow: true, offset: 0 }, 'narrowing starts again from the first contact');
  t.same(decodeSearchState(data(keyboard.inline_keyboard[3]![0])), { ...narrowed, offset: 7 }, 'the next page starts after this one');
  t.same(data(keyboard.inline_keyboard[4]![0]), 'report');

  const english = answerKeyboard({ page: { contacts: [contact(1)], openInSight: undefined, hasMore: false }, search, specialty: null, hasSpecialties: true, language: 'en', taxonomy: KNOWN_TAXONOMY });
  t.same(labels(english), [['📍 Show on map'], ['Specialty ▾'], ['🕒 Open now'], ['⚠️ Report a problem']]);
  const alone = answerKeyboard({ page: { contacts: [contact(1)], openInSight: undefined, hasMore: false }, search, specialty: null, hasSpecialties: false, language: 'uk', taxonomy: KNOWN_TAXONOMY });
  t.same(labels(alone), [['📍 Показати на мапі'], ['🕒 Відкрито зараз'], ['⚠️ Повідомити про проблему']], 'no specialty to choose, no choice');
});

t.test('the open contact brought into sight is one of the answer: the map offers it, More results does not count it', async (t) => {
  const page = { contacts: [contact(1), contact(2)], openInSight: contact(9, 'Open GP'), hasMore: true };
  const keyboard = answerKeyboard({ page, search, specialty: null, hasSpecialties: false, language: 'en', taxonomy: KNOWN_TAXONOMY });
  t.same(decodeSearchState(data(keyboard.inline_keyboard.find((row) => row[0]!.text === '➡️ More results')![0])), { ...search, offset: 2 });
  const choice = mapChoice({ contacts: [...page.contacts, page.openInSight], firstPosition: 1, search, language: 'de' });
  t.same(labels(choice), [['📍 1 · C1'], ['📍 2 · C2'], ['📍 3 · Open GP'], ['◀ Zurück']]);
  t.same(choice.inline_keyboard.map((row) => data(row[0])), ['venue:1', 'venue:2', 'venue:9', data(choice.inline_keyboard[3]![0])]);
  t.same(decodeKeyboardButton(data(choice.inline_keyboard[3]![0])), { view: 'keyboard', state: search }, '◀ Back to the answer\'s keyboard');
  const long = mapChoice({ contacts: [contact(3, 'St Bartholomew’s Hospital Minor Injuries Unit')], firstPosition: 6, search, language: 'en' });
  t.same(labels(long)[0], ['📍 6 · St Bartholomew’s Hosp…'], 'a long name is shortened to fit its row');
});

t.test('the specialty choice: the chosen first and ticked, one a row, and ◀ Back', async (t) => {
  const nearby = [
    { specialty: 'General Practice', count: 9 }, { specialty: 'Urology', count: 4 }, { specialty: 'Neurology', count: 3 },
    { specialty: 'Dentistry', count: 2 }, { specialty: 'Cardiology', count: 2 }, { specialty: 'Psychiatry', count: 1 },
  ];
  const choice = specialtyChoice({ search: { ...search, specialtyKey: specialtyKey('Dentistry') }, specialty: 'Dentistry', nearby, language: 'en', taxonomy: KNOWN_TAXONOMY });
  t.same(labels(choice), [['✓ Dentistry · 2'], ['General Practice · 9'], ['Urology · 4'], ['Neurology · 3'], ['Cardiology · 2'], ['Psychiatry · 1'], ['◀ Back']]);
  t.same(decodeSearchState(data(choice.inline_keyboard[0]![0])), search, 'the chosen one pressed again widens back, from the start');
  t.same(decodeSearchState(data(choice.inline_keyboard[2]![0])), { ...search, specialtyKey: specialtyKey('Urology') });
  t.same(decodeKeyboardButton(data(choice.inline_keyboard[6]![0])), { view: 'keyboard', state: { ...search, specialtyKey: specialtyKey('Dentistry') } });

  const absent = specialtyChoice({ search, specialty: 'Dermatology', nearby: nearby.slice(0, 1), language: 'de', taxonomy: KNOWN_TAXONOMY });
  t.same(labels(absent), [['✓ Dermatologie · 0'], ['Allgemeinmedizin · 9'], ['◀ Zurück']], 'the chosen one stays offered though none of it is near');
  const many = specialtyChoice({ search, specialty: null, nearby: Array.from({ length: 30 }, (_, index) => ({ specialty: `S${index}`, count: 1 })), language: 'en', taxonomy: KNOWN_TAXONOMY });
  t.same(labels(many), [...Array.from({ length: 8 }, (_, index) => [`S${index} · 1`]), ['◀ Back']], 'at most 8 specialties');
});
