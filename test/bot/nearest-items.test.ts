import t from 'tap';
import KDBush from 'kdbush';
import { nearestItems } from '../../bot/answering/nearest-items.js';
import { seededRandom } from '../helpers/contacts.js';

type Point = [longitude: number, latitude: number];

/** Haversine on a sphere of 6,371 km: the measure nearestItems documents. */
function distanceKm([lng1, lat1]: Point, [lng2, lat2]: Point): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Every item measured, nearest first (then by item), within the distance, accepted, at most `limit`. */
function bruteForce(points: Point[], from: Point, limit: number, maxKm: number, accepts: (item: number) => boolean = () => true): number[] {
  return points
    .map((point, item) => ({ item, km: distanceKm(from, point) }))
    .filter(({ item, km }) => km <= maxKm && accepts(item))
    .sort((a, b) => a.km - b.km || a.item - b.item)
    .slice(0, limit)
    .map(({ item }) => item);
}

function indexOf(points: Point[], nodeSize?: number): KDBush {
  const index = new KDBush(points.length, nodeSize);
  for (const [lng, lat] of points) index.add(lng, lat);
  index.finish();
  return index;
}

t.test('the same items, in the same order, as measuring every one', async (t) => {
  const random = seededRandom(16);
  // Clusters (cities) and a scatter over the whole globe, poles and the date line included.
  const points: Point[] = [];
  for (let cluster = 0; cluster < 40; cluster += 1) {
    const centre: Point = [random() * 360 - 180, random() * 170 - 85];
    for (let index = 0; index < 150; index += 1) points.push([centre[0] + (random() - 0.5) * 0.6, centre[1] + (random() - 0.5) * 0.4]);
  }
  for (let index = 0; index < 2000; index += 1) points.push([random() * 360 - 180, random() * 180 - 90]);
  points.push([179.99, 10], [-179.99, 10], [0, 89.99], [0, -89.99]);
  let mismatches = 0;
  let queries = 0;
  for (const nodeSize of [4, 64]) {
    const index = indexOf(points, nodeSize);
    for (let query = 0; query < 300; query += 1) {
      // Half the queries from inside a cluster, half from anywhere.
      const from: Point = query % 2 === 0 ? points[Math.floor(random() * 6000)]! : [random() * 360 - 180, random() * 180 - 90];
      const limit = [1, 5, 50, 500][query % 4]!;
      const maxKm = [5, 50, 500, Infinity][Math.floor(query / 4) % 4]!;
      const accepts = query % 3 === 0 ? (item: number) => item % 7 !== 0 : undefined;
      const found = nearestItems(index, from[0], from[1], limit, maxKm, accepts);
      const expected = bruteForce(points, from, limit, maxKm, accepts);
      queries += 1;
      if (JSON.stringify(found) !== JSON.stringify(expected)) {
        mismatches += 1;
        if (mismatches <= 3) t.same(found, expected, `from ${from.join(', ')}, ${limit} within ${maxKm} km, node size ${nodeSize}`);
      }
    }
  }
  t.equal(mismatches, 0, `${queries} queries answered as measuring every item answers them`);
});

t.test('the date line, the poles and the edges of the search', async (t) => {
  const points: Point[] = [[179.9, 0], [-179.9, 0], [170, 0], [0, 89.9], [180, 89.9], [0, 0]];
  const index = indexOf(points);
  // Across the date line the nearest is 22 km away, not 40,000.
  t.same(nearestItems(index, -179.95, 0, 2), [1, 0]);
  t.same(nearestItems(index, 90, 89.95, 2), [3, 4], 'over the pole');
  t.same(nearestItems(index, 0, 0, 10, 1), [5], 'only within the distance');
  t.same(nearestItems(index, 0, 0, 0), [], 'no results wanted');
  t.same(nearestItems(index, 0, 0, 10, Infinity, () => false), [], 'none accepted');
  t.same(nearestItems(index, 179.95, 0, 10, Infinity, (item) => item !== 0), [1, 2, 4, 3, 5], 'then over the pole, then half the world away');
});

t.test('equal distances are taken in item order', async (t) => {
  const points: Point[] = Array.from({ length: 200 }, () => [10, 20]);
  const index = indexOf(points, 8);
  t.same(nearestItems(index, 10, 20.5, 5), [0, 1, 2, 3, 4]);
  t.same(nearestItems(index, 10, 20.5, 3, Infinity, (item) => item % 2 === 1), [1, 3, 5]);
});

t.test('a predicate may search too', async (t) => {
  const points: Point[] = Array.from({ length: 1000 }, (_, item) => [item / 100, item / 200]);
  const index = indexOf(points, 16);
  // Accepts the items whose own nearest other item is nearer than 1 km: all of them here.
  const found = nearestItems(index, 5, 2.5, 5, Infinity, (item) => nearestItems(index, points[item]![0], points[item]![1], 2).length === 2);
  t.same(found, bruteForce(points, [5, 2.5], 5, Infinity));
});
