import { useCallback, useEffect, useState } from 'react';
import type { BulkTarget } from './api/bulk-contacts.js';
import type { ContactFilterParams } from './contact-query.js';

interface Selection {
  ids: ReadonlySet<number>;
  /** "Select all N matching": the bulk calls then target the filter, not a list of ids. */
  allMatching: boolean;
}

const NOTHING: Selection = { ids: new Set(), allMatching: false };

/** The ticked contacts. A new filter starts a new selection, so no hidden contact stays ticked. */
export function useContactSelection(filter: ContactFilterParams, total: number) {
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const filterKey = JSON.stringify(filter);
  useEffect(() => setSelection(NOTHING), [filterKey]);

  const toggle = useCallback((id: number, selected: boolean) => {
    setSelection((current) => {
      const ids = new Set(current.ids);
      if (selected) ids.add(id);
      else ids.delete(id);
      return { ids, allMatching: false };
    });
  }, []);

  const setPage = useCallback((pageIds: readonly number[], selected: boolean) => {
    setSelection((current) => {
      const ids = new Set(current.ids);
      for (const id of pageIds) {
        if (selected) ids.add(id);
        else ids.delete(id);
      }
      return { ids, allMatching: false };
    });
  }, []);

  const selectAllMatching = useCallback(() => setSelection((current) => ({ ...current, allMatching: true })), []);
  const clear = useCallback(() => setSelection(NOTHING), []);

  const target: BulkTarget = selection.allMatching ? { filter } : { ids: [...selection.ids] };
  const count = selection.allMatching ? total : selection.ids.size;
  return {
    isSelected: (id: number) => selection.allMatching || selection.ids.has(id),
    allMatching: selection.allMatching,
    count,
    target,
    toggle,
    setPage,
    selectAllMatching,
    clear,
  };
}
