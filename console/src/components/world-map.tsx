import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadWorld, type Countries } from '../lib/world-outlines.js';

const WIDTH = 800;
const HEIGHT = 420;
/** Degrees of context around the marks, so one city is not drawn as the whole map. */
const MARGIN_DEGREES = 6;

/** A point drawn on the map: a circle of the given radius (in the map's 800×420 units), its tooltip and an optional text on it. */
export interface MapMark {
  key: string | number;
  latitude: number;
  longitude: number;
  radius: number;
  className: string;
  title: string;
  label?: string;
  /** Drawn as a ring: a place known only roughly (its `className` then colours the ring, with `stroke-…`). */
  hollow?: boolean;
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

function frame(marks: readonly MapMark[]) {
  const projection = geoNaturalEarth1();
  if (marks.length === 0) return projection.fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
  const longitudes = marks.map((mark) => mark.longitude);
  const latitudes = marks.map((mark) => mark.latitude);
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

/** Labels closer than this (in map units) to a larger mark's label would be read as one number. */
const LABEL_SPACING = 20;

/** The labels to draw, largest mark first; one that would touch a label already placed is left to its tooltip. */
function placeLabels(ordered: readonly MapMark[], projection: (point: [number, number]) => [number, number] | null) {
  const placed: { mark: MapMark; position: [number, number] }[] = [];
  for (const mark of ordered) {
    const position = mark.label ? projection([mark.longitude, mark.latitude]) : null;
    if (position && placed.every((other) => Math.hypot(other.position[0] - position[0], other.position[1] - position[1]) >= LABEL_SPACING)) {
      placed.push({ mark, position });
    }
  }
  return placed;
}

/**
 * Marks on an offline world map (no tile server), framed around them, with a caption below; larger
 * marks are drawn first so smaller ones stay visible on top, and the labels over all of them.
 */
export function WorldMap({ marks, label, caption }: { marks: readonly MapMark[]; label: string; caption: ReactNode }) {
  const world = useWorld();
  const projection = useMemo(() => frame(marks), [marks]);
  const path = useMemo(() => geoPath(projection), [projection]);
  const ordered = useMemo(() => [...marks].sort((a, b) => b.radius - a.radius), [marks]);
  const labelled = useMemo(() => placeLabels(ordered, projection), [ordered, projection]);

  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full rounded-tremor-default bg-sky-50">
        {world ? (
          <g>
            {world.features.map((country, index) => (
              <path key={index} d={path(country) ?? undefined} className="fill-slate-200 stroke-white" strokeWidth={0.5} />
            ))}
          </g>
        ) : null}
        <g>
          {ordered.map((mark) => {
            const position = projection([mark.longitude, mark.latitude]);
            if (!position) return null;
            return (
              <circle
                key={mark.key}
                data-testid="map-mark"
                cx={position[0]}
                cy={position[1]}
                r={mark.radius}
                className={mark.className}
                fillOpacity={mark.hollow ? 0 : 0.75}
                stroke={mark.hollow ? undefined : 'white'}
                strokeWidth={mark.hollow ? 1.2 : 0.6}
                data-hollow={mark.hollow ? 'true' : undefined}
              >
                <title>{mark.title}</title>
              </circle>
            );
          })}
        </g>
        {/* Above every circle, so a smaller neighbour never hides a count. Not on a phone: the map is
            drawn at about 40 % there, and the text would be too small to read. */}
        <g className="pointer-events-none hidden md:inline" aria-hidden="true">
          {labelled.map(({ mark, position }) => (
            <text key={mark.key} x={position[0]} y={position[1]} textAnchor="middle" dominantBaseline="central" className="fill-white text-[11px] font-semibold">
              {mark.label}
            </text>
          ))}
        </g>
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-tremor-label text-tremor-content" aria-live="polite">
        {caption}
      </figcaption>
    </figure>
  );
}
