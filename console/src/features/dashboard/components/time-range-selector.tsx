import { TIME_RANGES, type TimeRange } from '../time-range.js';

/** Today / 7 Days / 30 Days (spec §2.4): one pressed at a time. */
export function TimeRangeSelector({ value, onChange }: { value: TimeRange; onChange: (range: TimeRange) => void }) {
  return (
    <div role="group" aria-label="Time range" data-print="hide" className="inline-flex rounded-tremor-default border border-tremor-border bg-tremor-background p-0.5 shadow-tremor-input">
      {TIME_RANGES.map((range) => {
        const pressed = range.value === value;
        return (
          <button
            key={range.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(range.value)}
            className={`rounded-tremor-small px-3 py-1.5 text-tremor-default font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted ${
              pressed ? 'bg-tremor-brand text-tremor-brand-inverted' : 'text-tremor-content hover:text-tremor-content-strong'
            }`}
          >
            {range.label}
          </button>
        );
      })}
    </div>
  );
}
