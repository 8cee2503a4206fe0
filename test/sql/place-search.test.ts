import t from 'tap';
import { insertCities, searchPlaces } from '../../sql/cities.js';
import { gazetteerRows } from '../../scripts/load-gazetteer.js';
import { createTestDatabase } from '../helpers/database.js';

/** Munich and the places whose own names hold "München" (Münchenstein, Waldmünchen, …), as the full gazetteer has them. */
const MUNICH = 2867714;
const munichAndNamesakes = (row: { id: number; name: string }) => row.id === MUNICH || /münchen/i.test(row.name);

t.test('searchPlaces says which places the text names exactly, by their own name or another they are known by', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  await insertCities(db.sql, await gazetteerRows(munichAndNamesakes));

  const munchen = await searchPlaces(db.sql, 'München', 5);
  t.equal(munchen.length, 5, 'places spelled alike come after it');
  t.match(munchen[0], { id: MUNICH, name: 'Munich', exact: true }, 'Munich, known as München, is named exactly');
  t.same(munchen.slice(1).map((place) => place.exact), [false, false, false, false], 'Münchenstein and the like are only spelled alike');
  t.ok(munchen.slice(1).every((place) => /münchen/i.test(place.name)));

  t.match(await searchPlaces(db.sql, 'munchen', 1), [{ id: MUNICH, exact: true }], 'without the accent and in lower case');
  t.match(await searchPlaces(db.sql, 'MUNICH', 1), [{ id: MUNICH, exact: true }], 'by its own name, case aside');
  t.match(await searchPlaces(db.sql, 'Münchenstein', 2), [{ name: 'Münchenstein', exact: true }, { exact: false }]);
  t.match(await searchPlaces(db.sql, 'Munch', 1), [{ exact: false }], 'a part of a name is not the name');
});
