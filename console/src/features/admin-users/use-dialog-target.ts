import { useCallback, useState } from 'react';

/**
 * Which item a dialog is about. Closing keeps the item, so the dialog's text does not go blank
 * while it animates out.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; isOpen: boolean }>({ target: null, isOpen: false });
  const show = useCallback((target: T) => setState({ target, isOpen: true }), []);
  const hide = useCallback(() => setState((current) => ({ ...current, isOpen: false })), []);
  return { target: state.target, isOpen: state.isOpen, show, hide };
}
