import { Button } from '@tremor/react';
import { toLoginRequest, type DebugCredentials } from './credentials-fields.js';
import type { useAuthProbe } from './auth-probe.js';

/** The buttons both tools offer, stacked full-width on a phone. */
export function ToolActions({ probe, credentials }: { probe: ReturnType<typeof useAuthProbe>; credentials: DebugCredentials }) {
  const missing = !credentials.identifier || !credentials.password;
  const request = toLoginRequest(credentials);
  return (
    <div className="grid gap-2 sm:flex sm:flex-wrap">
      <Button type="button" disabled={probe.running || missing} onClick={() => void probe.testLogin(request)}>
        Test Login
      </Button>
      <Button type="button" variant="secondary" disabled={probe.running} onClick={() => void probe.testVerify()}>
        Test Verify
      </Button>
      <Button type="button" variant="secondary" disabled={probe.running || missing} onClick={() => void probe.fullLoginTest(request)}>
        Full Login Test
      </Button>
      <Button type="button" variant="secondary" color="red" disabled={probe.running} onClick={() => void probe.clearAll()}>
        Clear Storage &amp; Caches
      </Button>
      <Button type="button" variant="light" disabled={probe.running || probe.results.length === 0} onClick={probe.clearResults}>
        Clear Results
      </Button>
    </div>
  );
}
