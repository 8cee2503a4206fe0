import t from 'tap';
import { answerKeyboard } from '../../bot/answer-keyboard.js';
import { decodeSearchState } from '../../bot/search-state.js';
import { specialtyKey } from '../../bot/specialties.js';
import type { NearbyContact } from '../../sql/contact-lookup.js';

const contact = (id: number): NearbyContact => ({
  id, name: `C${id}`, phone: '+1', specialty: 'Dentistry', city: 'X', contactMethod: 'phone', telegramUsername: null, isWhatsappOnly: false,
  availableHours: '', languages: [], specialInstructions: null, isMasterOfMedicine: false, latitude: 1, longitude: 2, locationApproximate: false, timeZone: 'UTC', hours: null, distanceKm: 1,
});
const search = { point: { latitude: 1, longitude: 2 }, specialtyKey: null, openNow: false, offset: 0, since: 1_795_000_000 };
const data = (button: unknown) => decodeSearchState((button as { callback_data: string }).callback_data);

t.test('contacts first, then specialties, Open now and More results, then Report', async (t) => {
  const keyboard = answerKeyboard({
    contacts: [contact(1), contact(2)], firstPosition: 6, search: { ...search, offset: 5 }, specialty: 'Dentistry', hasMore: true, language: 'fr',
    nearby: [{ specialty: 'Dentistry', count: 3 }, { specialty: 'Cardiology', count: 1 }, { specialty: 'Urology', count: 1 }],
  });
  const rows = keyboard.inline_keyboard.map((row) => row.map((button) => button.text));
  t.same(rows, [
    ['6 · 🧭 Itinéraire', '6 · 📍'], ['7 · 🧭 Itinéraire', '7 · 📍'], ['✓ Chirurgie dentaire · 3', 'Cardiologie · 1'], ['Urologie · 1'],
    ['🕒 Ouvert maintenant', '➡️ Plus de résultats'], ['⚠️ Signaler un problème'],
  ]);
  const [chosen, other] = keyboard.inline_keyboard[2]!;
  t.same(data(chosen), { ...search, specialtyKey: null }, 'the chosen specialty pressed again widens back, from the start');
  t.same(data(other), { ...search, specialtyKey: specialtyKey('Cardiology') });
  t.same(data(keyboard.inline_keyboard[4]![0]), { ...search, openNow: true });
  t.same(data(keyboard.inline_keyboard[4]![1]), { ...search, offset: 7 }, 'the next page starts after this one');
});

t.test('never more than Telegram\'s 100 buttons', async (t) => {
  const keyboard = answerKeyboard({
    contacts: Array.from({ length: 20 }, (_, index) => contact(index)), firstPosition: 1, search, specialty: null, hasMore: true, language: 'en',
    nearby: Array.from({ length: 30 }, (_, index) => ({ specialty: `S${index}`, count: 1 })),
  });
  const count = keyboard.inline_keyboard.flat().length;
  t.ok(count <= 100, `${count} buttons`);
  t.equal(keyboard.inline_keyboard.flat().filter((button) => button.text.startsWith('S')).length, 8, 'at most 8 specialties');
});
