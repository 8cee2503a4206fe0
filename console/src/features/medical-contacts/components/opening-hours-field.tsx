import { Button } from '@tremor/react';
import { COMMON_OPENING_HOURS, describeOpeningHours, readOpeningHours, type OpeningHoursReading } from '@contract/opening-hours.js';
import { TextField } from '../../../components/text-field.js';

/**
 * What the hours will mean once saved, in words and in the contact's own time zone, and the
 * canonical text stored when it differs from what was typed.
 */
function preview(value: string, reading: Extract<OpeningHoursReading, { kind: 'accepted' }>, timeZone: string | null): string {
  if (!reading.text) return 'OpenStreetMap opening_hours syntax; leave empty if unknown';
  if (!reading.hours) return 'Not a schedule the bot can read: the contact will be listed under "Hours not verified".';
  const saved = reading.text !== value.trim() ? ` Saved as "${reading.text}".` : '';
  return `${describeOpeningHours(reading.text, timeZone) ?? 'A schedule the bot can read.'}${saved}`;
}

interface OpeningHoursFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's word on the field, after a save it refused. */
  error?: string;
  /** The contact's zone, from its coordinates; null while it has none. */
  timeZone: string | null;
}

/**
 * Available hours, read as typed by the rule set the API and the import use (readOpeningHours): a
 * refusal says why and offers the likelier schedule in one click; otherwise a preview says in words
 * when the contact is open. The common patterns are shortcuts.
 */
export function OpeningHoursField({ value, onChange, error, timeZone }: OpeningHoursFieldProps) {
  const reading = readOpeningHours(value);
  const refusal = reading.kind === 'refused' ? reading : null;
  return (
    <div className="space-y-2">
      <TextField
        label="Available Hours"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        placeholder="e.g., Mo-Fr 09:00-18:00; Sa 10:00-14:00"
        error={refusal?.message ?? error}
        hint={reading.kind === 'accepted' ? preview(value, reading, timeZone) : undefined}
      />
      {refusal?.suggestion ? (
        <Button type="button" size="xs" onClick={() => onChange(refusal.suggestion!)}>
          Use &quot;{refusal.suggestion}&quot;
        </Button>
      ) : null}
      <div role="group" aria-label="Common hours" className="flex flex-wrap gap-1.5">
        {COMMON_OPENING_HOURS.map((pattern) => (
          <Button key={pattern} type="button" size="xs" variant="secondary" onClick={() => onChange(pattern)}>
            {pattern}
          </Button>
        ))}
      </div>
    </div>
  );
}
