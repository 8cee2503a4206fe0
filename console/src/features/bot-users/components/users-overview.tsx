import { Button } from '@tremor/react';
import type { TelegramUser } from '@contract/bot-users.js';
import { languageName } from '@contract/languages.js';
import { formatDate, formatNumber } from '../../../lib/format.js';
import { UserBadges, userDisplayName } from './user-badges.js';

interface UsersOverviewProps {
  users: TelegramUser[];
  onView: (telegramId: string) => void;
}

/** The "Users Overview" rows of spec §2.10: one card per user, laid out as a row on wide screens. */
export function UsersOverview({ users, onView }: UsersOverviewProps) {
  return (
    <ul className="divide-y divide-tremor-border">
      {users.map((user) => {
        const name = userDisplayName(user);
        const figures = [
          ['ID', user.telegramId],
          ['Requests Today', formatNumber(user.requestsToday)],
          ['Total Requests', formatNumber(user.totalRequests)],
          ['Last Seen', user.lastSeen ? formatDate(user.lastSeen) : 'Never'],
          ['Joined', formatDate(user.createdAt)],
          [
            'Language',
            <>
              {languageName(user.language)}
              <span className="block text-tremor-label text-tremor-content">{user.languageChosen ? 'Chosen' : 'Automatic'}</span>
            </>,
          ],
        ] as const;
        return (
          <li key={user.telegramId} className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:gap-6" aria-label={name}>
            <div className="min-w-0 lg:w-64">
              <p className="truncate font-medium text-tremor-content-strong">{name}</p>
              <p className="truncate text-tremor-label text-tremor-content">{user.username ? `@${user.username}` : 'No username'}</p>
              <div className="mt-1">
                <UserBadges user={user} />
              </div>
            </div>
            <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-tremor-default sm:grid-cols-3 xl:grid-cols-6">
              {figures.map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-tremor-label text-tremor-content">{label}</dt>
                  <dd className="truncate text-tremor-content-strong">{value}</dd>
                </div>
              ))}
            </dl>
            <Button type="button" size="xs" variant="secondary" onClick={() => onView(user.telegramId)} aria-label={`View Details of ${name}`}>
              View Details
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
