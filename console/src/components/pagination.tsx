import RiArrowLeftSLine from 'remixicon/icons/Arrows/arrow-left-s-line.svg?react';
import RiArrowRightSLine from 'remixicon/icons/Arrows/arrow-right-s-line.svg?react';
import { Button } from '@tremor/react';
import { useEffect, useId } from 'react';
import { SELECT_CLASSES } from './select-field.js';
import { formatNumber } from '../lib/format.js';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** `replace`: the page was corrected, not chosen (see below); the address should not keep the wrong one. */
  onPage: (page: number, replace?: boolean) => void;
  onPageSize: (pageSize: number) => void;
  /** The page sizes offered. */
  pageSizes: readonly number[];
}

/** Up to five page numbers around the current one, plus the first and last. */
function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const start = Math.max(1, Math.min(page - 2, pages - 4));
  const end = Math.min(pages, start + 4);
  const numbers: (number | 'gap')[] = [];
  if (start > 1) numbers.push(1, ...(start > 2 ? (['gap'] as const) : []));
  for (let number = start; number <= end; number += 1) numbers.push(number);
  if (end < pages) numbers.push(...(end < pages - 1 ? (['gap'] as const) : []), pages);
  return numbers;
}

/** Server-side paging: the page buttons and the page size. */
export function Pagination({ page, pageSize, total, onPage, onPageSize, pageSizes }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sizeId = useId();
  // A page past the last one (its rows just deleted, or an old link) turns into the last page, not an empty list.
  useEffect(() => {
    if (total > 0 && page > pages) onPage(pages, true);
  }, [total, page, pages, onPage]);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <div className="flex flex-col gap-3 border-t border-tremor-border pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2 text-tremor-default text-tremor-content">
        <label htmlFor={sizeId} className="whitespace-nowrap">
          Per page
        </label>
        <select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))} className={`${SELECT_CLASSES} w-auto py-1.5`}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span className="whitespace-nowrap">
          {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
        </span>
      </div>
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
        <Button type="button" size="xs" variant="secondary" icon={RiArrowLeftSLine} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page" />
        {pageWindow(Math.min(page, pages), pages).map((number, index) =>
          number === 'gap' ? (
            <span key={`gap-${index}`} className="px-1 text-tremor-content-subtle" aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={number}
              type="button"
              size="xs"
              variant={number === page ? 'primary' : 'secondary'}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPage(number)}
            >
              {String(number)}
            </Button>
          ),
        )}
        <Button type="button" size="xs" variant="secondary" icon={RiArrowRightSLine} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page" />
      </nav>
    </div>
  );
}
