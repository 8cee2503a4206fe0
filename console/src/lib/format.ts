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
