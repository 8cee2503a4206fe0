import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: string;
  /** Id for the heading, so the screen's section can name itself with aria-labelledby. */
  headingId?: string;
  actions?: ReactNode;
}

/** The title block every screen starts with. */
export function PageHeader({ title, description, headingId, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-4 border-b border-tremor-border pb-5 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {/* Below lg the mobile header (app/mobile-header.tsx) shows the title: seen once, and still the heading screen readers find. */}
        <h1 id={headingId} className="sr-only text-2xl font-semibold tracking-tight text-tremor-content-strong lg:not-sr-only">
          {title}
        </h1>
        <p className="text-tremor-default text-tremor-content lg:mt-1">{description}</p>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
