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
