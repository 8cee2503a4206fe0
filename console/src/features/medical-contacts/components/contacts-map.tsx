import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { useEffect, useMemo, useState } from 'react';
import { feature } from 'topojson-client';
import type { FeatureCollection, Geometry } from 'geojson';
import type { Topology, GeometryCollection } from 'topojson-specification';
// Served as a file of its own, fetched only when the map is shown.
import worldUrl from 'world-atlas/countries-110m.json?url';
import { formatNumber } from '../../../lib/format.js';
import { MAP_POINT_LIMIT, useMapPoints, type MapPoint } from '../api/get-map-points.js';
import type { ContactFilterParams } from '../contact-query.js';

const WIDTH = 800;
const HEIGHT = 420;
/** Degrees of context around the points, so one city is not drawn as the whole map. */
const MARGIN_DEGREES = 6;

type Countries = FeatureCollection<Geometry>;

let worldPromise: Promise<Countries> | null = null;

/** Fetches the world outline once; the screen starts it early, alongside its list. */
export function loadWorld(): Promise<Countries> {
  worldPromise ??= fetch(worldUrl)
    .then((response) => response.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topology) => feature(topology, topology.objects.countries) as Countries);
  return worldPromise;
}

function useWorld(): Countries | null {
  const [world, setWorld] = useState<Countries | null>(null);
  useEffect(() => {
    let live = true;
    void loadWorld().then((countries) => {
      if (live) setWorld(countries);
    });
    return () => {
      live = false;
    };
  }, []);
  return world;
}

function frame(points: readonly MapPoint[]) {
  const projection = geoNaturalEarth1();
  if (points.length === 0) return projection.fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
  const longitudes = points.map((point) => point.longitude);
  const latitudes = points.map((point) => point.latitude);
  const corners: [number, number][] = [
    [Math.max(Math.min(...longitudes) - MARGIN_DEGREES, -180), Math.max(Math.min(...latitudes) - MARGIN_DEGREES, -85)],
    [Math.min(Math.max(...longitudes) + MARGIN_DEGREES, 180), Math.min(Math.max(...latitudes) + MARGIN_DEGREES, 85)],
  ];
  return projection.fitExtent(
    [
      [12, 12],
      [WIDTH - 12, HEIGHT - 12],
    ],
    { type: 'MultiPoint', coordinates: corners },
  );
}

/** The located contacts of the current filter on an offline world map (no tile server). */
export function ContactsMap({ filter }: { filter: ContactFilterParams }) {
  const world = useWorld();
  const mapPoints = useMapPoints(filter);
  const points = useMemo(() => mapPoints.data?.points ?? [], [mapPoints.data]);
  const projection = useMemo(() => frame(points), [points]);
  const path = useMemo(() => geoPath(projection), [projection]);

  const total = mapPoints.data?.total ?? 0;
  const caption = mapPoints.isPending
    ? 'Loading contact locations...'
    : mapPoints.isError
      ? 'The contact locations could not be loaded.'
      : total === 0
        ? 'No contact matching the filter has a location.'
        : total > points.length
          ? `Showing ${formatNumber(points.length)} of ${formatNumber(total)} located contacts (at most ${formatNumber(MAP_POINT_LIMIT)}). Narrow the filter to see them all.`
          : `${formatNumber(points.length)} located ${points.length === 1 ? 'contact' : 'contacts'}.`;

  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Map of ${formatNumber(points.length)} located contacts`}
        className="h-auto w-full rounded-tremor-default bg-sky-50"
      >
        {world ? (
          <g>
            {world.features.map((country, index) => (
              <path key={index} d={path(country) ?? undefined} className="fill-slate-200 stroke-white" strokeWidth={0.5} />
            ))}
          </g>
        ) : null}
        <g>
          {points.map((point) => {
            const position = projection([point.longitude, point.latitude]);
            if (!position) return null;
            return (
              <circle
                key={point.id}
                cx={position[0]}
                cy={position[1]}
                r={point.isMasterOfMedicine ? 4 : 3}
                className={point.isMasterOfMedicine ? 'fill-violet-600' : 'fill-blue-600'}
                fillOpacity={0.75}
                stroke="white"
                strokeWidth={0.6}
              >
                <title>{`${point.name} · ${point.city}`}</title>
              </circle>
            );
          })}
        </g>
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-tremor-label text-tremor-content" aria-live="polite">
        <span>{caption}</span>
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-full bg-violet-600" aria-hidden="true" /> Master of Medicine
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-full bg-blue-600" aria-hidden="true" /> Other contacts
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
