import type { Composer } from 'grammy';
import { InlineKeyboard } from 'grammy';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { searchPlaces, type PlaceMatch } from '../../sql/cities.js';
import { recordOutcome, type BotContext } from '../context.js';
import type { Recorder } from '../recorder.js';
import { replyWithTemplate } from '../replies.js';
import { CANCEL_CALLBACK, placeLabel } from './lookup.js';
import { formatCount } from '../../api/contract/plural.js';
import { textsIn } from '../locales/index.js';

/** Longer text is a sentence, not a place name. */
const MAX_PLACE_NAME_LENGTH = 100;
/** A top exact match this many times larger than the next is taken as the one meant. */
const CLEAR_WINNER_RATIO = 10;

/**
 * One place is clearly meant: the only match, or one named exactly (by its own name or another it is
 * known by) that is the only such place or far larger than the next.
 */
export function clearMatch(places: PlaceMatch[]): PlaceMatch | undefined {
  const [first, second] = places;
  if (!first) return undefined;
  if (!second) return first;
  if (first.exact && (!second.exact || first.population >= CLEAR_WINNER_RATIO * second.population)) return first;
  return undefined;
}

/**
 * Text that is not a command is taken as a place name and matched against the gazetteer:
 * one clear match asks for confirmation, several offer a choice, none gets the help hint.
 */
export function placeSearchFeature(deps: { sql: Sql; recorder: Recorder }): Composer<BotContext> {
  const composer = new BotComposer();
  composer.on('message:text', async (ctx) => {
    const text = ctx.message.text.trim();
    if (text.startsWith('/')) {
      recordOutcome(ctx, 'WARN', 'Unknown command');
      await replyWithTemplate(deps, ctx, 'help');
      return;
    }
    const places = text.length <= MAX_PLACE_NAME_LENGTH ? await searchPlaces(deps.sql, text, 5) : [];
    const metadata = { ...ctx.request.log.metadata, query: text.slice(0, MAX_PLACE_NAME_LENGTH) };
    if (places.length === 0) {
      recordOutcome(ctx, 'WARN', 'No place matches the text', { metadata });
      await replyWithTemplate(deps, ctx, 'help');
      return;
    }
    const match = clearMatch(places);
    const choices = match ? [match] : places;
    const keyboard = new InlineKeyboard();
    for (const place of choices) keyboard.text(placeLabel(place), `place:${place.id}`).row();
    keyboard.text(textsIn(ctx.request.language).cancel, CANCEL_CALLBACK);
    await replyWithTemplate(deps, ctx, 'location_confirmation', { city: match ? placeLabel(match) : text }, keyboard);
    recordOutcome(ctx, 'INFO', match ? 'Asked to confirm a place' : `Offered ${formatCount(choices.length, 'place')} to choose from`, {
      metadata: { ...metadata, placeIds: choices.map((place) => place.id) },
    });
  });
  return composer;
}
