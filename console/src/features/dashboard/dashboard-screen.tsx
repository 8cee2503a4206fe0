import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../../api/contract/permissions.js';
import { PageHeader } from '../../components/page-header.js';
import { displayName } from '../../lib/format.js';
import { useAuth } from '../auth/use-auth.js';
import { AdminControls } from './components/admin-controls.js';
import { SystemStatusBanner } from './components/system-status-banner.js';
import { TimeRangeSelector } from './components/time-range-selector.js';
import { readTimeRange, type TimeRange } from './time-range.js';

/** The Dashboard (/ and /dashboard, spec §2.4). */
export function DashboardScreen() {
  const headingId = useId();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const range = readTimeRange(searchParams);

  const changeRange = (next: TimeRange) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('range', next);
      return params;
    });

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader
        headingId={headingId}
        title="Dashboard"
        description={`Welcome back, ${displayName(user)}. Here is how the bot is doing.`}
        actions={<TimeRangeSelector value={range} onChange={changeRange} />}
      />
      <SystemStatusBanner />
      {/*
        Summary cards, the request chart and Top Locations for `range` go here: they are built from
        the analytics roll-up tables (issue 7, another branch), so this screen computes no figures.
      */}
      {user && can(user.role, 'system-settings:manage') ? <AdminControls /> : null}
    </section>
  );
}
