import type { LogLevel, NewBotLog } from '../../sql/bot-logs.js';
import type { TemplateType } from '../../api/contract/message-templates.js';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, resolveUserLanguage } from '../../api/contract/languages.js';
import { formatCount } from '../../api/contract/plural.js';
import { DEMO_GROUPS } from './access-control.js';
import type { DemoUser } from './bot-users.js';
import { distanceKm, jitter, type DemoCity } from './cities.js';
import type { DemoContact } from './contacts.js';
import type { Random } from './random.js';
import { hasAccess, type PlannedUpdate } from './sessions.js';

/** The bot's default settings (system_settings): results per answer and search radius. */
const RESULTS_PER_ANSWER = 5;
const MAX_RADIUS_KM = 100;
/** Telegram's update ids only grow; a bot that has run a while is far from 1. */
const FIRST_UPDATE_ID = 734_812_000;

/** One handled update as the bot logs it; contacts shown are indexes into the demo contacts. */
export interface DemoRequest extends NewBotLog {
  userId: number;
  chatId: number;
  durationMs: number;
  contacts: number[];
}

/** Answers written with the active template of a type in a language (the user's). */
export interface TemplateUses {
  type: TemplateType;
  language: string;
  uses: number;
}

/** The logs and what the bot would have counted while writing them. */
export interface DemoTraffic {
  requests: DemoRequest[];
  /** Successful lookups per user, all of them inside the log window. */
  totalRequests: Map<number, number>;
  lastSeen: Map<number, Date>;
  /** Successful lookups per user and UTC day. */
  dailyUsage: { telegramId: number; day: string; used: number }[];
  /** Times each contact (by index) was shown, per UTC day. */
  contactRequests: { contact: number; day: string; requests: number }[];
  /** The templates the bot's answers were written with, per type and language (message_templates.usage_count). */
  templateUses: TemplateUses[];
}

function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The contacts the bot would answer with: active and located, Master of Medicine first, each tier nearest first. */
function nearestContacts(contacts: DemoContact[], point: { latitude: number; longitude: number }): number[] {
  const near = contacts
    .map((contact, index) => ({ index, contact, km: contact.latitude === null ? Infinity : distanceKm(point, contact as { latitude: number; longitude: number }) }))
    .filter(({ contact, km }) => contact.isActive && km <= MAX_RADIUS_KM)
    .sort((a, b) => Number(b.contact.isMasterOfMedicine) - Number(a.contact.isMasterOfMedicine) || a.km - b.km);
  return near.slice(0, RESULTS_PER_ANSWER).map(({ index }) => index);
}

function dailyLimitOf(user: DemoUser, chatId: number): number | null {
  if (user.whitelisted) return null;
  const group = DEMO_GROUPS.find((g) => g.groupId === chatId);
  if (group) return group.dailyLimit;
  const limits = user.memberships
    .filter((m) => m.isActive)
    .map((m) => DEMO_GROUPS.find((g) => g.isActive && g.groupId === m.groupId)?.dailyLimit ?? 0);
  return Math.max(...limits);
}

/**
 * DEBUG rows for the lookups in a window when staff had the log level at DEBUG: the bot's check of
 * the user's group memberships with Telegram, written just before the lookup's own row. They draw
 * from `random` after everything else, so the rest of the traffic is the same with or without them.
 */
function withMembershipChecks(random: Random, planned: PlannedUpdate[], requests: DemoRequest[], debug: { from: Date; to: Date }): DemoRequest[] {
  return requests.flatMap((request, index) => {
    const { user, action } = planned[index]!;
    const inWindow = request.createdAt >= debug.from && request.createdAt < debug.to;
    if (!inWindow || action.kind !== 'location' || user.whitelisted || request.chatId !== user.telegramId) return [request];
    const groups = user.memberships.length;
    const check: DemoRequest = {
      ...request,
      level: 'DEBUG',
      message: `Checked membership of ${groups} authorized ${groups === 1 ? 'group' : 'groups'} with Telegram`,
      durationMs: random.int(60, 400),
      errorMessage: null,
      metadata: { updateId: request.metadata.updateId, groupIds: user.memberships.map((m) => m.groupId) },
      latitude: null, longitude: null, city: null, region: null, country: null, resultCount: null, contacts: [],
    };
    return [check, request];
  });
}

/**
 * The templates the bot writes an answer with (bot/replies/replies.ts renders them; the handlers in
 * bot/features/ and bot/answering/answer.ts choose the types): none for what it does not answer.
 */
function repliesOf(action: PlannedUpdate['action'], row: DemoRequest): TemplateType[] {
  if (row.message.startsWith('Refused a user')) return ['error'];
  if (row.message === 'Daily limit reached') return ['rate_limit'];
  if (row.message === 'No contacts within the search radius') return ['error'];
  switch (action.kind) {
    case 'start':
      return ['welcome'];
    case 'help':
    case 'no-place':
    case 'unknown-command':
      return ['help'];
    case 'place':
    case 'choose':
      return ['location_confirmation'];
    case 'error':
    case 'unauthorized-group':
      return ['error'];
    case 'location':
    case 'confirmed':
      return Number(row.metadata.masters) > 0 ? ['location_result', 'master_of_medicine'] : ['location_result'];
    default:
      return [];
  }
}

/** Counts the templates the answers used, per type and language (the user's: the demo has an active template in each). */
function countTemplateReplies(planned: PlannedUpdate[], requests: DemoRequest[]): TemplateUses[] {
  const uses = new Map<string, TemplateUses>();
  requests.forEach((row, index) => {
    for (const type of repliesOf(planned[index]!.action, row)) {
      const key = `${type}|${row.language}`;
      const counted = uses.get(key) ?? { type, language: row.language ?? DEFAULT_LANGUAGE, uses: 0 };
      counted.uses++;
      uses.set(key, counted);
    }
  });
  return [...uses.values()];
}

/** The place columns of a log row for a point near a demo city, as the bot writes them. */
function placeLogged(city: DemoCity, point: { latitude: number; longitude: number }) {
  return { ...point, city: city.name, region: city.region || null, country: city.country };
}

/**
 * Plays the planned updates through the bot's rules (access gate, daily limit, nearest contacts
 * within the radius) and returns the log rows and counters the bot would have written; during
 * `debugWindow` the log level was DEBUG.
 */
export function simulateTraffic(random: Random, planned: PlannedUpdate[], contacts: DemoContact[], debugWindow: { from: Date; to: Date }): DemoTraffic {
  const used = new Map<string, number>();
  const shown = new Map<string, number>();
  const totalRequests = new Map<number, number>();
  const lastSeen = new Map<number, Date>();
  const duration = (median: number, sigma = 0.5) => Math.max(4, Math.min(8000, Math.round(random.logNormal(median, sigma))));

  const requests = planned.map(({ at, user, chatId, action }, index): DemoRequest => {
    lastSeen.set(user.telegramId, at);
    const row: DemoRequest = {
      createdAt: at, level: 'INFO', message: '', command: null, userId: user.telegramId, chatId,
      durationMs: 0, errorMessage: null, metadata: { updateId: FIRST_UPDATE_ID + index },
      latitude: null, longitude: null, city: null, region: null, country: null, resultCount: null, contacts: [],
      // The demo never chose a language with /language: each user is answered in Telegram's, as the defaults offer it.
      language: resolveUserLanguage({ chosenLanguage: null, languageCode: user.languageCode }, { defaultLanguage: DEFAULT_LANGUAGE, botLanguages: LANGUAGE_CODES }),
    };
    const outcome = (level: LogLevel, message: string, command: string | null, median: number, details: Partial<DemoRequest> = {}) =>
      Object.assign(row, { level, message, command, durationMs: duration(median) }, details, { metadata: { ...row.metadata, ...details.metadata } });
    const command = {
      start: '/start', help: '/help', location: 'location', place: 'text', choose: 'text', 'no-place': 'text',
      confirmed: 'callback', cancel: 'callback', unhandled: 'edited_message', 'blocked-bot': 'my_chat_member',
      joined: 'chat_member', 'unauthorized-group': 'my_chat_member',
      'unknown-command': action.kind === 'unknown-command' ? action.command : '',
      error: action.kind === 'error' ? action.command : '',
    }[action.kind];

    switch (action.kind) {
      case 'blocked-bot':
        return outcome('INFO', 'The user blocked the bot', command, 10, { chatId: user.telegramId });
      case 'joined':
        return outcome('INFO', `Membership of ${user.telegramId} is now member`, command, 12, { metadata: { memberId: user.telegramId } });
      case 'unauthorized-group':
        return outcome('WARN', `Bot added to unauthorized group ${action.title} (${action.chatId})`, command, 90, { metadata: { groupTitle: action.title } });
      case 'unhandled':
        return outcome('WARN', 'Ignored an update the bot does not handle', command, 6);
    }
    if (user.blockedByStaffAt && at >= user.blockedByStaffAt) return outcome('WARN', 'Refused a user blocked by staff', command, 15);
    if (!hasAccess(user)) return outcome('WARN', 'Refused a user who is in no authorized group', command, 45);

    switch (action.kind) {
      case 'start':
        return outcome('INFO', 'Sent the welcome message', command, 38);
      case 'help':
        return outcome('INFO', 'Sent help', command, 35);
      case 'cancel':
        return outcome('INFO', 'The user cancelled choosing a place', command, 28);
      case 'unknown-command':
        return outcome('WARN', 'Unknown command', command, 30);
      case 'no-place':
        return outcome('WARN', 'No place matches the text', command, 55, { metadata: { query: action.query } });
      case 'place':
        return outcome('INFO', 'Asked to confirm a place', command, 70, { metadata: { query: action.query, placeIds: [action.city.geonameId] } });
      case 'choose':
        return outcome('INFO', `Offered ${action.placeIds.length} places to choose from`, command, 75, {
          metadata: { query: action.query, placeIds: action.placeIds },
        });
      case 'error': {
        const timedOut = /ETIMEDOUT|Network/.test(action.errorMessage);
        // A failed location answer is logged with its place, as the bot logs it: regions' success rates count it.
        const where = action.command === 'location' ? placeLogged(user.home, jitter(random, user.home, 3)) : {};
        return Object.assign(outcome('ERROR', 'Failed to answer', command, timedOut ? 9000 : 400, { errorMessage: action.errorMessage, ...where }), {
          durationMs: timedOut ? random.int(5000, 15000) : duration(400, 0.8),
        });
      }
    }

    // A location, or a place confirmed from the buttons (its exact coordinates).
    const { city } = action;
    const point = action.kind === 'location' ? jitter(random, city, 3) : { latitude: city.latitude, longitude: city.longitude };
    const where = placeLogged(city, point);
    const day = utcDay(at);
    const usageKey = `${user.telegramId}|${day}`;
    const limit = dailyLimitOf(user, chatId);
    if (limit !== null && (used.get(usageKey) ?? 0) >= limit) return outcome('WARN', 'Daily limit reached', command, 30, where);
    const found = nearestContacts(contacts, point);
    if (found.length === 0) return outcome('WARN', 'No contacts within the search radius', command, 60, { ...where, resultCount: 0 });

    used.set(usageKey, (used.get(usageKey) ?? 0) + 1);
    totalRequests.set(user.telegramId, (totalRequests.get(user.telegramId) ?? 0) + 1);
    for (const contact of found) shown.set(`${contact}|${day}`, (shown.get(`${contact}|${day}`) ?? 0) + 1);
    const masters = found.filter((contact) => contacts[contact]!.isMasterOfMedicine).length;
    return outcome('INFO', `Answered a location with ${formatCount(found.length, 'contact')}`, command, 110, {
      ...where,
      resultCount: found.length,
      contacts: found,
      metadata: { masters },
    });
  });

  return {
    requests: withMembershipChecks(random, planned, requests, debugWindow),
    templateUses: countTemplateReplies(planned, requests),
    totalRequests,
    lastSeen,
    dailyUsage: [...used].map(([key, count]) => {
      const [telegramId, day] = key.split('|');
      return { telegramId: Number(telegramId), day: day!, used: count };
    }),
    contactRequests: [...shown].map(([key, requests]) => {
      const [contact, day] = key.split('|');
      return { contact: Number(contact), day: day!, requests };
    }),
  };
}
