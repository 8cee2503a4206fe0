import type postgres from 'postgres';
import { REVERIFY_AFTER_DAYS, type ContactFilter } from '../api/contract/medical-contacts.js';
import type { Sql } from './database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which a verification is due for renewal. */
export function reverifyCutoff(now: Date): Date {
  return new Date(now.getTime() - REVERIFY_AFTER_DAYS * DAY_MS);
}

/** Escapes LIKE's wildcards so a search for "50%" looks for those characters. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The WHERE condition of a contact filter (the list, the bulk calls' "every contact matching",
 * the CSV export): `WHERE ${contactFilterSql(sql, filter)}`. An empty filter matches every contact.
 * `now` decides which verifications are due (the app's clock); without it the database's clock.
 */
export function contactFilterSql(sql: Sql, filter: ContactFilter, now?: Date): postgres.PendingQuery<postgres.Row[]> {
  const conditions: postgres.PendingQuery<postgres.Row[]>[] = [];
  if (filter.search) {
    // search_text is lower-cased; the trigram index serves LIKE '%…%'.
    conditions.push(sql`search_text LIKE ${`%${likeEscape(filter.search.toLowerCase())}%`}`);
  }
  if (filter.specialty) conditions.push(sql`specialty = ${filter.specialty}`);
  if (filter.country) conditions.push(sql`country = ${filter.country}`);
  if (filter.region) conditions.push(sql`region = ${filter.region}`);
  if (filter.city) conditions.push(sql`lower(city) = ${filter.city.toLowerCase()}`);
  if (filter.contactMethod) conditions.push(sql`contact_method = ${filter.contactMethod}`);
  if (filter.status) conditions.push(filter.status === 'active' ? sql`is_active` : sql`NOT is_active`);
  if (filter.verified === 'verified') conditions.push(sql`verified`);
  if (filter.verified === 'unverified') conditions.push(sql`NOT verified`);
  if (filter.verified === 'due') conditions.push(sql`verified AND ${dueSql(sql, now)}`);
  if (filter.masterOfMedicine !== undefined) conditions.push(sql`is_master_of_medicine = ${filter.masterOfMedicine}`);
  if (filter.findable) conditions.push(filter.findable === 'yes' ? sql`latitude IS NOT NULL` : sql`latitude IS NULL`);
  if (conditions.length === 0) return sql`TRUE`;
  return conditions.slice(1).reduce((all, condition) => sql`${all} AND ${condition}`, conditions[0]!);
}

/** True for a verified contact whose verification is older than REVERIFY_AFTER_DAYS (or undated). */
function dueSql(sql: Sql, now?: Date): postgres.PendingQuery<postgres.Row[]> {
  return now
    ? sql`(verified_at IS NULL OR verified_at < ${reverifyCutoff(now)})`
    : sql`(verified_at IS NULL OR verified_at < now() - make_interval(days => ${REVERIFY_AFTER_DAYS}))`;
}
