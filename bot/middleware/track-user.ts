import type { MiddlewareFn } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { upsertTelegramUser } from '../../sql/bot-users.js';
import type { BotContext } from '../context.js';

/** Keeps telegram_users current: every update from a person updates their names and last-seen time. */
export function trackUser(deps: { sql: Sql }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    if (from && !from.is_bot) {
      ctx.request.user = await upsertTelegramUser(
        deps.sql,
        {
          telegramId: from.id,
          firstName: from.first_name,
          lastName: from.last_name ?? null,
          username: from.username ?? null,
          languageCode: from.language_code ?? null,
        },
        ctx.request.receivedAt,
      );
    }
    await next();
  };
}
