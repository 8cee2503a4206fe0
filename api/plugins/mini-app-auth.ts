import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, parse, signData } from '@tma.js/init-data-node';
import { INIT_DATA_MAX_AGE_SECONDS, MINI_APP_AUTH_SCHEME, type MiniAppRefusal } from '../contract/mini-app.js';
import { ApiError } from '../errors.js';
import type { TelegramProfile } from '../../sql/bot-users.js';
import { createTokenBuckets } from '../../bot/index.js';

/** The sentence of every 401: the launch data is missing, malformed, signed for another bot, or too old. */
export const SIGNATURE_REFUSAL = 'Open the map again from the bot: Telegram’s launch data is missing, invalid or expired.';
const FLOOD_REFUSAL = 'Too many requests at once. Please wait a moment and try again.';

/** A 401 or 403 of the Mini App: the routes' response schema (MiniAppRefusalSchema) sends it as `{ refusal, message }`. */
export function miniAppRefusal(refusal: MiniAppRefusal, message: string): ApiError {
  return new ApiError(refusal === 'signature' ? 401 : 403, message, { refusal });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Telegram user whose launch data signed a Mini App call. */
    telegramUser: TelegramProfile | null;
  }
}

/** The signed launch data's user (`hashedToken`: the bot token's HMAC key, hex), or undefined when the data is not Telegram's for this bot, or is too old, or names no user. */
function verifiedUser(initData: string, hashedToken: string, now: Date): TelegramProfile | undefined {
  const params = new URLSearchParams(initData);
  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  // The data-check string as Telegram defines it: every other field, sorted, one "key=value" a line.
  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== 'hash') pairs.push(`${key}=${value}`);
  });
  const expected = Buffer.from(signData(pairs.sort().join('\n'), hashedToken, { tokenHashed: true }), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return undefined;
  let data: ReturnType<typeof parse>;
  try {
    data = parse(params);
  } catch {
    return undefined;
  }
  const age = (now.getTime() - data.auth_date.getTime()) / 1000;
  if (!data.user || !(age <= INIT_DATA_MAX_AGE_SECONDS)) return undefined;
  const { id, first_name: firstName, last_name: lastName, username, language_code: languageCode } = data.user;
  return { telegramId: id, firstName, lastName: lastName ?? null, username: username ?? null, languageCode: languageCode ?? null };
}

/**
 * Signs in the routes of the plugin it is installed in (the Mini App's) by Telegram's signature: the
 * `Authorization: tma <initData>` header, HMAC-SHA256 with the bot's token compared in constant time,
 * no older than INIT_DATA_MAX_AGE_SECONDS by the app's clock. Anything else is a 401, never a 5xx.
 * Then each user's share of calls (`floodControl`, bot/mini-app/service.ts): beyond it, a 429.
 */
export function installMiniAppAuth(app: FastifyInstance, deps: { token: string; floodControl: { burst: number; perSecond: number }; now: () => Date }): void {
  const hashedToken = hashToken(deps.token).toString('hex');
  const buckets = createTokenBuckets({ ...deps.floodControl, now: () => deps.now().getTime() });
  app.decorateRequest('telegramUser', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const [scheme, initData, ...rest] = header.trim().split(/\s+/);
    const user = scheme === MINI_APP_AUTH_SCHEME && initData && rest.length === 0 ? verifiedUser(initData, hashedToken, deps.now()) : undefined;
    if (!user) throw miniAppRefusal('signature', SIGNATURE_REFUSAL);
    if (buckets.take([`user:${user.telegramId}`]) !== 'taken') throw new ApiError(429, FLOOD_REFUSAL);
    request.telegramUser = user;
  });
}
