import { Card } from '@tremor/react';
import { useId, useState } from 'react';
import { PageHeader } from '../../components/page-header.js';
import { useAuthProbe } from './auth-probe.js';
import { CredentialsFields, EMPTY_CREDENTIALS } from './credentials-fields.js';
import { ProbeResults } from './probe-results.js';
import { ToolActions } from './tool-actions.js';

/** /debug: runs the sign-in calls by hand and shows the raw answers (spec §2.3). */
export function LoginDebugScreen() {
  const headingId = useId();
  const probe = useAuthProbe();
  const [credentials, setCredentials] = useState(EMPTY_CREDENTIALS);
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        headingId={headingId}
        title="Login Debug"
        description="Send the sign-in calls by hand and read the server's raw answers, to find out why a sign-in fails."
      />
      <Card className="space-y-4">
        <CredentialsFields value={credentials} disabled={probe.running} onChange={setCredentials} />
        <ToolActions probe={probe} credentials={credentials} />
        <p className="text-tremor-label text-tremor-content">
          Stored token (adminToken): {probe.storedToken ? 'present' : 'none'}
        </p>
      </Card>
      <ProbeResults results={probe.results} />
    </section>
  );
}
