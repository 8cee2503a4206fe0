import KDBush from 'kdbush';
import type { Sql } from '../../sql/database.js';
import { loadGazetteerPlaces, type Place } from '../../sql/cities.js';
import { INDEX_DISTANCE_SCALE } from './contact-lookup.js';
import { nearestItems } from './nearest-items.js';

/** The gazetteer as of one version (migration 030's 'places' counter), for naming points without a read per answer. */
export interface Gazetteer {
  version: number;
  /** Null while the gazetteer is empty (kdbush needs at least one point). */
  index: KDBush | null;
  places: Place[];
  byId: Map<number, Place>;
}

export async function loadGazetteer(sql: Sql): Promise<Gazetteer> {
  const { version, places } = await loadGazetteerPlaces(sql);
  const index = places.length > 0 ? new KDBush(places.length) : null;
  if (index) {
    for (const place of places) index.add(place.longitude, place.latitude);
    index.finish();
  }
  return { version, index, places, byId: new Map(places.map((place) => [place.id, place])) };
}

/**
 * The gazetteer place nearest to a point within maxKm, for labelling requests by city, region and
 * country. Farther than that (at sea, in a desert) a point belongs to no place.
 */
export function nearestPlaceIn(gazetteer: Gazetteer, latitude: number, longitude: number, maxKm = 50): Place | undefined {
  if (!gazetteer.index) return undefined;
  const [item] = nearestItems(gazetteer.index, longitude, latitude, 1, maxKm * INDEX_DISTANCE_SCALE);
  return item === undefined ? undefined : gazetteer.places[item];
}
