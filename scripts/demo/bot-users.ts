import { DEMO_GROUPS, DEMO_WHITELISTED_ADMINS } from './access-control.js';
import type { TelegramProfile } from '../../sql/bot-users.js';
import type { DemoCity } from './cities.js';
import { asciiHandle, LANGUAGE_CODES, NAMES, type Culture } from './names.js';
import type { Random } from './random.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const [MAIN_GROUP, COORDINATORS_GROUP, PILOT_GROUP] = DEMO_GROUPS;

/** What Telegram says of a demo user in one authorized group. */
export interface DemoMembership {
  groupId: number;
  status: 'creator' | 'administrator' | 'member' | 'left';
  joinedAt: Date | null;
  isActive: boolean;
}

/** A demo bot user: profile, where they live, how active they are and which groups they are in. */
export interface DemoUser extends TelegramProfile {
  home: DemoCity;
  createdAt: Date;
  /** How often they use the bot, relative to others. */
  activity: number;
  memberships: DemoMembership[];
  whitelisted: boolean;
  /** When they blocked the bot; they send nothing after it. */
  blockedBotAt: Date | null;
  /** When staff blocked them from the bot; the bot refuses them after it. */
  blockedByStaffAt: Date | null;
}

const DIASPORA: [Culture, number][] = [['uk', 5], ['ar', 2], ['pl', 2], ['en', 1], ['es', 1]];

/** The users who are members, as the bot would store them: a row per active group, and the paused pilot's members. */
function memberships(random: Random, createdAt: Date, now: Date): DemoMembership[] {
  const joined = (after = false) =>
    after && random.chance(0.3)
      ? new Date(createdAt.getTime() + random.float(0.1, 1) * (now.getTime() - createdAt.getTime()))
      : new Date(createdAt.getTime() - random.int(1, 400) * DAY_MS - random.int(0, DAY_MS));
  const member = (groupId: number, after = false): DemoMembership => ({
    groupId,
    status: random.chance(0.06) ? 'administrator' : 'member',
    joinedAt: joined(after),
    isActive: true,
  });
  // Left, or never a member: the bot stores getChatMember's "left" either way, keeping an earlier join date.
  const left = (groupId: number): DemoMembership => ({ groupId, status: 'left', joinedAt: random.chance(0.4) ? joined() : null, isActive: false });
  const r = random.next();
  const rows =
    r < 0.58 ? [member(MAIN_GROUP.groupId), left(COORDINATORS_GROUP.groupId)]
    : r < 0.8 ? [member(MAIN_GROUP.groupId), member(COORDINATORS_GROUP.groupId, true)]
    : r < 0.92 ? [left(MAIN_GROUP.groupId), member(COORDINATORS_GROUP.groupId)]
    : [left(MAIN_GROUP.groupId), left(COORDINATORS_GROUP.groupId)];
  if (random.chance(r >= 0.92 ? 0.4 : 0.08)) rows.push(member(PILOT_GROUP.groupId));
  return rows;
}

function telegramId(random: Random, taken: Set<number>): number {
  let id: number;
  // Older accounts have ids below 2^31; most accounts made since 2021 are above five billion.
  do id = random.chance(0.3) ? random.int(100_000_000, 2_147_000_000) : random.int(5_000_000_000, 7_999_999_999);
  while (taken.has(id));
  taken.add(id);
  return id;
}

function username(random: Random, first: string, last: string | null, taken: Set<string>): string | null {
  if (random.chance(0.28)) return null;
  const f = asciiHandle(first);
  const l = asciiHandle(last ?? random.pick(['x', 'md', 'help']));
  let handle = random.pick([`${f}_${l}`, `${f}${l.slice(0, 1)}`, `${f}${random.int(75, 99)}`, `${l}_${f}`, `${f}${l}${random.int(1, 9)}`]);
  if (handle.length < 5) handle = `${handle}_${random.int(100, 999)}`;
  while (taken.has(handle)) handle = `${handle}${random.int(0, 9)}`;
  taken.add(handle);
  return handle;
}

/** 200 bot users from several cultures, the two whitelisted admins among them, joined over the last 60 days. */
export function buildDemoUsers(random: Random, cities: DemoCity[], now: Date, count = 200): DemoUser[] {
  const ids = new Set<number>(DEMO_WHITELISTED_ADMINS.map((admin) => admin.telegramId));
  const usernames = new Set<string>(DEMO_WHITELISTED_ADMINS.map((admin) => admin.username));
  const cityByName = (name: string) => cities.find((city) => city.name === name)!;
  const founded = new Date(now.getTime() - 410 * DAY_MS);

  const admins: DemoUser[] = DEMO_WHITELISTED_ADMINS.map((admin, index) => ({
    telegramId: admin.telegramId,
    firstName: admin.firstName,
    lastName: admin.lastName,
    username: admin.username,
    languageCode: admin.languageCode,
    home: cityByName(index === 0 ? 'Kyiv' : 'London'),
    createdAt: new Date(founded.getTime() + index * HOUR_MS),
    activity: 3,
    memberships: [
      { groupId: MAIN_GROUP.groupId, status: index === 0 ? 'creator' : 'administrator', joinedAt: new Date(founded.getTime() - 400 * DAY_MS), isActive: true },
      { groupId: COORDINATORS_GROUP.groupId, status: index === 0 ? 'creator' : 'member', joinedAt: new Date(founded.getTime() - 300 * DAY_MS), isActive: true },
      ...(index === 1 ? [{ groupId: PILOT_GROUP.groupId, status: 'creator' as const, joinedAt: new Date(founded.getTime() - 100 * DAY_MS), isActive: true }] : []),
    ],
    whitelisted: true,
    blockedBotAt: null,
    blockedByStaffAt: null,
  }));

  const homes = cities.map((city) => [city, city.users] as const);
  const others = Array.from({ length: count - admins.length }, (): DemoUser => {
    const home = random.weighted(homes);
    const culture = random.chance(0.7) ? home.culture : random.weighted(DIASPORA);
    const firstName = random.pick(NAMES[culture].first);
    const lastName = random.chance(0.75) ? random.pick(NAMES[culture].last) : null;
    // Sign-ups grow over time: more of them are recent (about half in the last 60 days), the first over a year ago.
    const createdAt = new Date(now.getTime() - Math.max(HOUR_MS, 400 * DAY_MS * random.next() ** 2.5));
    return {
      telegramId: telegramId(random, ids),
      firstName,
      lastName,
      username: username(random, firstName, lastName, usernames),
      languageCode: random.weighted<string | null>([[LANGUAGE_CODES[culture], 85], ['en', 10], [null, 5]]),
      home,
      createdAt,
      activity: random.logNormal(1, 0.75),
      memberships: memberships(random, createdAt, now),
      whitelisted: false,
      blockedBotAt: null,
      blockedByStaffAt: null,
    };
  });

  const lastWeek = now.getTime() - 7 * DAY_MS;
  for (const user of random.shuffle(others).slice(0, 16)) {
    const from = user.createdAt.getTime() + 2 * HOUR_MS;
    if (from < now.getTime() - HOUR_MS) user.blockedBotAt = new Date(random.float(from, now.getTime() - HOUR_MS));
  }
  const allowed = others.filter((user) => !user.blockedBotAt && user.createdAt.getTime() < lastWeek && user.memberships.some((m) => m.isActive));
  for (const user of allowed.slice(0, 2)) user.blockedByStaffAt = new Date(random.float(lastWeek, now.getTime() - DAY_MS));
  return [...admins, ...others];
}
