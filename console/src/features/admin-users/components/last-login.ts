const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §2.11: the last sign-in as a date and time, or "Never". */
export function formatLastLogin(lastLogin: string | null): string {
  return lastLogin ? dateTime.format(new Date(lastLogin)) : 'Never';
}
