import type { TemplateValues } from './message-templates.js';
import { nextMidnight } from './time-zone.js';

/** Who a reply is for, as the bot and the template preview know them. */
export interface ReplyRecipient {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/**
 * The placeholders every reply can use: who the user is and where their daily allowance stands.
 * The bot's replies and the console's template preview both compute them here, so they agree.
 */
export function replyValues(input: {
  user: ReplyRecipient | undefined;
  /** The user's daily limit; null means unlimited. */
  dailyLimit: number | null;
  /** Requests the user made today. */
  used: number;
  now: Date;
  timeZone: string;
}): TemplateValues {
  const { user, dailyLimit, used, now, timeZone } = input;
  return {
    first_name: user?.firstName,
    last_name: user?.lastName,
    username: user?.username,
    daily_limit: dailyLimit ?? 'unlimited',
    remaining: dailyLimit === null ? 'unlimited' : Math.max(dailyLimit - used, 0),
    reset_time: formatDuration(nextMidnight(now, timeZone).getTime() - now.getTime()),
  };
}

/** "5 h 12 min", "48 min": how long until something happens. */
export function formatDuration(ms: number): string {
  const totalMinutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
