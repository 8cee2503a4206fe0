import { useSyncExternalStore } from 'react';

/**
 * Whether the API last said the database is away (a 503). Kept outside React and jotai because the
 * API client, which learns it, is plain code; screens read it through useDatabaseOutage.
 */
let unavailable = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (value === unavailable) return;
  unavailable = value;
  for (const listener of listeners) listener();
}

/** What every API answer tells: a 503 means the database is away, any success that it is back. */
export function noteApiStatus(status: number): void {
  if (status === 503) set(true);
  else if (status < 500) set(false);
}

/** True while the API answers that the database is unavailable. */
export function useDatabaseOutage(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unavailable,
  );
}
