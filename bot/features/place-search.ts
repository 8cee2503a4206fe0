import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import { replyWithGuide } from '../replies/guides.js';
import type { Sql } from '../../sql/database.js';
import { recordOutcome, type BotContext } from '../context.js';
import type { Recorder } from '../updates/recorder.js';
import { replyWithTemplate, sendHtml } from '../replies/replies.js';
import { clearMatch, matchPlaces, nearestSpellings, placeChoiceKeyboard } from '../answering/place-match.js';
import { formatCount } from '../../api/contract/plural.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { FIND_TEXTS } from '../locales/find.js';
import { PLACE_TEXTS } from '../locales/places.js';
import { SMALL_TALK } from '../locales/small-talk.js';
import { normalize } from '../../api/contract/spelling.js';
import { isJoiningOrAskingWord } from '../answering/specialties.js';
import { placeLabel } from '../answering/place-labels.js';
import { textForBot } from '../middleware/group-talk.js';

/** Longer text is a sentence, not a place name. */
const MAX_PLACE_NAME_LENGTH = 100;
/** Text of more words is a sentence rather than a place's name, when nothing matches it. */
const MAX_PLACE_NAME_WORDS = 3;

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
      await replyWithGuide(deps, ctx, 'help');
      return;
    }
    const metadata = { ...ctx.request.log.metadata, query: text.slice(0, MAX_PLACE_NAME_LENGTH) };
    if (isSmallTalk(text)) {
      recordOutcome(ctx, 'INFO', 'Answered small talk with the help', { metadata });
      await replyWithGuide(deps, ctx, 'help');
      return;
    }
    const places = text.length <= MAX_PLACE_NAME_LENGTH ? await matchPlaces(deps.sql, text, 5) : [];
    const language = ctx.request.language;
    if (places.length === 0) {
      if (!looksLikePlace(text)) {
        recordOutcome(ctx, 'WARN', 'No place matches the text', { metadata });
        await replyWithGuide(deps, ctx, 'help');
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
      metadata: { ...metadata, placeIds: choices.map((place) => place.id), place: placeLabel(choices[0]!, 'en') },
    });
  });
  return composer;
}
