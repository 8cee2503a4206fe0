import { Card } from '@tremor/react';
import { useState } from 'react';
import { useAuthProbe } from './auth-probe.js';
import { CredentialsFields, EMPTY_CREDENTIALS } from './credentials-fields.js';
import { ProbeResults } from './probe-results.js';
import { ToolActions } from './tool-actions.js';

/** The sign-in checks both debug tools run: credentials, the actions, and the raw answers. */
export function AuthProbePanel() {
  const probe = useAuthProbe();
  const [credentials, setCredentials] = useState(EMPTY_CREDENTIALS);
  return (
    <>
      <Card className="space-y-4">
        <CredentialsFields value={credentials} disabled={probe.running} onChange={setCredentials} />
        <ToolActions probe={probe} credentials={credentials} />
        <p className="text-tremor-label text-tremor-content">
          Stored token (adminToken): {probe.storedToken ? 'present' : 'none'}
        </p>
      </Card>
      <ProbeResults results={probe.results} />
    </>
  );
}
