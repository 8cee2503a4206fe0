import type { NewAuthorizedGroup, NewMembership, NewWhitelistEntry } from '../../sql/access-control.js';
import type { StoredNotification } from '../../sql/notifications.js';
import type { NewTelegramUser } from '../../sql/bot-users.js';
import type { FinishedBroadcast } from '../../sql/broadcasts.js';
import { DEMO_GROUPS, DEMO_WHITELISTED_ADMINS } from './access-control.js';
import { buildDemoBroadcasts } from './broadcasts.js';
import { buildDemoUsers, type DemoUser } from './bot-users.js';
import { loadDemoCities } from './cities.js';
import { buildDemoContacts, type DemoContact } from './contacts.js';
import { buildDemoNotifications } from './notifications.js';
import { createRandom, type Random } from './random.js';
import { errorSpikeStart, planUpdates } from './sessions.js';
import { simulateTraffic, type DemoTraffic } from './traffic.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The paused pilot group stopped being checked when it was paused. */
const PILOT_PAUSED_DAYS_AGO = 20;
const GROUP_AGE_DAYS = [420, 300, 100];
const DEBUG_LOGGING_MS = 8 * HOUR_MS;

/** The whole demo data set, built in memory: the same every time for the same `now`. */
export interface DemoWorld {
  contacts: DemoContact[];
  groups: NewAuthorizedGroup[];
  whitelist: NewWhitelistEntry[];
  users: NewTelegramUser[];
  memberships: NewMembership[];
  traffic: DemoTraffic;
  notifications: StoredNotification[];
  broadcasts: FinishedBroadcast[];
}

function membershipRows(random: Random, users: DemoUser[], traffic: DemoTraffic, now: Date): NewMembership[] {
  const pausedAt = now.getTime() - PILOT_PAUSED_DAYS_AGO * DAY_MS;
  return users.flatMap((user) => {
    const seen = (traffic.lastSeen.get(user.telegramId) ?? user.createdAt).getTime();
    return user.memberships.map((membership) => {
      const active = DEMO_GROUPS.find((group) => group.groupId === membership.groupId)!.isActive;
      // The bot re-checks a membership at most once a day, on a request: shortly before the user was last seen.
      const checked = active ? seen - random.float(0, 20 * HOUR_MS) : Math.min(seen, pausedAt);
      return {
        telegramId: user.telegramId,
        groupId: membership.groupId,
        membershipStatus: membership.status,
        joinedAt: membership.joinedAt,
        lastVerified: new Date(Math.round(Math.max(checked, membership.joinedAt?.getTime() ?? 0))),
        isActive: membership.isActive,
      };
    });
  });
}

/**
 * Builds the demo data set for the given moment. Every area draws from its own seeded random
 * source, so changing one area leaves the others as they were.
 */
export async function buildDemoWorld(now: Date): Promise<DemoWorld> {
  const cities = await loadDemoCities();
  const contacts = buildDemoContacts(createRandom(1001), cities, now);
  const users = buildDemoUsers(createRandom(2002), cities, now);
  // Staff turned the log level to DEBUG for a few hours after the error spike, to watch the bot.
  const debugFrom = errorSpikeStart(now);
  const debugWindow = { from: debugFrom, to: new Date(debugFrom.getTime() + DEBUG_LOGGING_MS) };
  const traffic = simulateTraffic(createRandom(3003), planUpdates(createRandom(4004), users, cities, now), contacts, debugWindow);

  const groups = DEMO_GROUPS.map((group, index): NewAuthorizedGroup => {
    const createdAt = new Date(now.getTime() - GROUP_AGE_DAYS[index]! * DAY_MS);
    return {
      ...group,
      groupType: 'supergroup',
      createdAt,
      updatedAt: group.isActive ? createdAt : new Date(now.getTime() - PILOT_PAUSED_DAYS_AGO * DAY_MS),
    };
  });
  const whitelist = DEMO_WHITELISTED_ADMINS.map(({ languageCode: _languageCode, ...admin }, index) => ({
    ...admin,
    isActive: true,
    createdAt: new Date(now.getTime() - (55 - index * 20) * DAY_MS),
  }));

  return {
    contacts,
    groups,
    whitelist,
    users: users.map((user) => ({
      telegramId: user.telegramId,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      languageCode: user.languageCode,
      isActive: user.blockedBotAt === null,
      isBlocked: user.blockedByStaffAt !== null,
      totalRequests: traffic.totalRequests.get(user.telegramId) ?? 0,
      lastSeen: traffic.lastSeen.get(user.telegramId) ?? user.createdAt,
      createdAt: user.createdAt,
    })),
    memberships: membershipRows(createRandom(5005), users, traffic, now),
    traffic,
    notifications: buildDemoNotifications(users, traffic, now),
    broadcasts: buildDemoBroadcasts(createRandom(6006), users, now),
  };
}
