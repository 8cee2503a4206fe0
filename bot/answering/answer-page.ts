import type { LanguageCode } from '../../api/contract/languages.js';
import { hiddenBefore, nearestContacts, type ContactDirectory, type NearbyContact, type Point } from './contact-lookup.js';
import type { BotContext } from '../context.js';
import { openingStateKept } from './opening-states.js';
import { contactFilter, directorySpecialties, isOpenAt, type SearchFilters } from './search-filters.js';
import type { SearchState } from './search-state.js';
import { specialtyOfKey } from './specialties.js';
import { KNOWN_SPECIALTIES } from '../../api/contract/specialty-names.js';

export interface PageRequest {
  point: Point;
  filters: SearchFilters;
  /** Contacts of the same search shown before this page (More results). */
  offset: number;
}

export interface PageLimits {
  resultsPerAnswer: number;
  maxRadiusKm: number;
  /** System Settings: contacts not verified for this many days are left out; null: none. */
  hideUnverifiedAfterDays: number | null;
}

/** The contacts of one answer. */
export interface AnswerPage {
  /** The page, in the search's order. */
  contacts: NearbyContact[];
  /**
   * On a first page whose every contact is known to be closed: the nearest contact of the same search
   * open now (or around the clock) within the radius, shown after them. Master of Medicine first, as
   * in every answer.
   */
  openInSight: NearbyContact | undefined;
  /** More contacts of the same search lie within the radius. */
  hasMore: boolean;
}

/**
 * The contacts an answer shows, at a moment: its page, and the open one it brings into sight. The
 * buttons under an answer find its page again with it (the map's choice, Report a problem, ◀ Back).
 */
export function answerPage(directory: ContactDirectory, request: PageRequest, limits: PageLimits, language: LanguageCode, at: Date): AnswerPage {
  const { point, filters, offset } = request;
  const filter = contactFilter(directory, filters, at);
  const hidden = hiddenBefore(limits.hideUnverifiedAfterDays, at);
  // One beyond the page says whether More results has anything to show.
  const found = nearestContacts(directory, point, { limit: limits.resultsPerAnswer + 1, radiusKm: limits.maxRadiusKm, language, filter, offset, hiddenBefore: hidden });
  const contacts = found.slice(0, limits.resultsPerAnswer);
  const hasMore = found.length > contacts.length;
  // With nothing beyond the page, every contact within the radius is on it: none open was left out.
  const allClosed = offset === 0 && hasMore && contacts.every((contact) => openingStateKept(contact.hours, contact.timeZone, at).kind === 'closed');
  const openInSight = allClosed
    ? nearestContacts(directory, point, { limit: 1, radiusKm: limits.maxRadiusKm, filter: (item) => (!filter || filter(item)) && isOpenAt(directory, item, at), hiddenBefore: hidden })[0]
    : undefined;
  return { contacts, openInSight, hasMore };
}

/** The contacts an answer shows, numbered from its first: its page, then the open one in sight. */
export function shownContacts(page: AnswerPage): NearbyContact[] {
  return page.openInSight ? [...page.contacts, page.openInSight] : page.contacts;
}

/** The search a button under an answer carries, as the directory in memory resolves it, at the moment the answer was sent. */
export interface ButtonSearch {
  directory: ContactDirectory;
  request: PageRequest;
  /** When the answer was sent (its message's date, set by Telegram): its page is found again as it was then. */
  at: Date;
}

/**
 * Resolves a button's search. Its specialty is the directory's, or one the bot knows by name though
 * the directory has none of it (the search found nothing, and says so); another is left out.
 */
export async function buttonSearch(ctx: BotContext, state: SearchState): Promise<ButtonSearch> {
  const directory = await ctx.attempt.memory.contacts();
  const key = state.specialtyKey;
  const specialty = key === null ? null : (specialtyOfKey(key, directorySpecialties(directory)) ?? specialtyOfKey(key, KNOWN_SPECIALTIES) ?? null);
  const sentAt = ctx.callbackQuery?.message?.date;
  return {
    directory,
    request: { point: state.point, filters: { specialty, openNow: state.openNow }, offset: state.offset },
    at: sentAt ? new Date(sentAt * 1000) : ctx.request.receivedAt,
  };
}

/** The page of an answer whose button was pressed. */
export function pageOfButton(ctx: BotContext, { directory, request, at }: ButtonSearch): AnswerPage {
  return answerPage(directory, request, ctx.request.settings, ctx.request.language, at);
}
