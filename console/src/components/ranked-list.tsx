import type { HTMLAttributes, Key, ReactNode } from 'react';

export interface RankedRow {
  key: Key;
  label: ReactNode;
  figure: ReactNode;
}

interface RankedListProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  rows: readonly RankedRow[];
  /** A ranking (`ol`) rather than a plain list (`ul`). */
  ordered?: boolean;
  /** Long rows wrap the figure under the label rather than cut the label short. */
  wrap?: boolean;
  /** Scrolls past 20rem rather than growing the card. */
  scroll?: boolean;
}

/** The analytics cards' lists: a name on the left, its figures on the right, one row each. */
export function RankedList({ rows, ordered = false, wrap = false, scroll = false, ...attributes }: RankedListProps) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`mt-4 divide-y divide-tremor-border ${scroll ? 'max-h-80 overflow-y-auto' : ''}`.trim()} {...attributes}>
      {rows.map((row) => (
        <li
          key={row.key}
          className={`flex items-center justify-between py-2 text-tremor-default ${wrap ? 'flex-wrap gap-x-3' : 'gap-3'}`}
        >
          <span className={`min-w-0 text-tremor-content-strong ${wrap ? '' : 'truncate'}`}>{row.label}</span>
          <span className={`text-tremor-content ${wrap ? '' : 'shrink-0'}`}>{row.figure}</span>
        </li>
      ))}
    </List>
  );
}
