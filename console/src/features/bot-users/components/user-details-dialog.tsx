import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@tremor/react';
import { TelegramUserParamsSchema, type TelegramUserDetail } from '@contract/bot-users.js';
import { botLanguageOf, languageName } from '@contract/languages.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { errorMessage } from '../../../lib/api-client.js';
import { filterProblems } from '../../../lib/filter-problems.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { useTelegramUser } from '../api/get-telegram-user.js';
import { DailyUsagePanel } from './daily-usage-panel.js';
import { FieldList } from './field-list.js';
import { MembershipsPanel } from './memberships-panel.js';
import { RecentRequestsPanel } from './recent-requests-panel.js';
import { UserAdminActions } from './user-admin-actions.js';
import { UserBadges, userDisplayName } from './user-badges.js';

interface UserDetailsDialogProps {
  telegramId: string;
  onClose: () => void;
  /** Admins may reset today's count and block the user. */
  canManage: boolean;
}

/** "View Details" (spec §2.10): Overview, Daily Usage and Group Memberships, plus the user's recent requests. */
export function UserDetailsDialog({ telegramId, onClose, canManage }: UserDetailsDialogProps) {
  // An id from the address the API would refuse (?user=abc) is not asked for: the dialog says why in its words.
  const idProblem = filterProblems(TelegramUserParamsSchema, { telegramId }).telegramId;
  const user = useTelegramUser(telegramId, { enabled: !idProblem });
  return (
    <ModalDialog open onClose={onClose} size="lg" title={user.data ? userDisplayName(user.data) : 'User Details'} description={`Telegram ID ${telegramId}`}>
      {idProblem ? (
        <p className="text-tremor-default text-tremor-content">{idProblem}</p>
      ) : user.isPending ? (
        <LoadingSpinner label="Loading user..." />
      ) : user.isError ? (
        <ErrorAlert title="Could not load this user" detail={errorMessage(user.error, 'Check your connection and try again.')} />
      ) : (
        <div className="space-y-4">
          <TabGroup>
            {/* The four labels wrap onto a second line on a phone rather than being cut. */}
            <TabList variant="line" className="flex-wrap gap-x-4 space-x-0">
              <Tab>Overview</Tab>
              <Tab>Daily Usage</Tab>
              <Tab>Group Memberships</Tab>
              <Tab>Recent Requests</Tab>
            </TabList>
            <TabPanels>
              <TabPanel>
                <Overview user={user.data} />
              </TabPanel>
              <TabPanel>
                <DailyUsagePanel telegramId={telegramId} />
              </TabPanel>
              <TabPanel>
                <MembershipsPanel telegramId={telegramId} />
              </TabPanel>
              <TabPanel>
                <RecentRequestsPanel requests={user.data.recentRequests} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
          {canManage ? <UserAdminActions user={user.data} /> : null}
        </div>
      )}
    </ModalDialog>
  );
}

function Overview({ user }: { user: TelegramUserDetail }) {
  const fields = [
    ['Full Name', [user.firstName, user.lastName].filter(Boolean).join(' ') || '-'],
    ['Username', user.username ? `@${user.username}` : 'Not set'],
    ['Telegram ID', user.telegramId],
    ['Status', <UserBadges key="status" user={user} />],
    ['Requests Today', formatNumber(user.requestsToday)],
    ['Total Requests', formatNumber(user.totalRequests)],
    ['Last Seen', user.lastSeen ? formatDateTime(user.lastSeen) : 'Never'],
    ['Joined', formatDateTime(user.createdAt)],
    ['Language', `${languageName(user.language)}: ${languageSource(user)}`],
  ] as const;
  return <FieldList fields={fields} />;
}

/** Why the bot answers the user in their language, as resolveUserLanguage decides it. */
function languageSource(user: TelegramUserDetail): string {
  if (user.languageChosen) return 'chosen with /language';
  const telegram = user.languageCode ? `Telegram language ${user.languageCode}` : 'no Telegram language';
  return botLanguageOf(user.languageCode) === user.language ? `from their ${telegram}` : `the default language (${telegram})`;
}
