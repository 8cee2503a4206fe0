import type { Sql } from '../../sql/database.js';
import type { Place } from '../../sql/cities.js';
import { hiddenBefore, nearestContacts, nearestOfAnyTier, type Point } from './contact-lookup.js';
import { refundDailyRequest } from '../../sql/daily-usage.js';
import type { TemplateType } from '../../api/contract/message-templates.js';
import { isDatabaseUnavailable } from '../../sql/errors.js';
import { recordOutcome, recordRefusal, type BotContext } from '../context.js';
import { formatContact, formatOpenInSight } from './contact-card.js';
import { directionsFrom } from './contact-buttons.js';
import { answerPage, shownContacts } from './answer-page.js';
import { textsIn } from '../locales/index.js';
import type { Recorder } from '../updates/recorder.js';
import { activeTemplate, renderReplies, replyWithTemplate, sendHtml, userValues } from '../replies/replies.js';
import { localDay } from '../../api/contract/time-zone.js';
import { formatCount } from '../../api/contract/plural.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { answerKeyboard } from './answer-keyboard.js';
import { FIND_TEXTS } from '../locales/find.js';
import { nearbySpecialties, type SearchFilters } from './search-filters.js';
import { specialtyKey } from './specialties.js';
import { placeLabel } from './place-labels.js';
import { emergencyNumber } from './emergency-numbers.js';
import { PLACE_TEXTS } from '../locales/places.js';

export interface AnswerDeps {
  sql: Sql;
  recorder: Recorder;
  /** The Mini App's address for the answers' 🗺 Map button; undefined: no such button. */
  miniAppUrl: () => string | undefined;
}

/** A specialty asked for without a place (features/find.ts) applies to a location the user sends this long after the ask. */
export const ASKED_SPECIALTY_MS = 10 * 60 * 1000;
/** The log message of a lookup refused by the daily limit; the notification monitor counts these. */
export const DAILY_LIMIT_REFUSAL = 'Daily limit reached';

/** The nearest contacts beyond the radius an answer with none within it shows. */
const NEAREST_BEYOND_RADIUS = 3;
/** How far beyond the radius they may be, in radii: farther, a contact is of another region, not a longer trip. */
const BEYOND_RADIUS_FACTOR = 10;

/** An answer's search: where, and what it is narrowed to (see search-filters). */
export interface AnswerRequest {
  point: Point;
  /** The place the user chose, when they chose one; else the nearest gazetteer city names the point. */
  place?: Place;
  filters?: SearchFilters;
  /** Contacts of the same search shown before this answer (More results). */
  offset?: number;
  /** A button under an earlier answer: logged as a follow-up. */
  followUp?: boolean;
  /** The specialty of `filters` is the one the user asked for just before sending the point: the answer says so. */
  asked?: boolean;
  /**
   * A follow-up within its free window: the epoch seconds of the paid search it follows, which its
   * buttons keep. The update is claimed without a daily request.
   */
  freeSince?: number;
}

/**
 * Answers a point with the nearest contacts, found in memory, with the buttons that narrow the
 * search. One answer with contacts costs one daily request, taken atomically with the update's
 * claim, in the answer's one statement; an answer that is not sent gives it back. A lookup that
 * finds nothing costs none, and neither does a free follow-up (its claim takes no request).
 */
export async function answerPoint(deps: AnswerDeps, ctx: BotContext, request: AnswerRequest) {
  const { point, filters = { specialty: null, openNow: false }, offset = 0, followUp = false, asked = false, freeSince } = request;
  const { settings, access, receivedAt } = ctx.request;
  const free = freeSince !== undefined;
  const memory = ctx.attempt.memory;
  const userId = ctx.from!.id;
  const day = localDay(receivedAt, settings.timeZone);
  const place = request.place ?? (await memory.nearestPlace(point.latitude, point.longitude));
  const where = {
    latitude: point.latitude,
    longitude: point.longitude,
    city: place?.name ?? null,
    region: place?.region || null,
    country: place?.country ?? null,
  };
  // The place is the log row's from here on: an answer that fails is a failure in that region (Geographic's success rate).
  Object.assign(ctx.request.log, where);
  const search = { followUp, free, specialty: filters.specialty, openNow: filters.openNow, offset, ...(asked ? { asked } : {}) };

  const language = ctx.request.language;
  const directory = await memory.contacts();
  const page = answerPage(directory, { point, filters, offset }, settings, language, receivedAt);
  const shown = shownContacts(page);
  const nearby = nearbySpecialties(directory, point, settings, filters.openNow, receivedAt);
  const miniAppUrl = deps.miniAppUrl();
  const keyboard = answerKeyboard({
    page,
    search: {
      point,
      specialtyKey: filters.specialty && specialtyKey(filters.specialty),
      openNow: filters.openNow,
      offset,
      since: freeSince ?? Math.floor(receivedAt.getTime() / 1000),
    },
    specialty: filters.specialty,
    hasSpecialties: nearby.length > 0,
    offerAll: asked,
    language,
    taxonomy: directory.taxonomy,
    ...(miniAppUrl !== undefined && { map: { miniAppUrl, privateChat: ctx.chat?.type === 'private', botUsername: ctx.me.username } }),
  });
  const placeName = place ? placeLabel(place, language) : `${point.latitude.toFixed(3)}, ${point.longitude.toFixed(3)}`;
  // Every answer about a point ends with the ambulance number of its country, whatever it found.
  const ambulance = place && emergencyNumber(place.countryCode);
  const emergencyLine = ambulance ? [PLACE_TEXTS[language].emergency(ambulance)] : [];
  const findTexts = FIND_TEXTS[language];
  // Plain text: the error template escapes its values; the answer's own line escapes it.
  const narrowedTo = [filters.specialty && directory.taxonomy.label(filters.specialty, language), filters.openNow && findTexts.openNowFilter].filter(Boolean).join(' · ');
  const card = { language, at: receivedAt, routeTo: directionsFrom(point), taxonomy: directory.taxonomy, reverifyAfterDays: settings.reverifyAfterDays };
  if (shown.length === 0) {
    // Nothing within the radius at all, narrowed or not: no button would find anything, so the nearest
    // contacts beyond it instead, said to be farther than usual (the plain refusal when none is near enough).
    const hidden = hiddenBefore(settings.hideUnverifiedAfterDays, receivedAt);
    const widenable = narrowedTo !== '' && nearestContacts(directory, point, { limit: 1, radiusKm: settings.maxRadiusKm, hiddenBefore: hidden }).length > 0;
    const beyond = widenable ? [] : nearestOfAnyTier(directory, point, NEAREST_BEYOND_RADIUS, settings.maxRadiusKm * BEYOND_RADIUS_FACTOR, hidden);
    recordOutcome(ctx, 'WARN', 'No contacts within the search radius', {
      resultCount: 0,
      metadata: { ...ctx.request.log.metadata, ...search, ...(beyond.length > 0 && { beyondRadius: beyond.map((contact) => contact.id) }) },
    });
    let message = textsIn(language).refusals.noResults(settings.maxRadiusKm, placeName);
    if (widenable) message = findTexts.nothingMatching(narrowedTo, settings.maxRadiusKm, placeName);
    else if (beyond.length > 0) message = PLACE_TEXTS[language].nearestBeyond(settings.maxRadiusKm, placeName);
    const sections = await renderReplies(deps, ctx, ['error'], { ...(await userValues(deps, ctx)), error_message: message });
    sections.push(...beyond.map((contact, index) => formatContact(contact, index + 1, card)), ...emergencyLine);
    await sendHtml(ctx, sections, widenable ? keyboard : undefined);
    return;
  }
  const masters = shown.filter((contact) => contact.isMasterOfMedicine);
  const types: TemplateType[] = masters.length > 0 ? ['location_result', 'master_of_medicine'] : ['location_result'];
  // Read before the claim, so that it checks them too.
  await Promise.all(types.map((type) => activeTemplate(ctx, type)));

  let used: number | undefined;
  if (free) {
    await ctx.attempt.claim.ensure(memory.check());
  } else {
    // access.dailyLimit null is unlimited (whitelisted admins): only a missing access decision falls back to the default.
    const limit = access ? access.dailyLimit : settings.defaultDailyLimit;
    used = await ctx.attempt.claim.withDailyRequest(memory.check(), { telegramId: userId, day, limit });
    if (used === undefined) {
      recordRefusal(ctx, DAILY_LIMIT_REFUSAL, { metadata: { ...ctx.request.log.metadata, ...search } });
      await replyWithTemplate(deps, ctx, 'rate_limit');
      return;
    }
  }
  let answered = false;
  try {
    const values = { ...(await userValues(deps, ctx, used)), count: shown.length, city: placeName };
    const sections = await renderReplies(deps, ctx, types, values);
    if (narrowedTo) sections.splice(1, 0, asked ? findTexts.nearYou(escapeHtml(narrowedTo)) : findTexts.narrowed(escapeHtml(narrowedTo)));
    sections.push(...page.contacts.map((contact, index) => formatContact(contact, offset + index + 1, card)));
    if (page.openInSight) sections.push(formatOpenInSight(page.openInSight, offset + page.contacts.length + 1, card));
    sections.push(...emergencyLine);
    await sendHtml(ctx, sections, keyboard);
    answered = true;

    deps.recorder.requestAnswered(userId);
    deps.recorder.contactsShown(shown.map((contact) => contact.id), day);
    recordOutcome(ctx, 'INFO', `Answered a location with ${formatCount(shown.length, 'contact')}`, {
      resultCount: shown.length,
      metadata: {
        ...ctx.request.log.metadata,
        contactIds: shown.map((contact) => contact.id),
        masters: masters.length,
        ...(page.openInSight && { openInSight: page.openInSight.id }),
        ...search,
      },
    });
  } finally {
    // While the database is away the update is tried again once it is back: the refund waits for it too.
    if (!answered && !free) {
      await refundDailyRequest(deps.sql, userId, day).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        deps.recorder.refundLater(userId, day);
      });
    }
  }
}
