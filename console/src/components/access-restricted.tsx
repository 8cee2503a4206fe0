import RiLockLine from 'remixicon/icons/System/lock-line.svg?react';
import { Card } from '@tremor/react';
import { PageHeader } from './page-header.js';

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

/** A whole screen's place for a role that may not use it: its heading, then AccessRestricted. */
export function RestrictedScreen({ title, description, headingId, message }: { title: string; description: string; headingId: string; message: string }) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader title={title} description={description} headingId={headingId} />
      <AccessRestricted message={message} />
    </section>
  );
}
