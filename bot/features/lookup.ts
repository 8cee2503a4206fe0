import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import { replyWithGuide } from '../replies/guides.js';
import { recordOutcome, type BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import { replyWithTemplate } from '../replies/replies.js';
import { answerPoint, ASKED_SPECIALTY_MS, type AnswerDeps } from '../answering/answer.js';
import { CANCEL_CALLBACK } from '../answering/place-match.js';
import { directorySpecialties } from '../answering/search-filters.js';
import { isSpecialty, specialtyOfKey } from '../answering/specialties.js';
import { NEAR_PREFIX, parseNearPayload } from '../answering/map-links.js';
import type { StartPayloads } from '../middleware/start-payloads.js';

export const PLACE_CALLBACK = /^place:(\d+)$/;

function isValidPoint(latitude: unknown, longitude: unknown): latitude is number {
  return (
    typeof latitude === 'number' && typeof longitude === 'number' &&
    Number.isFinite(latitude) && Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

/**
 * The specialty the user asked for without a place (find.ts keeps it) within ASKED_SPECIALTY_MS before
 * this update, while the directory still has it; read with the user from memory.
 */
async function askedSpecialty(ctx: BotContext): Promise<string | undefined> {
  const asked = (await ctx.attempt.memory.user(ctx.from!.id))?.askedSpecialty;
  if (!asked || ctx.request.receivedAt.getTime() - asked.at.getTime() > ASKED_SPECIALTY_MS) return undefined;
  return directorySpecialties(await ctx.attempt.memory.contacts()).find((name) => isSpecialty(name, asked.specialty));
}

/**
 * Locations (a pin, a venue, a live location's first point, the 📍 Share my location button), places chosen
 * from buttons, and `/start near_<lat>_<lon>[_<filters>]` (a poster's QR code, a group's 🗺 Map button): the nearest
 * contacts to that point, a search like a location sent.
 */
export function lookupFeature(deps: AnswerDeps & { startPayloads: StartPayloads }): Composer<BotContext> {
  const composer = new BotComposer();

  // A group's 🗺 Map link carries the group answer's filters; a specialty the directory no longer has leaves the point unnarrowed.
  deps.startPayloads.register(NEAR_PREFIX, 'gated', async (ctx, value) => {
    const view = parseNearPayload(value);
    if (!view) return false;
    const specialty = view.specialtyKey === null ? null : (specialtyOfKey(view.specialtyKey, directorySpecialties(await ctx.attempt.memory.contacts())) ?? null);
    await answerPoint(deps, ctx, { point: view.point, filters: { specialty, openNow: view.openNow } });
    return true;
  });

  composer.on('message:location', async (ctx) => {
    const { latitude, longitude } = ctx.message.location;
    if (!isValidPoint(latitude, longitude)) {
      recordOutcome(ctx, 'WARN', 'Ignored a malformed location', { metadata: { ...ctx.request.log.metadata, latitude, longitude } });
      await replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.badLocation });
      return;
    }
    const specialty = await askedSpecialty(ctx);
    await answerPoint(deps, ctx, { point: { latitude, longitude }, ...(specialty ? { filters: { specialty, openNow: false }, asked: true } : {}) });
  });

  composer.callbackQuery(PLACE_CALLBACK, async (ctx) => {
    // A press the bot reaches late (after a restart) can no longer be acknowledged; it is still answered.
    await ctx.answerCallbackQuery().catch(() => undefined);
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    const place = await ctx.attempt.memory.findPlace(Number(ctx.match[1]));
    if (!place) {
      recordOutcome(ctx, 'WARN', 'A chosen place no longer exists');
      await replyWithGuide(deps, ctx, 'help');
      return;
    }
    await answerPoint(deps, ctx, { point: place, place });
  });

  composer.callbackQuery(CANCEL_CALLBACK, async (ctx) => {
    await ctx.answerCallbackQuery().catch(() => undefined);
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    recordOutcome(ctx, 'INFO', 'The user cancelled choosing a place');
  });

  composer.on('callback_query', async (ctx) => {
    // Stop the button's spinner even for a button the bot no longer knows (an old message).
    await ctx.answerCallbackQuery().catch(() => undefined);
    recordOutcome(ctx, 'WARN', 'Ignored a button the bot does not know', {
      metadata: { ...ctx.request.log.metadata, data: ctx.callbackQuery.data?.slice(0, 64) ?? null },
    });
  });
  return composer;
}
