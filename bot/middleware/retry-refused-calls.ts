import { autoRetry } from '@grammyjs/auto-retry';
import type { MiddlewareFn, Transformer } from 'grammy';
import type { BotContext } from '../context.js';

/**
 * A call Telegram refuses with flood control (429 and its `retry_after`) is made again after the wait
 * it asks for, up to three times and ten seconds: the message arrives late instead of being lost or
 * replaced by an error message that would meet the same refusal. Only these: a 429 says nothing was
 * sent, while after a 5xx or a network error the message may have gone out, and sending it again could
 * send it twice. Never on the broadcast sender's API: it paces its whole queue by the 429s itself.
 */
export function retryRefusedCall(): Transformer {
  return autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowHttpErrors: true, rethrowInternalServerErrors: true });
}

/**
 * The answers to an update retry refused calls (retryRefusedCall): installed on each update's own
 * `ctx.api`, not the bot's, which the broadcast sender uses and whose transformers every `ctx.api` copies.
 */
export function retryRefusedCalls(): MiddlewareFn<BotContext> {
  const retry = retryRefusedCall();
  return (ctx, next) => {
    ctx.api.config.use(retry);
    return next();
  };
}
