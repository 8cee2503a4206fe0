import type { Composer } from 'grammy';
import { InlineKeyboard } from 'grammy';
import { distance } from 'fastest-levenshtein';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { searchPlaces, type PlaceMatch } from '../../sql/cities.js';
import { recordOutcome, type BotContext } from '../context.js';
import type { Recorder } from '../updates/recorder.js';
import { replyWithTemplate, sendHtml } from '../replies/replies.js';
import { CANCEL_CALLBACK } from './lookup.js';
import { formatCount } from '../../api/contract/plural.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { textsIn } from '../locales/index.js';
import { FIND_TEXTS } from '../locales/find.js';
import { PLACE_TEXTS } from '../locales/places.js';
import { SMALL_TALK } from '../locales/small-talk.js';
import { normalize, typoTolerance } from '../../api/contract/spelling.js';
import { isJoiningOrAskingWord } from '../answering/specialties.js';
import { choiceLabels, placeLabel } from '../answering/place-labels.js';
import { textForBot } from '../middleware/group-talk.js';

/** Longer text is a sentence, not a place name. */
const MAX_PLACE_NAME_LENGTH = 100;
/** A top exact match this many times larger than the next is taken as the one meant. */
const CLEAR_WINNER_RATIO = 10;

/** Gazetteer places read for a typed name: enough that its close spellings are all among them. */
const CANDIDATES = 20;
/** Typed text this long that begins a place's name may mean it, as in a search box ("Münche", Münchenstein). */
const MIN_PREFIX_LENGTH = 4;
/** Text of more words is a sentence rather than a place's name, when nothing matches it. */
const MAX_PLACE_NAME_WORDS = 3;
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

const smallTalkWords = new Set(Object.values(SMALL_TALK).flat().flatMap((phrase) => normalize(phrase).split(' ')));

/** Greetings, thanks and the like, alone or together ("ok thanks!"), whatever the punctuation and emoji: no place name. */
export function isSmallTalk(text: string): boolean {
  const words = normalize(text.replace(/[^\p{L}\p{N}\s']/gu, ' ')).split(' ').filter(Boolean);
  return words.length > 0 && words.every((word) => smallTalkWords.has(word));
}

/**
 * Text that reads like a place's name, though none matches it ("Kyjv", "Londres-sur-Mer"): up to three
 * words of letters (any script), hyphens, apostrophes and dots, not all of them words that ask or join
 * ("I need"). Sentences, numbers and emoji get the help instead.
 */
export function looksLikePlace(text: string): boolean {
  if (text.length > MAX_PLACE_NAME_LENGTH) return false;
  const words = text.trim().split(/\s+/);
  return (
    words.length <= MAX_PLACE_NAME_WORDS &&
    words.every((word) => /^[\p{L}\p{M}][\p{L}\p{M}'’.-]*$/u.test(word)) &&
    !words.every(isJoiningOrAskingWord)
  );
}

/** The places spelled most like a text that names none, one per label, for buttons under "I could not find …". */
async function nearestSpellings(sql: Sql, text: string): Promise<PlaceMatch[]> {
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

/**
 * Text that is not a command is taken as a place name and matched against the gazetteer: one clear
 * match asks for confirmation, several offer a choice, both naming the place the user most likely
 * means; none gets "I could not find the place …" with the nearest spellings when the text reads like
 * a place's name, else the help.
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
    const language = ctx.request.language;
    if (places.length === 0) {
      if (!looksLikePlace(text)) {
        recordOutcome(ctx, 'WARN', 'No place matches the text', { metadata });
        await replyWithTemplate(deps, ctx, 'help');
        return;
      }
      const spellings = await nearestSpellings(deps.sql, text);
      recordOutcome(ctx, 'WARN', 'No place matches the text', { metadata: { ...metadata, placeIds: spellings.map((place) => place.id) } });
      if (spellings.length === 0) {
        await sendHtml(ctx, FIND_TEXTS[language].unknownPlace(escapeHtml(text)));
        return;
      }
      await sendHtml(ctx, PLACE_TEXTS[language].nearestSpellings(escapeHtml(text)), placeChoiceKeyboard(spellings, ctx, (place) => `place:${place.id}`));
      return;
    }
    const match = clearMatch(places);
    const choices = match ? [match] : places;
    const keyboard = placeChoiceKeyboard(choices, ctx, (place) => `place:${place.id}`);
    // The place most likely meant, never the text as typed ("Londn").
    await replyWithTemplate(deps, ctx, 'location_confirmation', { city: placeLabel(choices[0]!, language) }, keyboard);
    recordOutcome(ctx, 'INFO', match ? 'Asked to confirm a place' : `Offered ${formatCount(choices.length, 'place')} to choose from`, {
      metadata: { ...metadata, placeIds: choices.map((place) => place.id) },
    });
  });
  return composer;
}
