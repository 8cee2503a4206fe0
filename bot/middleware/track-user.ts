import type { MiddlewareFn } from 'grammy';
import { resolveUserLanguage } from '../../api/contract/languages.js';
import type { Sql } from '../../sql/database.js';
import { upsertTelegramUser, type TelegramProfile } from '../../sql/bot-users.js';
import type { BotMemory } from '../updates/memory.js';
import type { Recorder } from '../updates/recorder.js';
import type { BotContext } from '../context.js';

/**
 * Keeps telegram_users current: every update from a person updates their names and last-seen time. A
 * known user whose names are as kept costs no statement: the sighting goes with the recorder's next batch.
 */
export function trackUser(deps: { sql: Sql; recorder: Recorder; memory: BotMemory }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    if (from && !from.is_bot) {
      const profile = {
        telegramId: from.id,
        firstName: from.first_name,
        lastName: from.last_name ?? null,
        username: from.username ?? null,
        languageCode: from.language_code ?? null,
      };
      let known = await ctx.attempt.memory.user(from.id);
      if (known && sameProfile(known.user, profile)) {
        // The bot blocked or unblocked is not the user writing: it says nothing of whether they can be reached.
        if (!ctx.myChatMember) deps.recorder.userSeen(from.id, ctx.request.receivedAt);
      } else {
        await upsertTelegramUser(deps.sql, profile, ctx.request.receivedAt);
        deps.memory.forgetUser(from.id);
        // Read back through memory, so that the claim checks the row as it is now.
        known = await ctx.attempt.memory.user(from.id);
      }
      ctx.request.user = known?.user;
      ctx.request.language = resolveUserLanguage({ chosenLanguage: known?.chosenLanguage ?? null, languageCode: profile.languageCode }, ctx.request.settings);
    }
    await next();
  };
}

/** The names and language kept are the ones seen: the sighting needs no statement of its own. */
export function sameProfile(stored: TelegramProfile, seen: TelegramProfile): boolean {
  return (
    stored.firstName === seen.firstName && stored.lastName === seen.lastName &&
    stored.username === seen.username && stored.languageCode === seen.languageCode
  );
}
