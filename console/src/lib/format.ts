import { formatRole } from '../../../api/contract/roles.js';

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

/** "1 recovery code", "3 recovery codes". */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? singular : plural}`;
}

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
