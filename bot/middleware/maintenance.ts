import type { MiddlewareFn } from 'grammy';
import { refusedForMaintenance } from '../../api/contract/bot-access.js';
import { recordRefusal, type BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import { replyWithTemplate, type ReplyDeps } from '../replies/replies.js';

/** In maintenance mode only whitelisted admins get past; everyone else is told to come back later. */
export function maintenance(deps: ReplyDeps): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (!refusedForMaintenance(ctx.request.settings.maintenanceMode, ctx.request.access?.whitelisted ?? false)) return next();
    recordRefusal(ctx, 'Refused during maintenance');
    await replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.maintenance });
  };
}
