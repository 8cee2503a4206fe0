import type { Composer } from 'grammy';
import { InlineKeyboard } from 'grammy';
import { distance } from 'fastest-levenshtein';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { searchPlaces, type PlaceMatch } from '../../sql/cities.js';
import { recordOutcome, type BotContext } from '../context.js';
import type { Recorder } from '../recorder.js';
import { replyWithTemplate } from '../replies.js';
import { CANCEL_CALLBACK, placeLabel } from './lookup.js';
import { formatCount } from '../../api/contract/plural.js';
import { textsIn } from '../locales/index.js';
import { SMALL_TALK } from '../locales/small-talk.js';
import { normalize, typoTolerance } from '../../api/contract/spelling.js';
import { textForBot } from '../middleware/group-talk.js';

/** Longer text is a sentence, not a place name. */
const MAX_PLACE_NAME_LENGTH = 100;
/** A top exact match this many times larger than the next is taken as the one meant. */
const CLEAR_WINNER_RATIO = 10;

/** Gazetteer places read for a typed name: enough that its close spellings are all among them. */
const CANDIDATES = 20;
/** Typed text this long that begins a place's name may mean it, as in a search box ("Münche", Münchenstein). */
const MIN_PREFIX_LENGTH = 4;

/** The typos between the typed text and a place's name; undefined when too many for the place to be meant. */
function typosTo(typed: string, place: PlaceMatch): number | undefined {
  if (place.exact) return 0;
  const name = normalize(place.name);
  const typos = distance(typed, name);
  const tolerated = typoTolerance(typed.length);
  if (typos <= tolerated) return typos;
  // After every close spelling: the rest of the name is missing, not mistyped.
  return typed.length >= MIN_PREFIX_LENGTH && name.startsWith(typed) ? tolerated + 1 : undefined;
}

/**
 * The places a typed name means: those it names, then close spellings and beginnings of names, the
 * fewest typos first and then the largest, so "Londn" offers London before Londa. Text within no
 * typo or two of a place's name ("hello there", "I need") means none. One place per label: the
 * gazetteer has namesakes in one region that no button could tell apart.
 */
export async function matchPlaces(sql: Sql, text: string, limit: number): Promise<PlaceMatch[]> {
  const typed = normalize(text);
  const ranked = (await searchPlaces(sql, text, CANDIDATES))
    .flatMap((place) => {
      const typos = typosTo(typed, place);
      return typos === undefined ? [] : [{ place, typos }];
    })
    .sort((a, b) => a.typos - b.typos || b.place.population - a.place.population);
  const labels = new Set<string>();
  const places: PlaceMatch[] = [];
  for (const { place } of ranked) {
    const label = placeLabel(place);
    if (labels.has(label)) continue;
    labels.add(label);
    places.push(place);
    if (places.length === limit) break;
  }
  return places;
}

const smallTalkWords = new Set(Object.values(SMALL_TALK).flat().flatMap((phrase) => normalize(phrase).split(' ')));

/** Greetings, thanks and the like, alone or together ("ok thanks!"), whatever the punctuation and emoji: no place name. */
export function isSmallTalk(text: string): boolean {
  const words = normalize(text.replace(/[^\p{L}\p{N}\s']/gu, ' ')).split(' ').filter(Boolean);
  return words.length > 0 && words.every((word) => smallTalkWords.has(word));
}

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
    const text = textForBot(ctx);
    if (text.startsWith('/')) {
      recordOutcome(ctx, 'WARN', 'Unknown command');
      await replyWithTemplate(deps, ctx, 'help');
      return;
    }
    const metadata = { ...ctx.request.log.metadata, query: text.slice(0, MAX_PLACE_NAME_LENGTH) };
    if (isSmallTalk(text)) {
      recordOutcome(ctx, 'INFO', 'Answered small talk with the help', { metadata });
      await replyWithTemplate(deps, ctx, 'help');
      return;
    }
    const places = text.length <= MAX_PLACE_NAME_LENGTH ? await matchPlaces(deps.sql, text, 5) : [];
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
