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

/** "21 Nov 2026, 14:05" in the browser's time zone; "-" when there is no date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  return new Date(value).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "21 Nov 2026"; "-" when there is no date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  return new Date(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "20 Nov" for a calendar day the API writes as "2026-11-20" (already a day in the settings' time zone). */
export function formatCalendarDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "Today at 04:00 AM", "Yesterday at 11:30 PM", "19 Nov 2026 at 04:00 AM", in the browser's time zone. */
export function formatDayAndTime(value: string, now = new Date()): string {
  const date = new Date(value);
  const time = date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  if (sameDay(date, now)) return `Today at ${time}`;
  if (sameDay(date, yesterday)) return `Yesterday at ${time}`;
  return `${formatDate(value)} at ${time}`;
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
  return new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** "850 ms", "1.2 s": how long something took. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${formatNumber(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
