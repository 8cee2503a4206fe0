import t from 'tap';
import { CALLBACK_DATA_LIMIT, decodeKeyboardButton, decodeSearchState, encodeSearchState } from '../../bot/answering/search-state.js';
import { specialtyKey } from '../../bot/answering/specialties.js';

t.test('a search survives the trip through a button, within Telegram\'s 64 bytes', async (t) => {
  const state = { point: { latitude: -33.870001, longitude: 151.21 }, specialtyKey: specialtyKey('Emergency Medicine'), openNow: true, offset: 15, since: 1_795_000_000 };
  const data = encodeSearchState(state);
  t.equal(data, `s:-33.87000:151.21000:${specialtyKey('Emergency Medicine')}:1:15:${(1_795_000_000).toString(36)}`);
  t.same(decodeSearchState(data), { ...state, point: { latitude: -33.87, longitude: 151.21 } });
  const widest = encodeSearchState({ point: { latitude: -89.123456, longitude: -179.123456 }, specialtyKey: 'zzzzzzz', openNow: false, offset: 1000, since: 4_102_444_800 });
  t.ok(Buffer.byteLength(widest) <= CALLBACK_DATA_LIMIT, `${widest} fits`);
  t.same(decodeSearchState('s:48.85660:2.35220::0:0:tpn6rk'), { point: { latitude: 48.8566, longitude: 2.3522 }, specialtyKey: null, openNow: false, offset: 0, since: parseInt('tpn6rk', 36) });
});

t.test('a choice button carries the same search after its action; a search is no choice, nor a choice a search', async (t) => {
  const state = { point: { latitude: 51.5074, longitude: -0.1278 }, specialtyKey: null, openNow: false, offset: 5, since: 1_795_000_000 };
  t.equal(encodeSearchState(state, 'map'), `m:51.50740:-0.12780::0:5:${(1_795_000_000).toString(36)}`);
  for (const view of ['specialties', 'map', 'keyboard'] as const) t.same(decodeKeyboardButton(encodeSearchState(state, view)), { view, state }, view);
  t.equal(decodeKeyboardButton(encodeSearchState(state)), undefined);
  t.equal(decodeSearchState(encodeSearchState(state, 'specialties')), undefined);
  t.equal(decodeKeyboardButton('m:95.00000:0.00000::0:0:1'), undefined, 'no point on Earth');
  t.equal(decodeKeyboardButton('x:1.00000:2.00000::0:0:1'), undefined, 'no such action');
});

t.test('garbled or foreign data is no search', async (t) => {
  for (const data of ['s:91.00000:0.00000::0:0:1', 's:1.00000:181.00000::0:0:1', 's:1.0:2.0::0:0:1', 's:1.00000:2.00000:ABC:0:0:1', 's:1.00000:2.00000::2:0:1', 's:1.00000:2.00000::0:1001:1', 'place:12', '', 's:1.00000:2.00000::0:0', 's:1.00000:2.00000::0:0:1:extra']) {
    t.equal(decodeSearchState(data), undefined, data);
  }
});

t.test('a specialty key is short, stable and the same whatever the case or accents', async (t) => {
  t.equal(specialtyKey('Dentistry'), specialtyKey('  dentistry '));
  t.equal(specialtyKey('Pédiatrie'), specialtyKey('pediatrie'));
  t.not(specialtyKey('Dentistry'), specialtyKey('Cardiology'));
  t.match(specialtyKey('General Practice'), /^[0-9a-z]{1,7}$/);
});
