import type { Sql } from './database.js';

/**
 * The Dashboard's counts that are not log figures (those are sql/window-figures.ts's): contacts, bot
 * users and broadcasts, and the places with the most contacts.
 */

/** An instant window, start included and end excluded. */
export interface InstantRange {
  start: Date;
  end: Date;
}

export interface DirectoryCounts {
  activeContacts: number;
  totalContacts: number;
  botUsers: number;
  newBotUsers: number;
  /** Broadcasts that finished in the window with at least one message delivered. */
  broadcastsSent: number;
  /** Messages those broadcasts delivered: their recipients' deliveries, as the broadcast history counts them. */
  broadcastDeliveries: number;
}

/**
 * Contacts (active and all), bot users (all and new in the window) and the broadcasts that finished
 * in the window having delivered messages (sent, or cancelled part way), with those messages.
 */
export async function directoryCounts(sql: Sql, range: InstantRange): Promise<DirectoryCounts> {
  const [row] = await sql<DirectoryCounts[]>`
    SELECT
      (SELECT count(*) FILTER (WHERE is_active) FROM medical_contacts)::int AS active_contacts,
      (SELECT count(*) FROM medical_contacts)::int AS total_contacts,
      (SELECT count(*) FROM telegram_users)::int AS bot_users,
      (SELECT count(*) FROM telegram_users WHERE created_at >= ${range.start} AND created_at < ${range.end})::int AS new_bot_users,
      sent.broadcasts AS broadcasts_sent, sent.deliveries AS broadcast_deliveries
    FROM (
      -- A cancelled broadcast's messages were delivered all the same; a failed one delivered none.
      SELECT count(*)::int AS broadcasts, coalesce(sum(success_count), 0)::int AS deliveries FROM broadcasts
      WHERE status IN ('sent', 'cancelled') AND success_count > 0 AND finished_at >= ${range.start} AND finished_at < ${range.end}
    ) sent`;
  return row!;
}

export interface ContactLocation {
  city: string;
  country: string;
  contacts: number;
}

/** The places with the most active contacts (most first, then by name): where the bot can help most. */
export async function topContactLocations(sql: Sql, limit: number): Promise<ContactLocation[]> {
  const rows = await sql<ContactLocation[]>`
    SELECT city, country, count(*)::int AS contacts FROM medical_contacts
    WHERE is_active AND city <> ''
    GROUP BY city, country ORDER BY contacts DESC, country, city LIMIT ${limit}`;
  return [...rows];
}
