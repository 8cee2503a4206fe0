import type { Sql } from '../sql/database.js';
import { NOTIFICATION_STYLES } from '../api/contract/notifications.js';
import { createNotification } from '../sql/notifications.js';
import { recordRefusal, type BotContext } from './context.js';

const NOTIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The bot is in a group that is not an active authorized group: log it, tell the staff, leave. */
export async function leaveUnauthorizedGroup(deps: { sql: Sql }, ctx: BotContext): Promise<void> {
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
  await ctx.api.leaveChat(chat.id);
}
