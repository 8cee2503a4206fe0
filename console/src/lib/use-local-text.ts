import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * An input's own text for a value kept elsewhere (the address bar): it follows that value when it
 * changes (the back button, a shared link) and is otherwise the input's, so what a person is still
 * typing is not replaced by the last value committed.
 */
export function useLocalText(committed: string | undefined): [string, Dispatch<SetStateAction<string>>] {
  const [text, setText] = useState(committed ?? '');
  useEffect(() => setText(committed ?? ''), [committed]);
  return [text, setText];
}
