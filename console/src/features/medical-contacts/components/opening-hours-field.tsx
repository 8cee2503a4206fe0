import { Button } from '@tremor/react';
import {
  COMMON_OPENING_HOURS,
  formatWallTime,
  normalizeOpeningHours,
  openingHoursError,
  openingState,
  parseOpeningHours,
  type WallTime,
} from '@contract/opening-hours.js';
import { TextField } from '../../../components/text-field.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const at = (time: WallTime) => `${time.sameDay ? '' : `${WEEKDAYS[time.weekday]} `}${formatWallTime(time)}`;

/**
 * What the hours say right now, read in the browser's zone (the server reads them in the contact's
 * own zone, from its coordinates): the preview a person checks the schedule against.
 */
function preview(text: string, now: Date): string | undefined {
  if (!text.trim() || openingHoursError(text)) return undefined;
  const state = openingState(parseOpeningHours(text), Intl.DateTimeFormat().resolvedOptions().timeZone, now);
  const canonical = normalizeOpeningHours(text);
  const saved = canonical !== text.trim() ? ` Saved as "${canonical}".` : '';
  switch (state.kind) {
    case 'always':
      return `Open 24/7.${saved}`;
    case 'open':
      return `Now, in your time zone: open${state.closes ? `, closes ${at(state.closes)}` : ''}.${saved}`;
    case 'closed':
      return `Now, in your time zone: closed${state.opens ? `, opens ${at(state.opens)}` : ''}.${saved}`;
    case 'unverified':
      return 'Not a schedule the bot can read: the contact will be listed under "Hours not verified".';
  }
}

interface OpeningHoursFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's word on the field, after a save it refused. */
  error: string | undefined;
  /** The moment the preview is for. */
  now?: Date;
}

/** Available hours in opening_hours syntax: checked as typed, with a preview and the common patterns as shortcuts. */
export function OpeningHoursField({ value, onChange, error, now = new Date() }: OpeningHoursFieldProps) {
  const typedError = openingHoursError(value) ?? undefined;
  return (
    <div className="space-y-2">
      <TextField
        label="Available Hours"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        placeholder="e.g., Mo-Fr 09:00-18:00; Sa 10:00-14:00"
        error={typedError ?? error}
        hint={typedError ? undefined : (preview(value, now) ?? 'OpenStreetMap opening_hours syntax; leave empty if unknown')}
      />
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
