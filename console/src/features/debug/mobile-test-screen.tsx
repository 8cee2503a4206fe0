import { Card } from '@tremor/react';
import { useId } from 'react';
import { PageHeader } from '../../components/page-header.js';
import { AuthProbePanel } from './auth-probe-panel.js';

function storageWorks(storage: () => Storage): boolean {
  try {
    const probeKey = '__storage_probe__';
    storage().setItem(probeKey, probeKey);
    storage().removeItem(probeKey);
    return true;
  } catch {
    return false;
  }
}

/** What on a phone most often breaks sign-in: blocked storage, no Cache API, an odd viewport. */
function DeviceFacts() {
  const headingId = useId();
  const facts = [
    { label: 'Screen', value: `${window.innerWidth} × ${window.innerHeight} px, pixel ratio ${window.devicePixelRatio}` },
    { label: 'Local storage', value: storageWorks(() => localStorage) ? 'available' : 'blocked' },
    { label: 'Session storage', value: storageWorks(() => sessionStorage) ? 'available' : 'blocked' },
    { label: 'Cache Storage', value: 'caches' in window ? 'available' : 'unavailable (not a secure context)' },
    { label: 'Cookies', value: navigator.cookieEnabled ? 'enabled' : 'disabled' },
    { label: 'Browser', value: navigator.userAgent },
  ];
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          This device
        </h2>
        <dl className="mt-3 space-y-2 text-tremor-default">
          {facts.map(({ label, value }) => (
            <div key={label}>
              <dt className="text-tremor-label text-tremor-content">{label}</dt>
              <dd className="break-words text-tremor-content-strong">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

/** /mobile-test: the sign-in checks of /debug, laid out for a phone, with the device's facts. */
export function MobileTestScreen() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-xl space-y-6">
      <PageHeader
        headingId={headingId}
        title="Mobile Auth Test"
        description="Check that this phone can sign in: storage, the sign-in calls and the stored token."
      />
      <DeviceFacts />
      <AuthProbePanel />
    </section>
  );
}
