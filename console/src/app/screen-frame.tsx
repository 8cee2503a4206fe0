import { useId } from 'react';
import { PageHeader } from '../components/page-header.js';

/** A screen that shows its title and purpose (see framed-screens.ts). */
export function ScreenFrame({ title, description }: { title: string; description: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <PageHeader headingId={headingId} title={title} description={description} />
    </section>
  );
}
