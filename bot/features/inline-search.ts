import type { Composer } from 'grammy';
import type { InlineQueryResultArticle } from 'grammy/types';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { lastSearchPoint } from '../../sql/bot-logs.js';
import { refusedForMaintenance } from '../../api/contract/bot-access.js';
import { normalize } from '../../api/contract/spelling.js';
import { recordOutcome, recordRefusal, type BotContext } from '../context.js';
import type { BotMemory } from '../updates/memory.js';
import { userAccess } from '../middleware/access-gate.js';
import { hiddenBefore, nearestContacts, type ContactDirectory, type Point } from '../answering/contact-lookup.js';
import { contactFilter, directorySpecialties } from '../answering/search-filters.js';
import { parseSpecialtyQuery } from '../answering/specialties.js';
import { formatContact, formatDistance } from '../answering/contact-card.js';
import { directionsFrom } from '../answering/contact-buttons.js';
import { WAYS_IN_TEXTS } from '../locales/ways-in.js';
import { formatCount } from '../../api/contract/plural.js';

/** Results an inline query offers: a screenful of Telegram's list above the keyboard. */
export const INLINE_RESULTS = 10;
/** The payload of the results' button without a point: the private chat's welcome, with its 📍 Share my location. */
export const INLINE_START_PARAMETER = 'inline';
/** Longer query text is a sentence, not a search. */
const MAX_QUERY_LENGTH = 64;

interface InlineDeps {
  sql: Sql;
  memory: BotMemory;
}

/** Where the query is about: the location Telegram sent with it, else the user's latest search; none without either. */
async function queryPoint(deps: InlineDeps, ctx: BotContext & { inlineQuery: NonNullable<BotContext['inlineQuery']> }): Promise<{ point: Point; from: 'query' | 'last search' } | undefined> {
  const { location } = ctx.inlineQuery;
  if (location) return { point: { latitude: location.latitude, longitude: location.longitude }, from: 'query' };
  const last = await lastSearchPoint(deps.sql, ctx.inlineQuery.from.id);
  return last && { point: last, from: 'last search' };
}

/** What the query's text narrows to: a specialty it names (in any of the bot's languages), else contacts whose names hold it. */
function textFilter(directory: ContactDirectory, text: string, at: Date) {
  if (text === '') return undefined;
  const query = parseSpecialtyQuery(text, directorySpecialties(directory), directory.taxonomy);
  if (query) return contactFilter(directory, { specialty: query.specialty, openNow: false }, at);
  const words = normalize(text);
  return (item: number) => normalize(directory.nameOf(item)).includes(words);
}

/**
 * Inline mode (docs/bot.md "Inline mode"): `@bot dentist`, or `@bot` alone, in any chat offers the nearest
 * contacts around the location Telegram sends with the query (else the user's latest search) as results,
 * each posting the contact's card, as the bot writes it, into that chat. Free (no daily request, no claim
 * of one) and flood-controlled like any update; the bot's rules apply to the asking user as in their private
 * chat: a refused user, or anyone but whitelisted admins during maintenance, gets no results. Runs before
 * the access gate, which answers only chats. Its log row is a DEBUG one: an inline query is asked again at
 * every pause in typing, so it is no request of the logs' figures.
 */
export function inlineSearchFeature(deps: InlineDeps): Composer<BotContext> {
  const composer = new BotComposer();
  composer.on('inline_query', async (ctx) => {
    const personal = { cache_time: 0, is_personal: true };
    const { settings, language, receivedAt } = ctx.request;
    const decision = await userAccess(deps, ctx, ctx.from.id);
    if (!decision.allowed || refusedForMaintenance(settings.maintenanceMode, decision.whitelisted)) {
      await ctx.answerInlineQuery([], personal);
      recordRefusal(ctx, decision.allowed ? 'Refused an inline query during maintenance' : `Refused an inline query: ${decision.refusal}`);
      return;
    }
    const where = await queryPoint(deps, ctx);
    if (!where) {
      await ctx.answerInlineQuery([], { ...personal, button: { text: WAYS_IN_TEXTS[language].inlineNeedsLocation, start_parameter: INLINE_START_PARAMETER } });
      recordOutcome(ctx, 'DEBUG', 'Asked for a location before an inline query');
      return;
    }
    const directory = await ctx.attempt.memory.contacts();
    const text = ctx.inlineQuery.query.trim().slice(0, MAX_QUERY_LENGTH);
    const contacts = nearestContacts(directory, where.point, {
      limit: INLINE_RESULTS,
      radiusKm: settings.maxRadiusKm,
      language,
      filter: textFilter(directory, text, receivedAt),
      hiddenBefore: hiddenBefore(settings.hideUnverifiedAfterDays, receivedAt),
    });
    const card = { language, at: receivedAt, routeTo: directionsFrom(where.point), taxonomy: directory.taxonomy, reverifyAfterDays: settings.reverifyAfterDays, alone: true };
    const results: InlineQueryResultArticle[] = contacts.map((contact) => ({
      type: 'article',
      id: String(contact.id),
      title: `${contact.isMasterOfMedicine ? '⭐ ' : ''}${contact.name}`,
      description: [contact.specialty && directory.taxonomy.label(contact.specialty, language), formatDistance(contact.distanceKm, language)].filter(Boolean).join(' · '),
      input_message_content: { message_text: formatContact(contact, 1, card), parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
    }));
    await ctx.answerInlineQuery(results, personal);
    recordOutcome(ctx, 'DEBUG', `Answered an inline query with ${formatCount(results.length, 'contact')}`, {
      metadata: { ...ctx.request.log.metadata, query: text, pointFrom: where.from, contactIds: contacts.map((contact) => contact.id) },
    });
  });
  return composer;
}
