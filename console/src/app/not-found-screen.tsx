import RiCompass3Line from 'remixicon/icons/Map/compass-3-line.svg?react';
import { Link } from 'react-router';

/** An unknown signed-in path (spec §2.1). */
export function NotFoundScreen() {
  return (
    <section aria-labelledby="not-found-heading" className="flex flex-col items-center py-16 text-center">
      <RiCompass3Line className="h-12 w-12 text-tremor-content-subtle" aria-hidden="true" />
      <h1 id="not-found-heading" className="mt-4 text-2xl font-semibold text-tremor-content-strong">
        Page Not Found
      </h1>
      <p className="mt-2 text-tremor-default text-tremor-content">The page you&apos;re looking for doesn&apos;t exist.</p>
      <Link
        to="/dashboard"
        className="mt-6 inline-flex items-center rounded-tremor-default bg-tremor-brand px-4 py-2 text-tremor-default font-medium text-white hover:bg-tremor-brand-emphasis"
      >
        Go to Dashboard
      </Link>
    </section>
  );
}
