import { GrammyError } from 'grammy';
import { NOTIFICATION_STYLES } from '../../api/contract/notifications.js';
import { createNotification } from '../../sql/notifications.js';
import { recordRefusal, type BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import { replyWithTemplate, type ReplyDeps } from '../replies/replies.js';

const NOTIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The bot is in a group that is not an active authorized group: log it, tell the staff, say in one
 * sentence why it goes (in the language of whoever wrote or added it, as the bot answers them), leave.
 */
export async function leaveUnauthorizedGroup(deps: ReplyDeps, ctx: BotContext): Promise<void> {
  const chat = ctx.chat!;
  const title = 'title' in chat ? chat.title : String(chat.id);
  const message = `Bot added to unauthorized group ${title} (${chat.id})`;
  recordRefusal(ctx, message, { metadata: { ...ctx.request.log.metadata, groupTitle: title } });
  // Claimed before the notification, so a redelivered update does not tell the staff twice.
  await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
  await createNotification(deps.sql, {
    kind: 'unauthorized_group',
    ...NOTIFICATION_STYLES.unauthorized_group,
    title: 'Unauthorized group',
    message,
    expiresAt: new Date(ctx.request.receivedAt.getTime() + NOTIFICATION_LIFETIME_MS),
    metadata: { groupId: chat.id, groupTitle: title },
  });
  // A group that does not let the bot write is still left.
  await replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.unauthorizedGroup }).catch((error: unknown) => {
    if (!(error instanceof GrammyError)) throw error;
    ctx.request.log.metadata.replyError = error.description;
  });
  await ctx.api.leaveChat(chat.id);
}
