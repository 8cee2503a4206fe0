import { Card } from '@tremor/react';
import { formatNumber } from '../lib/format.js';

export interface StatFigure {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  note?: string;
}

/** A row of figure cards (two columns on phones, four on wide screens) under one accessible name. */
export function StatCards({ label, figures }: { label: string; figures: StatFigure[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {figures.map(({ label: name, value, note }) => (
        <Card key={name} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{name}</dt>
          <dd className="mt-1 text-2xl font-semibold text-tremor-content-strong">{value === undefined ? '–' : formatNumber(value)}</dd>
          {note ? <dd className="mt-1 text-tremor-label text-tremor-content-subtle">{note}</dd> : null}
        </Card>
      ))}
    </dl>
  );
}
