import RiLockLine from 'remixicon/icons/System/lock-line.svg?react';
import { Badge, Button } from '@tremor/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueueItem } from '@contract/verification-queue.js';
import { formatPhone } from '@contract/phone-numbers.js';
import { PageHeader } from '../../components/page-header.js';
import { Pagination } from '../../components/pagination.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { formatCount, formatDate } from '../../lib/format.js';
import { errorMessage } from '../../lib/api-client.js';
import { ROUTES } from '../../lib/routes.js';
import { useAuth } from '../auth/use-auth.js';
import { useVerificationQueue } from './api/verification-queue.js';
import { reasonLabel } from './components/queue-reasons.js';
import { VerifyPanel } from './components/verify-panel.js';

const PAGE_SIZES = [10, 20, 50] as const;
const { headingId: HEADING_ID, title: TITLE, description: DESCRIPTION } = ROUTES.verification.header;

/** Keys typed into a field are the field's, not the queue's. */
function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function QueueRow({ item, selected, me, onSelect, onVerify }: { item: QueueItem; selected: boolean; me: string | undefined; onSelect: () => void; onVerify: () => void }) {
  const { contact, claimedBy } = item;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const heldByAnother = claimedBy && claimedBy.username !== me ? claimedBy : null;
  return (
    <li
      ref={ref}
      aria-current={selected ? 'true' : undefined}
      aria-label={contact.name}
      onClick={onSelect}
      className={`flex flex-col gap-3 rounded-tremor-default border p-3 sm:flex-row sm:items-center sm:justify-between ${
        selected ? 'border-tremor-brand bg-tremor-brand-faint ring-2 ring-tremor-brand-muted' : 'border-tremor-border bg-tremor-background'
      }`}
    >
      <div className="min-w-0 space-y-1">
        <p className="break-words font-medium text-tremor-content-strong">{contact.name}</p>
        <p className="break-words text-tremor-label text-tremor-content">
          {[contact.specialty, contact.city].filter(Boolean).join(' · ')} · {formatPhone(contact.phone)}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {item.reasons.map((reason) => (
            <Badge key={reason.kind} size="xs" color={reason.kind === 'reported' ? 'rose' : reason.kind === 'proposed_correction' ? 'violet' : 'amber'}>
              {reasonLabel(reason)}
            </Badge>
          ))}
        </div>
        <p className="text-tremor-label text-tremor-content">
          {[
            item.openReports > 0 ? formatCount(item.openReports, 'open report') : null,
            `shown ${formatCount(item.shownLast30Days, 'time')} in 30 days`,
            item.lastVerifiedAt ? `last verified ${formatDate(item.lastVerifiedAt)}` : 'never verified',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {heldByAnother ? (
          <p className="flex items-center gap-1 text-tremor-label font-medium text-amber-700">
            <RiLockLine className="h-4 w-4" aria-hidden="true" />
            {`${heldByAnother.username} is verifying it`}
          </p>
        ) : null}
      </div>
      <Button type="button" size="xs" variant={selected ? 'primary' : 'secondary'} className="shrink-0 self-start sm:self-center" onClick={onVerify}>
        Verify
      </Button>
    </li>
  );
}

/**
 * The verification queue (docs/specification.md "Verification Queue"): the contacts due, most pressing
 * first, worked through from the keyboard: J and K move, Enter opens the contact, Enter saves and
 * opens the next, Escape closes.
 */
export function VerificationScreen() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const [selected, setSelected] = useState(0);
  // The contact as it was opened: the queue read again meanwhile does not change the form under the staff member.
  const [openItem, setOpenItem] = useState<QueueItem | null>(null);
  // Set on save: once the queue is read again, the next contact after this one opens.
  const [savedId, setSavedId] = useState<number | null>(null);
  const queue = useVerificationQueue({ limit: pageSize, offset: (page - 1) * pageSize });
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  useEffect(() => {
    if (selected >= items.length && items.length > 0) setSelected(items.length - 1);
  }, [items.length, selected]);

  // The saved contact left the queue (its row's place is the next one's), or stays (an unreachable one): the next is after it.
  useEffect(() => {
    if (savedId === null || queue.isFetching) return;
    const next = items[selected]?.contact.id === savedId ? selected + 1 : selected;
    setSavedId(null);
    if (next < items.length) {
      setSelected(next);
      setOpenItem(items[next]!);
    } else setOpenItem(null);
  }, [savedId, queue.isFetching, items, selected]);

  const move = useCallback(
    (step: 1 | -1) => {
      const target = selected + step;
      if (target >= 0 && target < items.length) setSelected(target);
      else if (step === 1 && page < pages) {
        setPage(page + 1);
        setSelected(0);
      } else if (step === -1 && page > 1) {
        setPage(page - 1);
        setSelected(pageSize - 1);
      }
    },
    [selected, items.length, page, pages, pageSize],
  );

  useEffect(() => {
    if (openItem !== null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'j' || key === 'arrowdown') move(1);
      else if (key === 'k' || key === 'arrowup') move(-1);
      else if (key === 'enter' && items[selected] && !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)) {
        setOpenItem(items[selected]);
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openItem, move, items, selected]);

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} headingId={HEADING_ID} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-tremor-default text-tremor-content-strong">
          {queue.isPending ? 'Loading the queue...' : total === 0 ? 'Nothing is due: every contact is verified.' : `${formatCount(total, 'contact')} due`}
        </p>
        <p className="hidden text-tremor-label text-tremor-content sm:block">J / K move · Enter opens · Enter saves and opens the next · Esc closes</p>
      </div>
      {queue.isError ? <ErrorAlert title="The queue could not be loaded" detail={errorMessage(queue.error, 'Reload the page to try again.')} /> : null}
      {items.length > 0 ? (
        <ol aria-label="Contacts due" className="space-y-2">
          {items.map((item, index) => (
            <QueueRow
              key={item.contact.id}
              item={item}
              me={user?.username}
              selected={index === selected}
              onSelect={() => setSelected(index)}
              onVerify={() => {
                setSelected(index);
                setOpenItem(item);
              }}
            />
          ))}
        </ol>
      ) : null}
      {total > pageSize ? (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          pageSizes={PAGE_SIZES}
          onPage={(next) => {
            setPage(next);
            setSelected(0);
          }}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
            setSelected(0);
          }}
        />
      ) : null}
      <VerifyPanel item={openItem} onClose={() => setOpenItem(null)} onSaved={setSavedId} />
    </section>
  );
}
