import type KDBush from 'kdbush';

/**
 * The items of a kdbush index nearest a point by great-circle distance: geokdbush's `around` (same
 * walk, same bounds, same result), reworked to allocate nothing per tree node or point visited. The
 * bot runs it twice per answer over 100,000 contacts, and geokdbush's queue of one object per node and
 * per point was a fifth of everything the bot allocated. Equal distances are taken in item order, so
 * the same query always gives the same items.
 */

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/** Per queued tree node: distance bound, left, right, axis, min lng, min lat, max lng, max lat. */
const NODE_FIELDS = 8;

/** A binary min-heap of fixed-width records in one growable Float64Array, keyed on field 0 then field 1. */
class RecordHeap {
  values: Float64Array;
  size = 0;

  private readonly fields: number;

  constructor(
    fields: number,
    capacity: number,
  ) {
    this.fields = fields;
    this.values = new Float64Array(fields * capacity);
  }

  /** Makes room for one more record and returns where to write it; `commit` places it. */
  slot(): number {
    if ((this.size + 1) * this.fields > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    return this.size * this.fields;
  }

  commit(): void {
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.less(at, parent)) break;
      this.swap(at, parent);
      at = parent;
    }
  }

  /** The key of the first record; Infinity when empty. */
  firstKey(): number {
    return this.size === 0 ? Infinity : this.values[0]!;
  }

  /** Removes the first record, copying it to `into`. */
  pop(into: Float64Array): void {
    const { values, fields } = this;
    for (let field = 0; field < fields; field += 1) into[field] = values[field]!;
    this.size -= 1;
    if (this.size === 0) return;
    const last = this.size * fields;
    for (let field = 0; field < fields; field += 1) values[field] = values[last + field]!;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const smaller = right < this.size && this.less(right, left) ? right : left;
      if (!this.less(smaller, at)) break;
      this.swap(at, smaller);
      at = smaller;
    }
  }

  private less(a: number, b: number): boolean {
    const { values, fields } = this;
    const keyA = values[a * fields]!;
    const keyB = values[b * fields]!;
    return keyA < keyB || (keyA === keyB && values[a * fields + 1]! < values[b * fields + 1]!);
  }

  private swap(a: number, b: number): void {
    const { values, fields } = this;
    for (let field = 0; field < fields; field += 1) {
      const kept = values[a * fields + field]!;
      values[a * fields + field] = values[b * fields + field]!;
      values[b * fields + field] = kept;
    }
  }
}

interface Scratch {
  nodes: RecordHeap;
  /** Per queued point: distance, item. */
  points: RecordHeap;
  node: Float64Array;
  point: Float64Array;
}

/** Scratch heaps kept between searches; a pool, so a predicate that searches too gets its own. */
const scratchPool: Scratch[] = [];

function takeScratch(): Scratch {
  const scratch = scratchPool.pop() ?? {
    nodes: new RecordHeap(NODE_FIELDS, 256),
    points: new RecordHeap(2, 1024),
    node: new Float64Array(NODE_FIELDS),
    point: new Float64Array(2),
  };
  scratch.nodes.size = 0;
  scratch.points.size = 0;
  return scratch;
}

/** Points searched beside an index: items added since it was built. */
export interface LoosePoints {
  /** Item of the index's first point: the items it gives count from it. */
  first: number;
  /** Items not in the index, searched with it. */
  items: readonly number[];
  /** Per item, loose or not. */
  longitudes: Float64Array;
  latitudes: Float64Array;
}

/**
 * Items of `index` (longitude, latitude) nearest `lng` `lat`, nearest first: at most `maxResults`, within
 * `maxDistanceKm` (on a sphere of 6,371 km, as geokdbush), accepted by `predicate` when given. With
 * `loose`, its points are searched too, in the same order, and the index's items count from its `first`.
 */
export function nearestItems(
  index: KDBush | null,
  lng: number,
  lat: number,
  maxResults = Infinity,
  maxDistanceKm = Infinity,
  predicate?: (item: number) => boolean,
  loose?: LoosePoints,
): number[] {
  const result: number[] = [];
  const indexed = index?.ids.length ?? 0;
  if (maxResults <= 0 || (indexed === 0 && !loose?.items.length)) return result;
  const maxHaverSinDist = maxDistanceKm === Infinity ? 1 : haverSin(maxDistanceKm / EARTH_RADIUS_KM);
  const first = loose?.first ?? 0;
  const ids = index?.ids ?? [];
  const coords = index?.coords ?? [];
  const nodeSize = index?.nodeSize ?? 0;
  const cosLat = Math.cos(lat * RAD);
  const scratch = takeScratch();
  const { nodes, points, node, point } = scratch;

  // Nothing beyond the distance is queued: a node farther than it holds no result, however many
  // points it has (geokdbush opened such nodes until it popped a point beyond the distance).
  const queueItem = (item: number, itemLng: number, itemLat: number) => {
    const dist = haverSinDist(lng, lat, itemLng, itemLat, cosLat);
    if (dist > maxHaverSinDist) return;
    if (predicate && !predicate(item)) return;
    const slot = points.slot();
    points.values[slot] = dist;
    points.values[slot + 1] = item;
    points.commit();
  };
  const queuePoint = (at: number) => queueItem(first + ids[at]!, coords[2 * at]!, coords[2 * at + 1]!);
  const queueNode = (left: number, right: number, axis: number, minLng: number, minLat: number, maxLng: number, maxLat: number) => {
    const dist = boxDist(lng, lat, cosLat, minLng, minLat, maxLng, maxLat);
    if (dist > maxHaverSinDist) return;
    const slot = nodes.slot();
    const values = nodes.values;
    values[slot] = dist;
    values[slot + 1] = left;
    values[slot + 2] = right;
    values[slot + 3] = axis;
    values[slot + 4] = minLng;
    values[slot + 5] = minLat;
    values[slot + 6] = maxLng;
    values[slot + 7] = maxLat;
    nodes.commit();
  };

  try {
    if (loose) for (const item of loose.items) queueItem(item, loose.longitudes[item]!, loose.latitudes[item]!);
    // The whole Earth; its bound is 0 whatever the point.
    if (indexed > 0) queueNode(0, indexed - 1, 0, -180, -90, 180, 90);
    for (;;) {
      // Points nearer than every node not yet opened are the nearest left: each node's bound is a lower bound of its
      // points. Strictly nearer, so that a node that may hold a point as near is opened first and a tie goes by item.
      while (points.size > 0 && points.firstKey() < nodes.firstKey()) {
        points.pop(point);
        result.push(point[1]!);
        if (result.length === maxResults) return result;
      }
      if (nodes.size === 0) return result;
      nodes.pop(node);
      const left = node[1]!;
      const right = node[2]!;
      if (right - left <= nodeSize) {
        for (let at = left; at <= right; at += 1) queuePoint(at);
        continue;
      }
      const axis = node[3]!;
      const middle = (left + right) >> 1;
      const midLng = coords[2 * middle]!;
      const midLat = coords[2 * middle + 1]!;
      queuePoint(middle);
      const minLng = node[4]!;
      const minLat = node[5]!;
      const maxLng = node[6]!;
      const maxLat = node[7]!;
      const nextAxis = (axis + 1) % 2;
      queueNode(left, middle - 1, nextAxis, minLng, minLat, axis === 0 ? midLng : maxLng, axis === 1 ? midLat : maxLat);
      queueNode(middle + 1, right, nextAxis, axis === 0 ? midLng : minLng, axis === 1 ? midLat : minLat, maxLng, maxLat);
    }
  } finally {
    scratchPool.push(scratch);
  }
}

/** A lower bound of the distance from the point to any point inside the box (geokdbush's boxDist). */
function boxDist(lng: number, lat: number, cosLat: number, minLng: number, minLat: number, maxLng: number, maxLat: number): number {
  if (lng >= minLng && lng <= maxLng) {
    if (lat < minLat) return haverSin((lat - minLat) * RAD);
    if (lat > maxLat) return haverSin((lat - maxLat) * RAD);
    return 0;
  }
  // West or east of the box: the great circle's extremum towards the nearest edge's longitude.
  const haverSinDLng = Math.min(haverSin((lng - minLng) * RAD), haverSin((lng - maxLng) * RAD));
  const extremumLat = vertexLat(lat, haverSinDLng);
  if (extremumLat > minLat && extremumLat < maxLat) return haverSinDistPartial(haverSinDLng, cosLat, lat, extremumLat);
  return Math.min(haverSinDistPartial(haverSinDLng, cosLat, lat, minLat), haverSinDistPartial(haverSinDLng, cosLat, lat, maxLat));
}

function haverSin(theta: number): number {
  const s = Math.sin(theta / 2);
  return s * s;
}

function haverSinDistPartial(haverSinDLng: number, cosLat1: number, lat1: number, lat2: number): number {
  return cosLat1 * Math.cos(lat2 * RAD) * haverSinDLng + haverSin((lat1 - lat2) * RAD);
}

function haverSinDist(lng1: number, lat1: number, lng2: number, lat2: number, cosLat1: number): number {
  return haverSinDistPartial(haverSin((lng1 - lng2) * RAD), cosLat1, lat1, lat2);
}

function vertexLat(lat: number, haverSinDLng: number): number {
  const cosDLng = 1 - 2 * haverSinDLng;
  if (cosDLng <= 0) return lat > 0 ? 90 : -90;
  return Math.atan(Math.tan(lat * RAD) / cosDLng) / RAD;
}
