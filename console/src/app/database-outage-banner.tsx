import RiCloudOffLine from 'remixicon/icons/Business/cloud-off-line.svg?react';
import { Callout } from '@tremor/react';
import { useDatabaseOutage } from '../lib/database-outage.js';

/**
 * Shown on every screen while the API answers that the database is unavailable. Screens keep their
 * data and wait (their queries retry), so this one line says why nothing changes.
 */
export function DatabaseOutageBanner() {
  if (!useDatabaseOutage()) return null;
  return (
    <Callout role="alert" aria-label="Database unavailable" color="amber" icon={RiCloudOffLine} title="The database is unavailable; retrying shortly" className="mb-6">
      The console cannot reach its database right now. What you see may be out of date and changes cannot be saved; it
      reconnects by itself, so there is no need to reload the page.
    </Callout>
  );
}
