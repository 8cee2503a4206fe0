import { clockDate, clockDateTime, clockDayAndTime, clockExactTime, clockTime, DEFAULT_CLOCK_FORMAT, type Clock } from '@contract/clock-format.js';
import { formatRole } from '@contract/roles.js';

interface NamedUser {
  firstName?: string | null;
  username?: string | null;
}

/** The name the console shows for a staff member: first name, else username, else "Admin" (spec §2.2). */
export function displayName(user: NamedUser | null | undefined): string {
  return user?.firstName || user?.username || 'Admin';
}

/** A role as the sidebar footer shows it: "SUPER ADMIN", else "Administrator" when unknown. */
export function roleLabel(role: string | null | undefined): string {
  return role ? formatRole(role) : 'Administrator';
}

/** "1 recovery code", "3 recovery codes": the one plural rule, shared with the server. */
export { formatCount, pluralForm } from '@contract/plural.js';

/** "1,234": every count on screen. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-GB');
}

/**
 * The clock every time on screen is read on: the configured time zone (system settings) and the
 * staff member's own clock format, both from their account (the shell sets it before any screen
 * shows). The browser's zone and the 24-hour clock until then.
 */
let clock: Clock = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, clockFormat: DEFAULT_CLOCK_FORMAT };

export function setClock(next: Clock): void {
  clock = next;
}

export function currentClock(): Clock {
  return clock;
}

/** "14:05", or "2:05 PM" on the 12-hour clock. */
export function formatTime(value: string | Date): string {
  return clockTime(new Date(value), clock);
}

/** "21 Nov 2026, 14:05"; "-" when there is no date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  return clockDateTime(new Date(value), clock);
}

/** "21 Nov 2026"; "-" when there is no date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  return clockDate(new Date(value), clock);
}

/** "20 Nov" for a calendar day the API writes as "2026-11-20" (already a day in the settings' time zone). */
export function formatCalendarDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "Today at 14:05", "Yesterday at 23:30", "19 Nov 2026 at 04:00". */
export function formatDayAndTime(value: string, now = new Date()): string {
  return clockDayAndTime(new Date(value), clock, now);
}

/** "3 d 4 h", "2 h 5 min", "12 min", "40 s": how long something has been going. */
export function formatElapsed(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(totalSeconds)} s`;
}

/** "512 KB", "84.2 MB", "1.3 GB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "now", "5 minutes ago", "yesterday", "3 months ago": how long ago `value` was, seen from `now`. */
export function formatRelativeTime(value: string, now: Date = new Date()): string {
  let amount = (new Date(value).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDateTime(value);
}

/** The exact instant, to the second, for a tooltip beside a relative time. */
export function formatExactTime(value: string): string {
  return clockExactTime(new Date(value), clock);
}

/** "850 ms", "1.2 s": how long something took. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${formatNumber(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
