import { useId } from 'react';
import { Card } from '@tremor/react';
import { Link } from 'react-router';
import type { DashboardStats } from '@contract/dashboard.js';
import { countryName } from '@contract/countries.js';
import { formatCount } from '../../../lib/format.js';
import { ROUTES } from '../../../lib/routes.js';

/** The places with the most active medical contacts (spec §2.4, §9: five of them). */
export function TopLocations({ locations }: { locations: DashboardStats['topLocations'] }) {
  const headingId = useId();
  return (
    <Card className="p-4">
      <section aria-labelledby={headingId}>
        <div className="flex items-center justify-between">
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Top Locations
          </h2>
          <Link to={ROUTES.medicalContacts.path} className="text-tremor-default font-medium text-tremor-brand hover:underline" data-print="hide">
            View All
          </Link>
        </div>
        {locations.length === 0 ? (
          <p className="mt-4 text-tremor-default text-tremor-content">No medical contacts with a city yet.</p>
        ) : (
          <ol className="mt-4 divide-y divide-tremor-border" aria-labelledby={headingId}>
            {locations.map((location) => (
              <li key={`${location.country}/${location.city}`} className="flex items-center justify-between py-2 text-tremor-default">
                <span className="text-tremor-content-strong">
                  {location.city}
                  {location.country ? <span className="text-tremor-content">, {countryName(location.country)}</span> : null}
                </span>
                <span className="text-tremor-content">{formatCount(location.contacts, 'active contact')}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
