import { ANALYTICS_PERIODS, DEFAULT_PERIOD, type AnalyticsPeriod } from '@contract/analytics.js';
import { SelectField } from './select-field.js';

/** The period in the URL's `period` parameter, the default when missing or unknown. */
export function readPeriod(searchParams: URLSearchParams): AnalyticsPeriod {
  const value = searchParams.get('period');
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '') ? (value as AnalyticsPeriod) : DEFAULT_PERIOD;
}

/** Sets one query parameter, dropping it when empty, and keeps the others. */
export function withParam(searchParams: URLSearchParams, name: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

interface PeriodSelectProps {
  label: string;
  /** The option texts of the screen (spec §2.12–2.14 name them differently). */
  labels: Record<AnalyticsPeriod, string>;
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
  className?: string;
}

export function PeriodSelect({ label, labels, value, onChange, className }: PeriodSelectProps) {
  return (
    <SelectField label={label} value={value} className={className} onChange={(event) => onChange(event.target.value as AnalyticsPeriod)}>
      {ANALYTICS_PERIODS.map((period) => (
        <option key={period} value={period}>
          {labels[period]}
        </option>
      ))}
    </SelectField>
  );
}
