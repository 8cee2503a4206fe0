import { Card } from '@tremor/react';
import { formatNumber } from '../lib/format.js';

export interface StatFigure {
  label: string;
  /** A count (formatted here) or a figure already written out; undefined while loading. */
  value: number | string | undefined;
  note?: string;
}

const COLUMNS = { 3: 'grid-cols-1 sm:grid-cols-3', 4: 'grid-cols-2 lg:grid-cols-4' } as const;

/** A row of figure cards under one accessible name: four (two on phones) or three (one on phones). */
export function StatCards({ label, figures, columns = 4 }: { label: string; figures: StatFigure[]; columns?: keyof typeof COLUMNS }) {
  return (
    <dl aria-label={label} className={`grid gap-3 lg:gap-4 ${COLUMNS[columns]}`}>
      {figures.map(({ label: name, value, note }) => (
        <Card key={name} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{name}</dt>
          <dd className="mt-1 text-2xl font-semibold text-tremor-content-strong">
            {value === undefined ? '–' : typeof value === 'number' ? formatNumber(value) : value}
          </dd>
          {note ? <dd className="mt-1 text-tremor-label text-tremor-content-subtle">{note}</dd> : null}
        </Card>
      ))}
    </dl>
  );
}
