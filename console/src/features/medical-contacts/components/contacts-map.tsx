import { useMemo } from 'react';
import { WorldMap } from '../../../components/world-map.js';
import { formatCount, formatNumber } from '../../../lib/format.js';
import { MAP_POINT_LIMIT, useMapPoints } from '../api/get-map-points.js';
import type { ContactFilterParams } from '../contact-query.js';

// The screen starts fetching the outline through this lazily loaded module, alongside its list.
export { loadWorld } from '../../../lib/world-outlines.js';

/** A contact placed only by its city is a ring at the city's centre, not a dot at its door. Whole class names, for Tailwind to find. */
const MARK_CLASSES = {
  master: { exact: 'fill-violet-600', approximate: 'stroke-violet-600' },
  other: { exact: 'fill-blue-600', approximate: 'stroke-blue-600' },
} as const;

/** The located contacts of the current filter on an offline world map (no tile server). */
export function ContactsMap({ filter }: { filter: ContactFilterParams }) {
  const mapPoints = useMapPoints(filter);
  const points = useMemo(() => mapPoints.data?.points ?? [], [mapPoints.data]);
  const marks = useMemo(
    () =>
      points.map((point) => ({
        key: point.id,
        latitude: point.latitude,
        longitude: point.longitude,
        radius: point.isMasterOfMedicine ? 4 : 3,
        className: MARK_CLASSES[point.isMasterOfMedicine ? 'master' : 'other'][point.locationApproximate ? 'approximate' : 'exact'],
        hollow: point.locationApproximate,
        title: point.locationApproximate ? `${point.name} · ${point.city} (city centre only)` : `${point.name} · ${point.city}`,
      })),
    [points],
  );

  const total = mapPoints.data?.total ?? 0;
  const caption = mapPoints.isPending
    ? 'Loading contact locations...'
    : mapPoints.isError
      ? 'The contact locations could not be loaded.'
      : total === 0
        ? 'No contact matching the filter has a location.'
        : total > points.length
          ? `Showing ${formatNumber(points.length)} of ${formatNumber(total)} located contacts (at most ${formatNumber(MAP_POINT_LIMIT)}). Narrow the filter to see them all.`
          : `${formatCount(points.length, 'located contact')}.`;

  return (
    <WorldMap
      marks={marks}
      label={`Map of ${formatNumber(points.length)} located contacts`}
      caption={
        <>
          <span>{caption}</span>
          <span className="flex items-center gap-3">
            <span className="flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-full bg-violet-600" aria-hidden="true" /> Master of Medicine
            </span>
            <span className="flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-full bg-blue-600" aria-hidden="true" /> Other contacts
            </span>
            <span className="flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-full border-2 border-blue-600" aria-hidden="true" /> City centre only (approximate)
            </span>
          </span>
        </>
      }
    />
  );
}
