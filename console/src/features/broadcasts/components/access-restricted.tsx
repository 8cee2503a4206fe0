import { RiLockLine } from '@remixicon/react';
import { Card } from '@tremor/react';

/** What viewers and editors see instead of the broadcast screen (spec §2.6). */
export function AccessRestricted() {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <RiLockLine className="mx-auto h-8 w-8 text-tremor-content-subtle" aria-hidden="true" />
      <h2 className="mt-3 text-tremor-title font-semibold text-tremor-content-strong">Access Restricted</h2>
      <p className="mt-1 text-tremor-default text-tremor-content">Only Admin and Super Admin users can send broadcast messages.</p>
    </Card>
  );
}
