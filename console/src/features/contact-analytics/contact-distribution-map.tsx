import { useMemo } from 'react';
import type { ContactAnalytics } from '@contract/analytics.js';
import { WorldMap } from '../../components/world-map.js';
import { formatCount, formatNumber } from '../../lib/format.js';

/** Circle radii in the map's units: by area, so a place with four times the contacts looks four times as large. */
const MIN_RADIUS = 4;
const MAX_RADIUS = 16;
/** Circles this large carry their count (unless a larger neighbour's count stands too close); smaller ones have it in their tooltip only, as the text would not fit. */
const LABELLED_RADIUS = 9;

/** Spec §3 geographicDistribution: the located contacts per place (a tenth of a degree), as circles sized and labelled by count. */
export function ContactDistributionMap({ distribution }: { distribution: ContactAnalytics['geographicDistribution'] }) {
  const marks = useMemo(() => {
    const largest = Math.max(1, ...distribution.map((place) => place.count));
    return distribution.map(({ latitude, longitude, count }) => {
      const radius = MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(count / largest);
      return {
        key: `${latitude},${longitude}`,
        latitude,
        longitude,
        radius,
        className: 'fill-blue-600',
        title: `${formatCount(count, 'contact')} near ${latitude.toFixed(1)}, ${longitude.toFixed(1)}`,
        label: radius >= LABELLED_RADIUS ? formatNumber(count) : undefined,
      };
    });
  }, [distribution]);
  const contacts = distribution.reduce((sum, place) => sum + place.count, 0);

  return (
    <WorldMap
      marks={marks}
      label={`Map of ${formatCount(contacts, 'located contact')} in ${formatCount(distribution.length, 'place')}`}
      caption={
        <span>
          {distribution.length === 0
            ? 'No contact here has a location: add latitude and longitude on Medical Contacts to see them on the map.'
            : `${formatCount(contacts, 'located contact')} in ${formatCount(distribution.length, 'place')}. A circle's size is its number of contacts (the larger ones show it on wider screens, and hovering over one gives it); the Regions list below counts them by region.`}
        </span>
      }
    />
  );
}
