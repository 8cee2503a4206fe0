import type { ReactNode } from 'react';

/** Label and value pairs in two columns. */
export function FieldList({ fields }: { fields: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt className="text-tremor-label text-tremor-content">{label}</dt>
          <dd className="text-tremor-default text-tremor-content-strong">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
