/**
 * What the figures that more than one screen shows count, in the words their cards say (the card's
 * note and tooltip), so that a name means one thing everywhere. The figures themselves come from one
 * function each: successRate in sql/log-analytics.ts, distinctUsers in sql/window-figures.ts, summarizeTelegramUsers in
 * sql/bot-users.ts.
 */

/** Success Rate on the Dashboard and Analytics. */
export const SUCCESS_RATE_DEFINITION = 'Share of requests answered without an error (an ERROR log)';

/** Dashboard's Active Now and Analytics' Unique Users: one count under the spec's two names. */
export const USERS_WHO_ASKED_DEFINITION = 'Distinct users who asked the bot in this period';

/** Bot Users' Active Users: Telegram still delivers to them, whenever they last asked. */
export const ACTIVE_USERS_DEFINITION = 'Have not blocked the bot; staff-blocked included';

/** Broadcasts' reachable users, those a broadcast to all users goes to: active and not blocked by staff. */
export const reachableUsersNote = (count: string) => `${count} reachable: active, not blocked by staff`;
