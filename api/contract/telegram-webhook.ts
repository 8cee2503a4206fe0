import { z } from 'zod';

/** The header Telegram sends the webhook's secret_token in, with every post. */
export const SECRET_TOKEN_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * A Telegram update as the webhook receives it: the bot reads the rest of its fields, so they are
 * kept as they come (passthrough) rather than described here.
 */
export const TelegramUpdateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>;
