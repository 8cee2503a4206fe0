import { autoRetry } from '@grammyjs/auto-retry';
import type { MiddlewareFn } from 'grammy';
import type { BotContext } from '../context.js';

/**
 * A call Telegram refuses with flood control (429 and its `retry_after`) is made again after the wait
 * it asks for, up to three times and ten seconds: the answer arrives late instead of being replaced by
 * an error message that would meet the same refusal. Only these: a 429 says nothing was sent, while
 * after a 5xx or a network error the message may have gone out, and sending it again could send it
 * twice. Installed on each update's own `ctx.api`, not the bot's: the broadcast sender paces its whole
 * queue by the 429s itself.
 */
export function retryRefusedCalls(): MiddlewareFn<BotContext> {
  const retry = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowHttpErrors: true, rethrowInternalServerErrors: true });
  return (ctx, next) => {
    ctx.api.config.use(retry);
    return next();
  };
}
