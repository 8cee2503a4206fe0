import { RiLockLine } from '@remixicon/react';
import { Card } from '@tremor/react';

/** What a role sees instead of a screen it may not use (the API refuses it too). */
export function AccessRestricted({ message }: { message: string }) {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <RiLockLine className="mx-auto h-8 w-8 text-tremor-content-subtle" aria-hidden="true" />
      <h2 className="mt-3 text-tremor-title font-semibold text-tremor-content-strong">Access Restricted</h2>
      <p className="mt-1 text-tremor-default text-tremor-content">{message}</p>
    </Card>
  );
}
