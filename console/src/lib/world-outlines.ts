import { feature } from 'topojson-client';
import type { FeatureCollection, Geometry } from 'geojson';
import type { Topology, GeometryCollection } from 'topojson-specification';
// Served as a file of its own, fetched only when a map is shown.
import worldUrl from 'world-atlas/countries-110m.json?url';

/** The countries' outlines, drawn offline: the console's maps and the Mini App's ground when its tiles do not load. */
export type Countries = FeatureCollection<Geometry>;

let worldPromise: Promise<Countries> | null = null;

/** Fetches the world outline once; a screen may start it early, alongside its data. */
export function loadWorld(): Promise<Countries> {
  worldPromise ??= fetch(worldUrl)
    .then((response) => response.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topology) => feature(topology, topology.objects.countries) as Countries);
  return worldPromise;
}
