import type { MiddlewareFn } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { findActiveGroup, isWhitelistedAdmin } from '../../sql/access-control.js';
import { recordOutcome, type BotContext } from '../context.js';
import { REFUSALS } from '../default-templates.js';
import { groupsOfUser } from '../membership.js';
import type { Recorder } from '../recorder.js';
import { replyWithTemplate } from '../replies.js';
import { leaveUnauthorizedGroup } from '../unauthorized-group.js';

/**
 * Decides who may use the bot (BOT.md, "Who may use it"): in a group only if it is an active
 * authorized group; in private only members of one, or whitelisted admins. Sets the user's
 * daily limit for the features below — the system's default daily limit, or more where one of
 * their groups allows more — and refuses everyone else with a clear reply.
 */
export function accessGate(deps: { sql: Sql; recorder: Recorder }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const chat = ctx.chat;
    const from = ctx.from;
    if (!chat || !from || from.is_bot) return;

    if (chat.type === 'group' || chat.type === 'supergroup') {
      const group = await findActiveGroup(deps.sql, chat.id);
      if (!group) return leaveUnauthorizedGroup(deps, ctx);
      // Membership changes are recorded whoever made them; only requests are refused.
      if (ctx.chatMember || ctx.myChatMember) return next();
      if (ctx.request.user?.isBlocked) return refuseBlocked(deps, ctx);
      const whitelisted = await isWhitelistedAdmin(deps.sql, from.id);
      ctx.request.access = { whitelisted, dailyLimit: whitelisted ? null : Math.max(group.dailyLimit, ctx.request.settings.defaultDailyLimit) };
      return next();
    }
    if (chat.type !== 'private') return;

    if (ctx.request.user?.isBlocked) return refuseBlocked(deps, ctx);
    if (await isWhitelistedAdmin(deps.sql, from.id)) {
      ctx.request.access = { whitelisted: true, dailyLimit: null };
      return next();
    }
    const groups = await groupsOfUser({ sql: deps.sql, api: ctx.api }, from.id, ctx.request.receivedAt);
    if (groups.length === 0) {
      recordOutcome(ctx, 'WARN', 'Refused a user who is in no authorized group');
      return replyWithTemplate(deps, ctx, 'error', { error_message: REFUSALS.accessDenied });
    }
    ctx.request.access = { whitelisted: false, dailyLimit: Math.max(ctx.request.settings.defaultDailyLimit, ...groups.map((group) => group.dailyLimit)) };
    return next();
  };
}

function refuseBlocked(deps: { sql: Sql; recorder: Recorder }, ctx: BotContext): Promise<void> {
  recordOutcome(ctx, 'WARN', 'Refused a user blocked by staff');
  return replyWithTemplate(deps, ctx, 'error', { error_message: REFUSALS.blocked });
}
