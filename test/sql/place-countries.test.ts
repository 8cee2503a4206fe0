import t from 'tap';
import { insertCities, pointsInCountries } from '../../sql/cities.js';
import { createPlaceCountries } from '../../api/place-countries.js';
import { createTestDatabase } from '../helpers/database.js';
import { seededRandom } from '../helpers/contacts.js';

t.test('the gazetteer kept in memory tells inside from outside as the database does', async (t) => {
  const db = await createTestDatabase({ largeCities: true });
  t.teardown(() => db.close());
  const random = seededRandom(42);
  const codes = ['DE', 'FR', 'PL', 'CH', 'AT', 'BE', 'NL', 'IT', 'ES', 'UA', 'US', 'BR', 'IN', 'JP'];
  // Europe's borders thick with points, and some anywhere on Earth (at sea, across the world).
  const points = Array.from({ length: 1500 }, (_, at) => ({
    latitude: at % 5 === 0 ? -80 + random() * 160 : 40 + random() * 15,
    longitude: at % 5 === 0 ? -180 + random() * 360 : -5 + random() * 35,
    countryCode: codes[Math.floor(random() * codes.length)]!,
  }));
  const inMemory = await createPlaceCountries().inside(db.sql, points);
  const inDatabase = await pointsInCountries(db.sql, points);
  t.strictSame(inMemory, inDatabase, 'the same answer for every point');
  t.ok(inMemory.filter((inside) => inside).length > 100, 'many points inside their country');
  t.ok(inMemory.filter((inside) => inside === false).length > 100, 'many outside theirs');
});

t.test('a place added to the gazetteer counts at the next check; an empty gazetteer cannot tell', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const placeCountries = createPlaceCountries();
  const atSea = { latitude: -30, longitude: -20, countryCode: 'SH' };
  t.strictSame(await placeCountries.inside(db.sql, [atSea]), [undefined], 'no places, no answer');
  const place = { name: 'Tristan', altName: '', countryCode: 'SH', country: 'Saint Helena', adminCode: '', region: '', population: 300 };
  await insertCities(db.sql, [{ ...place, id: 1, latitude: 10, longitude: 10 }, { ...place, id: 2, countryCode: 'NG', country: 'Nigeria', latitude: 10, longitude: 11 }]);
  t.strictSame(await placeCountries.inside(db.sql, [atSea, { ...atSea, countryCode: 'FR' }]), [true, false], 'the first places loaded');
  const far = { latitude: 60, longitude: 100, countryCode: 'RU' };
  t.strictSame(await placeCountries.inside(db.sql, [far]), [false], 'two places, neither in Russia');
  await insertCities(db.sql, [{ ...place, id: 3, countryCode: 'RU', country: 'Russia', latitude: 60, longitude: 100 }]);
  t.strictSame(await placeCountries.inside(db.sql, [far]), [true], 'the new place, read again with the version it moved');
});
