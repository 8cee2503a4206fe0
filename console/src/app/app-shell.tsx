import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner.js';
import { TwoFactorRequirementBanner } from '../features/settings/two-factor-requirement-banner.js';
import { PRODUCT_TITLE } from '../lib/site.js';
import { BottomBar } from './bottom-bar.js';
import { DatabaseOutageBanner } from './database-outage-banner.js';
import { MobileHeader } from './mobile-header.js';
import { usePageTitle } from './route-handle.js';
import { Sidebar } from './sidebar.js';

/** The signed-in layout (spec §2.2): sidebar from lg up, header and bottom bar below. */
export function AppShell() {
  const title = usePageTitle();

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
          <Suspense fallback={<LoadingSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <BottomBar />
      </div>
    </div>
  );
}
