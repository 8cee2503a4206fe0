import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { saveMembership } from '../../sql/access-control.js';
import { markTelegramUserUnreachable } from '../../sql/bot-users.js';
import { recordOutcome, type BotContext } from '../context.js';
import { isMemberStatus } from '../middleware/membership.js';
import type { Recorder } from '../updates/recorder.js';

/**
 * Updates about the bot's own membership that need no access check: a user blocking or
 * unblocking it in private, and the bot being removed from a group.
 */
export function botMembershipUpdates(deps: { sql: Sql; recorder: Recorder }): Composer<BotContext> {
  const composer = new BotComposer();
  composer.on('my_chat_member', async (ctx, next) => {
    const { chat, new_chat_member: member } = ctx.myChatMember;
    if (chat.type === 'private') {
      const blocked = member.status === 'kicked';
      if (blocked) {
        deps.recorder.forgetSighting(chat.id);
        await markTelegramUserUnreachable(deps.sql, chat.id);
      }
      recordOutcome(ctx, 'INFO', blocked ? 'The user blocked the bot' : 'The user unblocked the bot');
      return;
    }
    if (member.status === 'left' || member.status === 'kicked') {
      recordOutcome(ctx, 'INFO', `The bot was removed from ${chat.title}`);
      return;
    }
    await next();
  });
  return composer;
}

/** Membership changes inside authorized groups (the access gate has vetted the group). */
export function groupMembershipUpdates(deps: { sql: Sql }): Composer<BotContext> {
  const composer = new BotComposer();
  composer.on('chat_member', async (ctx) => {
    const member = ctx.chatMember.new_chat_member;
    const isActive = isMemberStatus(member);
    await saveMembership(deps.sql, {
      telegramId: member.user.id,
      groupId: ctx.chatMember.chat.id,
      status: member.status,
      isActive,
      verifiedAt: ctx.request.receivedAt,
    });
    recordOutcome(ctx, 'INFO', `Membership of ${member.user.id} is now ${member.status}`, {
      metadata: { ...ctx.request.log.metadata, memberId: member.user.id },
    });
  });
  composer.on('my_chat_member', (ctx) => {
    recordOutcome(ctx, 'INFO', `The bot is now ${ctx.myChatMember.new_chat_member.status} in an authorized group`);
  });
  return composer;
}
