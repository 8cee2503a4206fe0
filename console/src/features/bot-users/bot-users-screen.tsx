import { Card } from '@tremor/react';
import { useEffect, useId, useState } from 'react';
import { TELEGRAM_USER_STATUSES, TelegramUserFilterSchema, USER_SEARCH_MAX_LENGTH, type TelegramUserStatus } from '@contract/bot-users.js';
import { can } from '@contract/permissions.js';
import { BOT_LANGUAGES, isLanguageCode } from '@contract/languages.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { Pagination } from '../../components/pagination.js';
import { SELECT_CLASSES } from '../../components/select-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { filterProblems, hasProblem } from '../../lib/filter-problems.js';
import { formatNumber } from '../../lib/format.js';
import { usePageParam, useSearchParamUpdates } from '../../lib/use-search-param-updates.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useAuth } from '../auth/use-auth.js';
import { useTelegramUsers } from './api/get-telegram-users.js';
import type { TelegramUserListParams } from './api/keys.js';
import { UserDetailsDialog } from './components/user-details-dialog.js';
import { UserSummaryCards } from './components/user-summary-cards.js';
import { UsersOverview } from './components/users-overview.js';
import { SearchField } from '../../components/search-field.js';

const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
const STATUS_LABELS: Record<TelegramUserStatus, string> = { all: 'All Users', active: 'Active Only', inactive: 'Inactive Only' };
const HEADING_ID = 'bot-users-heading';
const LIST_HEADING_ID = 'bot-users-list-heading';

/** Reads the list's state from the address bar; anything unknown falls back to the defaults. */
function readParams(params: URLSearchParams): TelegramUserListParams {
  const status = params.get('status');
  const language = params.get('language') ?? '';
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    filter: {
      search: params.get('search')?.trim() || undefined,
      status: (TELEGRAM_USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as TelegramUserStatus) : 'all',
      language: isLanguageCode(language) ? language : undefined,
    },
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * Bot Users (spec §2.10): summary over all users, a searchable, filtered, server-paged list and
 * each user's details. `?user=<telegramId>` opens that user (the logs link here).
 */
export function BotUsersScreen() {
  const { user: staff } = useAuth();
  const [searchParams, updateParams] = useSearchParamUpdates();
  const setPage = usePageParam();
  const params = readParams(searchParams);
  const selected = searchParams.get('user');
  // A filter the API would refuse is not asked for: its field says what is wrong, as the form does.
  const problems = filterProblems(TelegramUserFilterSchema, params.filter);
  const refused = hasProblem(problems);
  // The summary cards are over all users and come with the list: a refused filter still asks for them, unfiltered.
  const users = useTelegramUsers(refused ? { filter: { status: 'all' }, page: 1, pageSize: params.pageSize } : params);
  const statusId = useId();
  const languageId = useId();
  const [searchText, setSearchText] = useState(params.filter.search ?? '');
  const search = useDebouncedValue(searchText.trim());


  useEffect(() => {
    if (search !== (searchParams.get('search') ?? '')) updateParams({ search });
  }, [search, searchParams, updateParams]);

  const filtered = Boolean(params.filter.search) || params.filter.status !== 'all' || Boolean(params.filter.language);
  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader title="Bot Users" headingId={HEADING_ID} description="Monitor bot users' activity, their group memberships and their daily usage." />
      <UserSummaryCards summary={users.data?.summary} />

      <Card className="space-y-4 p-4 sm:p-6">
        {/* The search keeps a line of its own until the two filters leave it room for its placeholder. */}
        <div className="flex flex-col gap-3 xl:flex-row">
          <SearchField
            className="flex-1"
            label="Search users"
            hideLabel
            maxLength={USER_SEARCH_MAX_LENGTH}
            value={searchText}
            onChange={setSearchText}
            placeholder="Name, @username or Telegram ID"
            error={problems.search}
          />
          <div className="grid grid-cols-2 gap-3 xl:flex">
            <div className="xl:w-48">
              <label htmlFor={statusId} className="sr-only">
                Status
              </label>
              <select
                id={statusId}
                value={params.filter.status}
                onChange={(event) => updateParams({ status: event.target.value === 'all' ? undefined : event.target.value })}
                className={SELECT_CLASSES}
              >
                {TELEGRAM_USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <div className="xl:w-48">
              <label htmlFor={languageId} className="sr-only">
                Language
              </label>
              <select
                id={languageId}
                value={params.filter.language ?? ''}
                onChange={(event) => updateParams({ language: event.target.value || undefined })}
                className={SELECT_CLASSES}
              >
                <option value="">Any language</option>
                {BOT_LANGUAGES.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        <section aria-labelledby={LIST_HEADING_ID}>
          <h2 id={LIST_HEADING_ID} className="text-tremor-title font-semibold text-tremor-content-strong">
            Users Overview{users.data && !refused ? ` (${formatNumber(users.data.total)})` : ''}
          </h2>
          <p className="mt-1 text-tremor-label text-tremor-content">
            Requests Today: searches counted against today&apos;s limit. Total Requests: every search answered since the user joined, the free
            follow-up buttons included.
          </p>
          {refused ? (
            <p className="py-10 text-center text-tremor-default text-tremor-content">Change the filters to see the users that match them.</p>
          ) : users.isPending ? (
            <LoadingSpinner label="Loading users..." />
          ) : users.isError ? (
            <div className="mt-4">
              <ErrorAlert title="Could not load the bot users" detail={errorMessage(users.error, 'Check your connection and try again.')} />
            </div>
          ) : users.data.items.length === 0 ? (
            <p className="py-10 text-center text-tremor-default text-tremor-content">{filtered ? 'No users match your filters.' : 'No bot users found.'}</p>
          ) : (
            <UsersOverview users={users.data.items} onView={(telegramId) => updateParams({ user: telegramId }, false)} />
          )}
        </section>

        {users.data && !refused && users.data.total > 0 ? (
          <Pagination
            page={params.page}
            pageSize={params.pageSize}
            total={users.data.total}
            onPage={setPage}
            onPageSize={(pageSize) => updateParams({ pageSize })}
            pageSizes={PAGE_SIZES}
          />
        ) : null}
      </Card>

      {selected ? (
        <UserDetailsDialog telegramId={selected} canManage={can(staff?.role, 'bot-users:manage')} onClose={() => updateParams({ user: undefined }, false)} />
      ) : null}
    </section>
  );
}
