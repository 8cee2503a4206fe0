import type { MiddlewareFn } from 'grammy';
import { dailyLimitOf, decidePrivateAccess, type AccessDecision } from '../../api/contract/bot-access.js';
import type { Sql } from '../../sql/database.js';
import type { AuthorizedGroupRef } from '../../sql/access-control.js';
import type { BotMemory } from '../updates/memory.js';
import { recordRefusal, type BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import { groupsOfUser } from './membership.js';
import type { Recorder } from '../updates/recorder.js';
import { replyWithTemplate } from '../replies/replies.js';
import { leaveUnauthorizedGroup } from './unauthorized-group.js';

/**
 * Decides who may use the bot (docs/bot.md, "Who may use it"): in a group only if it is an active
 * authorized group (one staff switched off is refused, not left); in private only members of one,
 * or whitelisted admins. Sets the user's daily limit for the features below — the system's default
 * daily limit, or more where one of their groups allows more — and refuses everyone else with a
 * clear reply.
 */
export function accessGate(deps: { sql: Sql; recorder: Recorder; memory: BotMemory }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const chat = ctx.chat;
    const from = ctx.from;
    if (!chat || !from || from.is_bot) return;
    const memory = ctx.attempt.memory;

    if (chat.type === 'group' || chat.type === 'supergroup') {
      const group = await memory.activeGroup(chat.id);
      const paused = !group && (await memory.isPausedGroup(chat.id));
      if (!group && !paused) return leaveUnauthorizedGroup(deps, ctx);
      // Membership changes are recorded whoever made them; only requests are refused.
      if (ctx.chatMember || ctx.myChatMember) return next();
      if (!group) return refusePausedGroup(deps, ctx);
      if (ctx.request.user?.isBlocked) return refuseBlocked(deps, ctx);
      const whitelisted = await memory.isWhitelisted(from.id);
      ctx.request.access = { whitelisted, dailyLimit: whitelisted ? null : dailyLimitOf(ctx.request.settings.defaultDailyLimit, [group.dailyLimit]) };
      return next();
    }
    if (chat.type !== 'private') return;

    const decision = await userAccess(deps, ctx, from.id);
    if (!decision.allowed) {
      if (decision.refusal === 'blocked') return refuseBlocked(deps, ctx);
      recordRefusal(ctx, 'Refused a user who is in no authorized group');
      return replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.accessDenied });
    }
    ctx.request.access = { whitelisted: decision.whitelisted, dailyLimit: decision.dailyLimit };
    return next();
  };
}

/**
 * What the bot's rules allow a user wherever they ask (their private chat, an inline query in any chat):
 * not blocked, and whitelisted or a member of an active authorized group.
 */
export function userAccess(deps: { sql: Sql; memory: BotMemory }, ctx: BotContext, telegramId: number): Promise<AccessDecision> {
  return decidePrivateAccess({
    isBlocked: ctx.request.user?.isBlocked ?? false,
    isWhitelisted: () => ctx.attempt.memory.isWhitelisted(telegramId),
    memberGroupLimits: async () => (await memberGroups(deps, ctx, telegramId)).map((group) => group.dailyLimit),
    defaultDailyLimit: ctx.request.settings.defaultDailyLimit,
  });
}

/**
 * The active authorized groups the user is a member of: from memory while every stored answer about them
 * is trusted, else asked of Telegram (groupsOfUser) and read again next time.
 */
async function memberGroups(deps: { sql: Sql; memory: BotMemory }, ctx: BotContext, telegramId: number): Promise<AuthorizedGroupRef[]> {
  const known = await ctx.attempt.memory.user(telegramId);
  if (known && ctx.request.receivedAt.getTime() < known.trustedUntil) return known.memberOf;
  await ctx.attempt.memory.revalidate();
  const groups = await groupsOfUser({ sql: deps.sql, api: ctx.api }, telegramId, ctx.request.receivedAt);
  deps.memory.forgetUser(telegramId);
  return groups;
}

function refusePausedGroup(deps: { sql: Sql; recorder: Recorder }, ctx: BotContext): Promise<void> {
  const chat = ctx.chat!;
  recordRefusal(ctx, `Refused a request in inactive authorized group ${'title' in chat ? chat.title : chat.id} (${chat.id})`);
  return replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.groupPaused });
}

function refuseBlocked(deps: { sql: Sql; recorder: Recorder }, ctx: BotContext): Promise<void> {
  recordRefusal(ctx, 'Refused a user blocked by staff');
  return replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.blocked });
}
