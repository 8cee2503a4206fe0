import { formatDateTime } from '../../../lib/format.js';

/** Spec §2.11: the last sign-in as a date and time, written as every other screen writes them, or "Never". */
export function formatLastLogin(lastLogin: string | null): string {
  return lastLogin ? formatDateTime(lastLogin) : 'Never';
}
