import { DEMO_GROUPS } from './access-control.js';
import type { DemoUser } from './bot-users.js';
import type { DemoCity } from './cities.js';
import type { Random } from './random.js';
import { ERROR_SPIKE_THRESHOLD, ERROR_SPIKE_WINDOW_MS } from '../../bot/alerts/notification-monitor.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** What a user did in one update. */
export type Action =
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'unhandled' }
  | { kind: 'cancel' }
  | { kind: 'blocked-bot' }
  | { kind: 'location'; city: DemoCity }
  | { kind: 'place'; city: DemoCity; query: string }
  | { kind: 'choose'; city: DemoCity; query: string; placeIds: number[] }
  | { kind: 'confirmed'; city: DemoCity }
  | { kind: 'no-place'; query: string }
  | { kind: 'unknown-command'; command: string }
  | { kind: 'error'; command: string; errorMessage: string }
  | { kind: 'joined'; groupId: number }
  | { kind: 'unauthorized-group'; chatId: number; title: string };

/** One update from a demo user at a moment, in a private chat unless chatId says a group. */
export interface PlannedUpdate {
  at: Date;
  user: DemoUser;
  chatId: number;
  action: Action;
}

/** The bot's busy hours, local time: quiet at night, busy from 8 to 22. */
const HOURLY = [2, 1, 0.6, 0.4, 0.4, 0.7, 1.5, 3, 5.5, 7, 7.5, 7.5, 7, 7, 7.2, 7, 6.8, 6.8, 7, 7.2, 6.5, 5.5, 3.5, 2.2].map(
  (weight, hour) => [hour, weight] as const,
);

const NO_PLACE_QUERIES = ['doctor', 'need a dentist', 'hello', 'help me please', 'pharmacy', 'where is the hospital', 'Привіт', 'dzień dobry', 'thanks!'];
const UNKNOWN_COMMANDS = ['/settings', '/stop', '/menu', '/language'];
/** Place names the gazetteer cannot settle alone: the bot offers a choice. */
const AMBIGUOUS: { query: string; geonameId: number; placeIds: number[] }[] = [
  { query: 'Valencia', geonameId: 2509954, placeIds: [3625549, 2509954] },
  { query: 'Birmingham', geonameId: 2655603, placeIds: [2655603, 4049979] },
];
const ERRORS: [string, string, number][] = [
  ['location', 'ETIMEDOUT while contacting Telegram', 4],
  ['location', "Network request for 'sendMessage' failed!", 2],
  ['text', "Call to 'sendMessage' failed! (502: Bad Gateway)", 1],
  ['callback', 'Connection terminated unexpectedly', 1],
];

/** Bot additions to groups that are not authorized, for the logs and the notifications that follow them. */
export const UNAUTHORIZED_GROUPS = [
  { daysAgo: 12, hour: 14.1, chatId: -1002003004005, title: 'Berlin Parents Chat' },
  { daysAgo: 3, hour: 19.7, chatId: -1002111222333, title: 'Free Doctors Kyiv' },
];

/**
 * How far back the logs reach: the Analytics screens' year and the year before it for trends. Whole UTC
 * days: the first one ends 400 days ago, so the history reaches that far whatever hours its rows fall on.
 */
const HISTORY_DAYS = 401;

/** Enough errors for the monitor's rule (more than ERROR_SPIKE_THRESHOLD), as the notification about them says. */
const ERROR_SPIKE = { daysAgo: 6, hour: 3.2, count: ERROR_SPIKE_THRESHOLD + 4 };

function startOfUtcDay(time: Date): number {
  return Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
}

/** When the burst of Telegram time-outs began: six days ago at 03:12 UTC. */
export function errorSpikeStart(now: Date): Date {
  return new Date(startOfUtcDay(now) - ERROR_SPIKE.daysAgo * DAY_MS + ERROR_SPIKE.hour * HOUR_MS);
}

/** Whether the user can use the bot at all: whitelisted, or a member of an active authorized group. */
export function hasAccess(user: DemoUser): boolean {
  return user.whitelisted || user.memberships.some((m) => m.isActive && DEMO_GROUPS.some((g) => g.isActive && g.groupId === m.groupId));
}

function misspell(random: Random, name: string): string {
  const at = random.int(1, name.length - 2);
  return name.slice(0, at) + name.slice(at + 1);
}

/**
 * Plans 30 days of updates shaped like real traffic: more on weekdays, busy 8–22 in each user's
 * local time, sign-ups with /start, searches by location and by place name, refusals and a few
 * failures; then lighter history back to 400 days ago.
 */
export function planUpdates(random: Random, users: DemoUser[], cities: DemoCity[], now: Date): PlannedUpdate[] {
  const windowStart = now.getTime() - 30 * DAY_MS;
  const covered = cities.filter((city) => city.contacts >= 10);
  const visited = cities.map((city) => [city, city.users] as const);
  const planned: PlannedUpdate[] = [];
  const add = (at: number, user: DemoUser, action: Action, chatId = user.telegramId) =>
    planned.push({ at: new Date(Math.round(at)), user, chatId, action });
  const privateChat = (user: DemoUser) => user.telegramId;
  const groupChat = (user: DemoUser) => {
    const groups = user.memberships.filter((m) => m.isActive && DEMO_GROUPS.some((g) => g.isActive && g.groupId === m.groupId));
    return groups.length > 0 && random.chance(0.08) ? random.pick(groups).groupId : privateChat(user);
  };

  /** One session: usually one update, two when a place name is confirmed or chosen. Returns the updates planned. */
  const session = (at: number, user: DemoUser): number => {
    const city = random.chance(0.85) ? user.home : random.weighted(visited);
    const kind = random.weighted([
      ['location', 48], ['place', 15], ['start', 7], ['help', 8], ['ambiguous', 1], ['no-place', 3],
      ['unknown-command', 1.5], ['unhandled', 1], ['error', 1.2],
    ] as const);
    switch (kind) {
      case 'location':
        add(at, user, { kind, city }, groupChat(user));
        return 1;
      case 'start':
      case 'help':
      case 'unhandled':
        add(at, user, { kind }, kind === 'unhandled' ? privateChat(user) : groupChat(user));
        return 1;
      case 'place': {
        const target = random.chance(0.7) ? user.home : random.pick(covered);
        const query = random.weighted([[target.name, 6], [target.name.toLowerCase(), 2.5], [misspell(random, target.name), 1.5]]);
        add(at, user, { kind, city: target, query });
        const reply = at + random.int(4, 40) * 1000;
        if (random.chance(0.8)) add(reply, user, { kind: 'confirmed', city: target });
        else if (random.chance(0.4)) add(reply, user, { kind: 'cancel' });
        return 2;
      }
      case 'ambiguous': {
        const choice = random.pick(AMBIGUOUS);
        const target = cities.find((c) => c.geonameId === choice.geonameId)!;
        add(at, user, { kind: 'choose', city: target, query: choice.query, placeIds: choice.placeIds });
        add(at + random.int(5, 30) * 1000, user, { kind: 'confirmed', city: target });
        return 2;
      }
      case 'no-place':
        add(at, user, { kind, query: random.pick(NO_PLACE_QUERIES) });
        return 1;
      case 'unknown-command':
        add(at, user, { kind, command: random.pick(UNKNOWN_COMMANDS) });
        return 1;
      case 'error': {
        const [command, errorMessage] = random.weighted(ERRORS.map(([c, e, w]) => [[c, e], w] as const));
        add(at, user, { kind, command, errorMessage });
        return 1;
      }
    }
  };

  // Sign-ups: /start, and most search at once.
  for (const user of users) {
    if (user.createdAt.getTime() < windowStart) continue;
    add(user.createdAt.getTime(), user, { kind: 'start' });
    if (random.chance(0.7)) add(user.createdAt.getTime() + random.int(20, 120) * 1000, user, { kind: 'location', city: user.home });
  }

  // Everyday traffic, growing a little over the month; people without access try less often.
  const weightOf = (user: DemoUser) => user.activity * (hasAccess(user) ? 1 : 0.25);
  for (let day = startOfUtcDay(new Date(windowStart)); day <= now.getTime(); day += DAY_MS) {
    const weekday = new Date(day).getUTCDay() % 6 !== 0;
    const progress = (day - windowStart) / (30 * DAY_MS);
    const target = (weekday ? 290 : 185) * (0.85 + 0.25 * progress) * random.float(0.9, 1.1);
    const present = users
      .filter((u) => u.createdAt.getTime() < day + DAY_MS && (!u.blockedBotAt || u.blockedBotAt.getTime() > day))
      .map((u) => [u, weightOf(u)] as const);
    for (let rows = 0, attempts = 0; rows < target && attempts < target * 4; attempts++) {
      const user = random.weighted(present);
      const hour = random.weighted(HOURLY);
      const at = day + (hour - user.home.utcOffset) * HOUR_MS + random.int(0, HOUR_MS - 1);
      if (at < user.createdAt.getTime() || at < windowStart) continue;
      rows += session(at, user);
    }
  }

  for (const user of users) {
    for (const m of user.memberships) {
      if (m.isActive && m.joinedAt && m.joinedAt.getTime() > windowStart) add(m.joinedAt.getTime(), user, { kind: 'joined', groupId: m.groupId }, m.groupId);
    }
    if (user.blockedBotAt) add(user.blockedBotAt.getTime(), user, { kind: 'blocked-bot' });
  }

  const today = startOfUtcDay(now);
  const withAccess = users.filter((u) => !u.whitelisted && hasAccess(u) && !u.blockedBotAt && !u.blockedByStaffAt);
  for (const group of UNAUTHORIZED_GROUPS) {
    add(today - group.daysAgo * DAY_MS + group.hour * HOUR_MS, random.pick(withAccess), { kind: 'unauthorized-group', chatId: group.chatId, title: group.title }, group.chatId);
  }
  const spike = errorSpikeStart(now).getTime();
  for (let i = 0; i < ERROR_SPIKE.count; i++) {
    add(spike + random.int(0, ERROR_SPIKE_WINDOW_MS - 1), random.pick(withAccess), { kind: 'error', command: random.pick(['location', 'text']), errorMessage: 'ETIMEDOUT while contacting Telegram' });
  }

  // A few users at their limit today: as many searches as they may make, and one more.
  const heavy = withAccess.filter((u) => u.home.contacts >= 10 && u.createdAt.getTime() < today && !u.memberships.some((m) => m.isActive && m.groupId !== DEMO_GROUPS[0].groupId));
  for (const user of heavy.slice(0, 4)) {
    for (let i = 0; i <= DEMO_GROUPS[0].dailyLimit; i++) add(random.float(today, now.getTime()), user, { kind: 'location', city: user.home });
  }

  // The months before, drawn last so the month above stays as it was: lighter further back, as
  // traffic follows the users who had joined by then; those who joined then said /start.
  const historyStart = startOfUtcDay(new Date(now.getTime() - HISTORY_DAYS * DAY_MS));
  for (const user of users) {
    const joined = user.createdAt.getTime();
    if (joined >= historyStart && joined < windowStart) add(joined, user, { kind: 'start' });
  }
  for (let day = historyStart; day <= windowStart; day += DAY_MS) {
    const present = users
      .filter((u) => u.createdAt.getTime() < day + DAY_MS && (!u.blockedBotAt || u.blockedBotAt.getTime() > day))
      .map((u) => [u, weightOf(u)] as const);
    if (present.length === 0) continue;
    const weekday = new Date(day).getUTCDay() % 6 !== 0;
    const target = (weekday ? 290 : 185) * 0.25 * (present.length / users.length) * random.float(0.9, 1.1);
    for (let rows = 0, attempts = 0; rows < target && attempts < target * 4; attempts++) {
      const user = random.weighted(present);
      const at = day + (random.weighted(HOURLY) - user.home.utcOffset) * HOUR_MS + random.int(0, HOUR_MS - 1);
      if (at < user.createdAt.getTime() || at >= windowStart) continue;
      rows += session(at, user);
    }
  }

  return planned
    .filter((u) => u.at.getTime() <= now.getTime() && u.at.getTime() >= historyStart)
    .filter((u) => !u.user.blockedBotAt || u.at.getTime() <= u.user.blockedBotAt.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
