import { InlineKeyboard } from 'grammy';
import { distance } from 'fastest-levenshtein';
import type { Sql } from '../../sql/database.js';
import { searchPlaces, type PlaceMatch } from '../../sql/cities.js';
import type { BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import { normalize, typoTolerance } from '../../api/contract/spelling.js';
import { choiceLabels, placeLabel } from './place-labels.js';

/** The Cancel button under a choice of places. */
export const CANCEL_CALLBACK = 'place:cancel';
/** A top exact match this many times larger than the next is taken as the one meant. */
const CLEAR_WINNER_RATIO = 10;

/** Gazetteer places read for a typed name: enough that its close spellings are all among them. */
const CANDIDATES = 20;
/** Typed text this long that begins a place's name may mean it, as in a search box ("Münche", Münchenstein). */
const MIN_PREFIX_LENGTH = 4;
/** The nearest spellings offered for a place name that matches none. */
const NEAREST_SPELLINGS = 3;

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
    // English labels name the region: namesakes of one country stay apart in every language.
    const label = placeLabel(place, 'en');
    if (labels.has(label)) continue;
    labels.add(label);
    places.push(place);
    if (places.length === limit) break;
  }
  return places;
}

/** The places spelled most like a text that names none, one per label, for buttons under "I could not find …". */
export async function nearestSpellings(sql: Sql, text: string): Promise<PlaceMatch[]> {
  const labels = new Set<string>();
  return (await searchPlaces(sql, text, CANDIDATES)).filter((place) => {
    const label = placeLabel(place, 'en');
    if (labels.has(label)) return false;
    labels.add(label);
    return true;
  }).slice(0, NEAREST_SPELLINGS);
}

/** One button per place (named in the user's language) with its callback data, then Cancel. */
export function placeChoiceKeyboard(places: PlaceMatch[], ctx: BotContext, data: (place: PlaceMatch) => string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const labels = choiceLabels(places, ctx.request.language);
  for (const [index, place] of places.entries()) keyboard.text(labels[index]!, data(place)).row();
  return keyboard.text(textsIn(ctx.request.language).cancel, CANCEL_CALLBACK);
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
