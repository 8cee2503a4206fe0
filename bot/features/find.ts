import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { formatCount } from '../../api/contract/plural.js';
import { recordOutcome, type BotContext } from '../context.js';
import { FIND_TEXTS } from '../locales/find.js';
import type { BotMemory } from '../updates/memory.js';
import type { Recorder } from '../updates/recorder.js';
import { replyWithTemplate, sendHtml } from '../replies/replies.js';
import { decodeSearchState, SEARCH_CALLBACK } from '../answering/search-state.js';
import { directorySpecialties, shownSpecialties } from '../answering/search-filters.js';
import { hiddenBefore } from '../answering/contact-lookup.js';
import { parseSpecialtyQuery, specialtyKey, specialtyOfKey } from '../answering/specialties.js';
import { answerPoint, ASKED_SPECIALTY_MS } from '../answering/answer.js';
import { clearMatch, matchPlaces, placeChoiceKeyboard } from '../answering/place-match.js';
import { placeLabel } from '../answering/place-labels.js';
import { textForBot } from '../middleware/group-talk.js';
import type { StartPayloads } from '../middleware/start-payloads.js';

interface FindDeps {
  sql: Sql;
  recorder: Recorder;
  memory: BotMemory;
  miniAppUrl: () => string | undefined;
  startPayloads: StartPayloads;
}

/** `/start find_<specialtyKey>`: a link to the /find of one specialty (docs/bot.md "Deep links"). */
export const FIND_PREFIX = 'find_';

/**
 * The buttons under an answer are free this long after the search that was paid for, whichever of its
 * follow-ups they sit under: after it, a press costs a daily request like a new search.
 */
export const FREE_FOLLOW_UP_MS = 30 * 60 * 1000;
/** A place chosen for a specialty search: "fp:<place id>:<specialtyKey>". */
export const FIND_PLACE_CALLBACK = /^fp:(\d+):([0-9a-z]{1,7})$/;
/** Longer text is a sentence, not a search. */
const MAX_QUERY_LENGTH = 100;

async function specialtiesOf(ctx: BotContext): Promise<string[]> {
  return directorySpecialties(await ctx.attempt.memory.contacts());
}

/** The specialty a text asks for, among the directory's and the taxonomy's (staff-added specialties by their names too). */
async function specialtyQueryOf(ctx: BotContext, text: string) {
  const directory = await ctx.attempt.memory.contacts();
  return parseSpecialtyQuery(text, directorySpecialties(directory), directory.taxonomy);
}

/**
 * A specialty search: with a place, the place is looked up as a typed city is (one clear match is
 * answered at once, several are offered as buttons); without one, the user is asked for a place. A pin
 * cannot carry words, so the specialty is kept on the user's row for the location they send next
 * (ASKED_SPECIALTY_MS), by the claim of the ask itself: no statement of its own, and none on the answer's
 * path, which reads it with the user from memory.
 */
async function findSpecialty(deps: FindDeps, ctx: BotContext, specialty: string, placeText: string) {
  const texts = FIND_TEXTS[ctx.request.language];
  const metadata = { ...ctx.request.log.metadata, specialty, query: placeText.slice(0, MAX_QUERY_LENGTH) };
  if (!placeText) {
    const telegramId = ctx.from!.id;
    await ctx.attempt.claim.withAskedSpecialty(ctx.attempt.memory.check(), { telegramId, specialty, at: ctx.request.receivedAt });
    // The claim moved the user's counter: this instance reads them again at their next update, not at its claim.
    deps.memory.forgetUser(telegramId);
    const { taxonomy } = await ctx.attempt.memory.contacts();
    await sendHtml(ctx, texts.askPlace(escapeHtml(taxonomy.label(specialty, ctx.request.language)), ASKED_SPECIALTY_MS / 60_000));
    recordOutcome(ctx, 'INFO', 'Asked where to look for a specialty', { metadata });
    return;
  }
  const places = await matchPlaces(deps.sql, placeText, 5);
  if (places.length === 0) {
    await sendHtml(ctx, texts.unknownPlace(escapeHtml(placeText)));
    recordOutcome(ctx, 'WARN', 'No place matches the text', { metadata });
    return;
  }
  const match = clearMatch(places);
  if (match) {
    await answerPoint(deps, ctx, { point: match, place: match, filters: { specialty, openNow: false } });
    return;
  }
  const keyboard = placeChoiceKeyboard(places, ctx, (place) => `fp:${place.id}:${specialtyKey(specialty)}`);
  await replyWithTemplate(deps, ctx, 'location_confirmation', { city: placeLabel(places[0]!, ctx.request.language) }, keyboard);
  recordOutcome(ctx, 'INFO', `Offered ${formatCount(places.length, 'place')} to choose from`, {
    metadata: { ...metadata, placeIds: places.map((place) => place.id), place: placeLabel(places[0]!, 'en') },
  });
}

/** The answer's buttons pressed: an unknown or garbled one is ignored kindly, as any unknown button. */
async function ignoreButton(ctx: BotContext & { callbackQuery: { data?: string } }, message: string) {
  await ctx.answerCallbackQuery().catch(() => undefined);
  recordOutcome(ctx, 'WARN', message, { metadata: { ...ctx.request.log.metadata, data: ctx.callbackQuery.data?.slice(0, 64) ?? null } });
}

/**
 * /find <specialty> [place], `/start find_<specialtyKey>`, text that names a specialty ("dentist", "paediatrician Kyiv",
 * "cardiology near Lyon"), and the buttons under an answer (narrowing, Open now, More results).
 * Text that names no specialty goes on to the place search, as before.
 */
export function findFeature(deps: FindDeps): Composer<BotContext> {
  const composer = new BotComposer();

  // A specialty the directory no longer has (or never had) is no search: the welcome instead.
  deps.startPayloads.register(FIND_PREFIX, 'gated', async (ctx, key) => {
    const specialty = specialtyOfKey(key, await specialtiesOf(ctx));
    if (specialty === undefined) return false;
    await findSpecialty(deps, ctx, specialty, '');
    return true;
  });

  composer.command('find', async (ctx) => {
    const texts = FIND_TEXTS[ctx.request.language];
    const text = ctx.match.trim().slice(0, MAX_QUERY_LENGTH);
    if (!text) {
      await sendHtml(ctx, texts.askSpecialty);
      recordOutcome(ctx, 'INFO', 'Asked which specialty to find');
      return;
    }
    const query = await specialtyQueryOf(ctx, text);
    if (!query) {
      const language = ctx.request.language;
      const directory = await ctx.attempt.memory.contacts();
      const hidden = hiddenBefore(ctx.request.settings.hideUnverifiedAfterDays, ctx.request.receivedAt);
      const known = shownSpecialties(directory, hidden).map((specialty) => directory.taxonomy.label(specialty, language)).sort((a, b) => a.localeCompare(b, language));
      await sendHtml(ctx, texts.unknownSpecialty(escapeHtml(text), escapeHtml(known.join(', '))));
      recordOutcome(ctx, 'WARN', 'No specialty matches the text', { metadata: { ...ctx.request.log.metadata, query: text } });
      return;
    }
    await findSpecialty(deps, ctx, query.specialty, query.place);
  });

  composer.on('message:text', async (ctx, next) => {
    const text = textForBot(ctx);
    if (text.startsWith('/') || text.length > MAX_QUERY_LENGTH) return next();
    const query = await specialtyQueryOf(ctx, text);
    if (!query) return next();
    await findSpecialty(deps, ctx, query.specialty, query.place);
  });

  composer.callbackQuery(FIND_PLACE_CALLBACK, async (ctx) => {
    const place = await ctx.attempt.memory.findPlace(Number(ctx.match[1]));
    if (!place) {
      await ignoreButton(ctx, 'Ignored a place that no longer exists');
      return;
    }
    // A specialty the directory no longer has: the place's search without it, and a note saying so.
    const specialty = specialtyOfKey(ctx.match[2]!, await specialtiesOf(ctx)) ?? null;
    await ctx.answerCallbackQuery(specialty === null ? { text: FIND_TEXTS[ctx.request.language].specialtyGone } : undefined).catch(() => undefined);
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    await answerPoint(deps, ctx, { point: place, place, filters: { specialty, openNow: false } });
  });

  composer.callbackQuery(SEARCH_CALLBACK, async (ctx) => {
    const state = decodeSearchState(ctx.callbackQuery.data);
    if (!state) {
      await ignoreButton(ctx, 'Ignored a search button the bot cannot read');
      return;
    }
    const specialty = state.specialtyKey === null ? null : (specialtyOfKey(state.specialtyKey, await specialtiesOf(ctx)) ?? null);
    // The directory no longer has the button's specialty: the search without it, from its first page.
    const specialtyGone = state.specialtyKey !== null && specialty === null;
    // The message's date (set by Telegram) bounds the time the buttons carry: no search began after its answer was sent.
    const sentAt = ctx.callbackQuery.message?.date;
    const since = sentAt === undefined ? undefined : Math.min(state.since, sentAt);
    const free = since !== undefined && ctx.request.receivedAt.getTime() - since * 1000 <= FREE_FOLLOW_UP_MS;
    try {
      await answerPoint(deps, ctx, {
        point: state.point,
        filters: { specialty, openNow: state.openNow },
        offset: specialtyGone ? 0 : state.offset,
        followUp: true,
        ...(free ? { freeSince: since } : {}),
      });
    } finally {
      // Acknowledged after the answer: acknowledging first would claim the update in a statement of its
      // own, before the answer's claim (and a paid follow-up's daily request) in the one it needs anyway.
      // A press the bot reaches late (after a restart) can no longer be acknowledged; it is still answered.
      if (ctx.attempt.claim.claimed) {
        await ctx.answerCallbackQuery(specialtyGone ? { text: FIND_TEXTS[ctx.request.language].specialtyGone } : undefined).catch(() => undefined);
      }
    }
  });
  return composer;
}
