import { useId } from 'react';
import { PageHeader } from '../../components/page-header.js';
import { AuthProbePanel } from './auth-probe-panel.js';

/** /debug: runs the sign-in calls by hand and shows the raw answers (spec §2.3). */
export function LoginDebugScreen() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        headingId={headingId}
        title="Login Debug"
        description="Send the sign-in calls by hand and read the server's raw answers, to find out why a sign-in fails."
      />
      <AuthProbePanel />
    </section>
  );
}
