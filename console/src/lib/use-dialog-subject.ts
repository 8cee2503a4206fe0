import { useCallback, useState } from 'react';

interface DialogSubject<T> {
  subject: T | null;
  open: boolean;
  /** Counts the openings, so that a close knows whether the dialog it was given to is still the one shown. */
  opening: number;
}

/**
 * A dialog opened for one item at a time. The item stays while the dialog closes, so its wording stays put.
 * `close` closes the opening it was rendered for, and only that one: a close that arrives after the dialog
 * was closed and opened again (a request of the earlier opening answering late, Headless UI noticing the
 * earlier dialog's removal) would otherwise shut the dialog the user has just opened.
 */
export function useDialogSubject<T>(): { subject: T | null; open: boolean; show: (subject: T) => void; close: () => void } {
  const [state, setState] = useState<DialogSubject<T>>({ subject: null, open: false, opening: 0 });
  const show = useCallback((subject: T) => setState((current) => ({ subject, open: true, opening: current.opening + 1 })), []);
  const { opening } = state;
  const close = useCallback(() => setState((current) => (current.opening === opening && current.open ? { ...current, open: false } : current)), [opening]);
  return { subject: state.subject, open: state.open, show, close };
}
