import RiArrowLeftSLine from 'remixicon/icons/Arrows/arrow-left-s-line.svg?react';
import RiArrowRightSLine from 'remixicon/icons/Arrows/arrow-right-s-line.svg?react';
import { Button } from '@tremor/react';
import { useId, useState } from 'react';
import { MAX_SELECTED_USER_IDS, USER_SEARCH_MAX_LENGTH } from '@contract/bot-users.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCount, formatNumber, pluralForm } from '../../../lib/format.js';
import { notifyError } from '../../../lib/notify.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { fetchMatchingRecipientIds, RECIPIENT_PAGE_SIZE, useRecipientPage } from '../api/get-recipients.js';
import { SearchField } from '../../../components/search-field.js';

interface RecipientChecklistProps {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
}

/**
 * The Selected Users checklist (spec §2.6): searched and paged by the server, so it stays light
 * with 100,000 users. Select All ticks every active user the search matches, on every page (up to
 * MAX_SELECTED_USER_IDS; beyond that, All Users is the way); Clear All unticks everyone.
 */
export function RecipientChecklist({ selected, onChange }: RecipientChecklistProps) {
  const headingId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim().replace(/^@/, ''));
  const [page, setPage] = useState(1);
  const [selectingAll, setSelectingAll] = useState(false);
  const recipients = useRecipientPage(search, page);
  const total = recipients.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RECIPIENT_PAGE_SIZE));
  const shown = recipients.data?.recipients ?? [];

  const toggle = (telegramId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(telegramId);
    else next.delete(telegramId);
    onChange(next);
  };
  const selectAll = async () => {
    setSelectingAll(true);
    try {
      const { ids, total: matching } = await fetchMatchingRecipientIds(search);
      if (matching > ids.length) {
        notifyError('Too many users to select', `${formatCount(matching, 'user')} ${pluralForm(matching, 'matches', 'match')}; select at most ${formatNumber(MAX_SELECTED_USER_IDS)}, or send to All Users.`);
        return;
      }
      onChange(new Set([...selected, ...ids]));
    } catch (error) {
      notifyError('Could not select the users', errorMessage(error, 'Check your connection and try again.'));
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <div role="group" aria-labelledby={headingId} className="space-y-3 rounded-tremor-default border border-tremor-border p-3 sm:p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h3 id={headingId} className="text-tremor-default font-medium text-tremor-content-strong">
          Recipients
        </h3>
        <p className="text-tremor-default text-tremor-content" aria-live="polite">
          {formatNumber(selected.size)} selected
        </p>
      </div>

      <SearchField
        label="Search users"
        hideLabel
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={searchText}
        onChange={(text) => {
          setSearchText(text);
          setPage(1);
        }}
        placeholder="Search by name, @username or Telegram ID"
      />

      <div className="flex flex-wrap gap-2">
        <Button type="button" size="xs" variant="secondary" disabled={total === 0 || selectingAll} onClick={() => void selectAll()}>
          {selectingAll ? 'Selecting...' : 'Select All'}
        </Button>
        <Button type="button" size="xs" variant="secondary" disabled={selected.size === 0} onClick={() => onChange(new Set())}>
          Clear All
        </Button>
        {search && total > 0 ? (
          <span className="self-center text-tremor-label text-tremor-content">Select All ticks the active users of the {formatNumber(total)} matching</span>
        ) : null}
      </div>

      {recipients.isPending ? (
        <LoadingSpinner label="Loading bot users..." />
      ) : recipients.isError ? (
        <div className="space-y-2">
          <ErrorAlert title="Could not load the bot users" detail={errorMessage(recipients.error, 'Check your connection and try again.')} />
          <Button type="button" size="xs" variant="secondary" onClick={() => recipients.refetch()}>
            Try again
          </Button>
        </div>
      ) : total === 0 ? (
        <p className="py-6 text-center text-tremor-default text-tremor-content">
          {search ? 'No users match this search.' : 'No bot users yet: users appear here once they have talked to the bot.'}
        </p>
      ) : (
        <>
          <ul className="max-h-80 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border">
            {shown.map((recipient) => {
              const id = recipient.telegramId;
              return (
                <li key={id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-tremor-background-muted">
                    <input
                      type="checkbox"
                      checked={selected.has(id)}
                      onChange={(event) => toggle(id, event.target.checked)}
                      className="h-4 w-4 shrink-0 rounded border-tremor-border text-tremor-brand focus:ring-tremor-brand-muted"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-tremor-default font-medium text-tremor-content-strong">{recipient.name}</span>
                      <span className="block truncate text-tremor-label text-tremor-content">
                        {recipient.username ? `@${recipient.username} · ` : ''}ID {id}
                      </span>
                    </span>
                    {recipient.reachable ? null : <span className="shrink-0 text-tremor-label text-red-600">Unreachable</span>}
                  </label>
                </li>
              );
            })}
          </ul>
          <nav aria-label="User pages" className="flex items-center justify-between gap-2 text-tremor-default text-tremor-content">
            <span>
              {formatNumber((page - 1) * RECIPIENT_PAGE_SIZE + 1)}–{formatNumber((page - 1) * RECIPIENT_PAGE_SIZE + shown.length)} of {formatNumber(total)}
            </span>
            <span className="flex gap-1">
              <Button type="button" size="xs" variant="secondary" icon={RiArrowLeftSLine} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="Previous users" />
              <Button type="button" size="xs" variant="secondary" icon={RiArrowRightSLine} disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="Next users" />
            </span>
          </nav>
        </>
      )}
    </div>
  );
}
