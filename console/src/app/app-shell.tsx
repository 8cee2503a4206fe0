import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner.js';
import { useAccount } from '../features/settings/account-api.js';
import { TwoFactorRequirementBanner } from '../features/settings/two-factor-requirement-banner.js';
import { setClock } from '../lib/format.js';
import { PRODUCT_TITLE } from '../lib/site.js';
import { BottomBar } from './bottom-bar.js';
import { DatabaseOutageBanner } from './database-outage-banner.js';
import { MobileHeader } from './mobile-header.js';
import { usePageTitle } from './route-handle.js';
import { Sidebar } from './sidebar.js';

/** The signed-in layout (spec §2.2): sidebar from lg up, header and bottom bar below. */
export function AppShell() {
  const title = usePageTitle();
  const account = useAccount();
  // Set while rendering, before the screens below render: every time they show reads this clock.
  if (account.data) setClock({ timeZone: account.data.timeZone, clockFormat: account.data.clockFormat });
  // A screen waits for the account so that its times are never first shown on another clock; one
  // whose account cannot be read shows them on the browser's.
  const clockKnown = account.data !== undefined || account.isError;

  useEffect(() => {
    document.title = `${title} · ${PRODUCT_TITLE}`;
  }, [title]);

  return (
    <div className="min-h-screen">
      <Sidebar />
      <div className="flex min-h-screen flex-col lg:pl-64">
        <MobileHeader title={title} />
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 pb-24 pt-6 sm:px-6 lg:px-8 lg:pb-10 lg:pt-8">
          <DatabaseOutageBanner />
          <TwoFactorRequirementBanner />
          {clockKnown ? (
            <Suspense fallback={<LoadingSpinner />}>
              <Outlet />
            </Suspense>
          ) : (
            <LoadingSpinner />
          )}
        </main>
        <BottomBar />
      </div>
    </div>
  );
}
