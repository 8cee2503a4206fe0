import { NOTIFICATION_STYLES, userMilestone } from '../../api/contract/notifications.js';
import type { StoredNotification } from '../../sql/notifications.js';
import type { DemoUser } from './bot-users.js';
import { errorSpikeStart } from './sessions.js';
import { ERROR_SPIKE_WINDOW_MS, errorSpikeNotice } from '../../bot/alerts/notification-monitor.js';
import type { DemoTraffic } from './traffic.js';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const later = (time: Date, ms: number) => new Date(time.getTime() + ms);

/**
 * Notifications the system would have raised over the demo month, each at the moment of the log
 * rows it is about: unauthorized groups, an error spike with a lost connection, a user who keeps
 * reaching the limit, user milestones. Some read by every staff member, some expired.
 */
export function buildDemoNotifications(users: DemoUser[], traffic: DemoTraffic, now: Date): StoredNotification[] {
  const notifications: StoredNotification[] = [];

  traffic.requests
    .filter((request) => request.message.startsWith('Bot added to unauthorized group'))
    .forEach((request, index, all) => {
      const title = String(request.metadata.groupTitle);
      notifications.push({
        kind: 'unauthorized_group', ...NOTIFICATION_STYLES.unauthorized_group, title: 'Unauthorized group', message: request.message,
        readByStaffAt: index < all.length - 1 ? later(request.createdAt, 40 * MINUTE_MS) : null,
        createdAt: request.createdAt, expiresAt: later(request.createdAt, 7 * DAY_MS),
        metadata: { groupId: request.chatId, groupTitle: title },
      });
    });

  const spikeStart = errorSpikeStart(now).getTime();
  const spike = traffic.requests.filter(
    (request) => request.level === 'ERROR' && request.createdAt.getTime() >= spikeStart && request.createdAt.getTime() < spikeStart + ERROR_SPIKE_WINDOW_MS,
  );
  const spikeEnd = spike.at(-1)?.createdAt;
  if (spikeEnd) {
    const lost = spike[0]!.createdAt;
    notifications.push(
      {
        kind: 'bot_disconnected', ...NOTIFICATION_STYLES.bot_disconnected, title: 'Bot disconnected', message: 'The bot lost its connection to Telegram.',
        readByStaffAt: later(lost, 2 * 60 * MINUTE_MS), createdAt: lost, expiresAt: later(lost, DAY_MS), metadata: { since: lost.toISOString() },
      },
      {
        kind: 'bot_reconnected', ...NOTIFICATION_STYLES.bot_reconnected, title: 'Bot reconnected', message: 'The bot is connected to Telegram again.',
        readByStaffAt: later(spikeEnd, 2 * 60 * MINUTE_MS), createdAt: later(spikeEnd, 2 * MINUTE_MS), expiresAt: later(spikeEnd, 2 * MINUTE_MS + DAY_MS), metadata: {},
      },
      { ...errorSpikeNotice(spike.length), readByStaffAt: null, createdAt: spikeEnd, expiresAt: later(spikeEnd, 7 * DAY_MS) },
    );
  }

  const weekAgo = now.getTime() - 7 * DAY_MS;
  const limitDays = new Map<number, Set<string>>();
  for (const request of traffic.requests) {
    if (request.message !== 'Daily limit reached' || request.createdAt.getTime() < weekAgo) continue;
    limitDays.set(request.userId, (limitDays.get(request.userId) ?? new Set()).add(request.createdAt.toISOString().slice(0, 10)));
  }
  const [repeat] = [...limitDays].sort((a, b) => b[1].size - a[1].size);
  const repeatUser = repeat && users.find((user) => user.telegramId === repeat[0]);
  if (repeatUser && repeat[1].size >= 2) {
    const last = traffic.requests.findLast((request) => request.userId === repeatUser.telegramId && request.message === 'Daily limit reached')!;
    notifications.push({
      kind: 'daily_limit_repeated', ...NOTIFICATION_STYLES.daily_limit_repeated, title: 'Daily limit reached repeatedly',
      message: `${repeatUser.firstName} (${repeatUser.telegramId}) reached the daily limit on ${repeat[1].size} of the last 7 days.`,
      readByStaffAt: null, createdAt: last.createdAt, expiresAt: later(last.createdAt, 3 * DAY_MS), metadata: { telegramId: repeatUser.telegramId },
    });
  }

  // The milestones the product would have raised as the users joined (100, 1,000…), with its kind
  // and figure: the live check then knows them, and a fresh start raises none the data already passed.
  const joined = users.map((user) => user.createdAt).sort((a, b) => a.getTime() - b.getTime());
  const reached = new Set(joined.map((_, index) => userMilestone(index + 1)).filter((milestone) => milestone !== null));
  for (const milestone of reached) {
    const at = joined[milestone - 1]!;
    const figure = milestone.toLocaleString('en-US');
    notifications.push({
      kind: 'user_milestone', ...NOTIFICATION_STYLES.user_milestone, title: `${figure} bot users`, message: `The bot now has ${figure} users.`,
      readByStaffAt: later(at, DAY_MS / 2), createdAt: at, expiresAt: null, metadata: { users: milestone },
    });
  }
  // Nothing is read before now: a notification raised moments ago is still unread.
  return notifications.map((notification) =>
    notification.readByStaffAt && notification.readByStaffAt > now ? { ...notification, readByStaffAt: null } : notification,
  );
}
