import { z } from 'zod';
import { fieldLabel, PAGE_RULE, pageSizeRule, tooLong } from './fields.js';

/** The Audit Log screen and its API: who changed what, when, from where, with the before and after. */

export const AUDIT_LOG_PAGE_SIZES = [25, 50, 100] as const;
export const AUDIT_LOG_PAGE_SIZE = 25;
export const MAX_AUDIT_LOG_PAGE_SIZE = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One end of the time range, as an ISO instant: a date-time as given, or a bare date standing for
 * that whole UTC day (its first millisecond for `from`, its last for `to`). Both ends are inclusive.
 */
/** What From or To says when it is not a date: the API's 400, and the console's day field for a year still being typed. */
export const timeBoundRule = (field: 'from' | 'to') => `${fieldLabel(field)} must be a date, such as 2026-11-21, or an ISO 8601 date and time.`;

function timeBound(field: 'from' | 'to') {
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: timeBoundRule(field) })
    .transform((value) => {
      const at = Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value);
      return new Date(DAY.test(value) && field === 'to' ? at + DAY_MS - 1 : at).toISOString();
    });
}

/** The longest exact filter value (actor, action, target type, target id): the console's inputs stop there. */
export const AUDIT_EXACT_VALUE_MAX_LENGTH = 100;
/** The longest audit log search: the console's search box stops there. */
export const AUDIT_SEARCH_MAX_LENGTH = 200;

const exactValue = (field: string) =>
  z.string().trim().max(AUDIT_EXACT_VALUE_MAX_LENGTH, tooLong(fieldLabel(field), AUDIT_EXACT_VALUE_MAX_LENGTH)).optional();

/** The filter fields, before the check that the range runs forwards (an object with checks cannot be extended). */
const auditLogFilterFields = {
  /** The actor's username, exactly. */
  actor: exactValue('actor'),
  /** The action, exactly ("contact.update"). */
  action: exactValue('action'),
  /** The kind of thing changed, exactly ("medical_contact"). */
  targetType: exactValue('targetType'),
  /** The changed thing's id, exactly. */
  targetId: exactValue('targetId'),
  /** Text in the action, target type, target id or actor's username, in any case. */
  search: z.string().trim().max(AUDIT_SEARCH_MAX_LENGTH, tooLong('Search', AUDIT_SEARCH_MAX_LENGTH)).optional(),
  from: timeBound('from').optional(),
  to: timeBound('to').optional(),
};

function rangeRunsForwards(filter: { from?: string; to?: string }): boolean {
  return filter.from === undefined || filter.to === undefined || filter.from <= filter.to;
}
const RANGE_BACKWARDS = { path: ['to'], message: 'To must not be before From. Swap the two dates.' };

/** Which entries: the list and the CSV export both take it. */
export const AuditLogFilterSchema = z.object(auditLogFilterFields).refine(rangeRunsForwards, RANGE_BACKWARDS);
export type AuditLogFilter = z.infer<typeof AuditLogFilterSchema>;

/** GET /api/audit-log: newest first, a page at a time. */
export const AuditLogQuerySchema = z
  .object({
    ...auditLogFilterFields,
    page: z.coerce.number({ error: PAGE_RULE }).min(1, PAGE_RULE).int(PAGE_RULE).default(1),
    pageSize: z.coerce
      .number({ error: pageSizeRule(MAX_AUDIT_LOG_PAGE_SIZE) })
      .min(1, pageSizeRule(MAX_AUDIT_LOG_PAGE_SIZE))
      .max(MAX_AUDIT_LOG_PAGE_SIZE, pageSizeRule(MAX_AUDIT_LOG_PAGE_SIZE))
      .int(pageSizeRule(MAX_AUDIT_LOG_PAGE_SIZE))
      .default(AUDIT_LOG_PAGE_SIZE),
  })
  .refine(rangeRunsForwards, RANGE_BACKWARDS);
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogEntrySchema = z.object({
  id: z.number(),
  /** ISO time of the change. */
  createdAt: z.string(),
  /** Null once the staff member's account is deleted; the username stays. */
  actorId: z.number().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The address the change came from. */
  ip: z.string().nullable(),
  /** The changed thing before and after, as recorded; null when the change has no such side. */
  before: z.json().nullable(),
  after: z.json().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditLogPageSchema = z.object({
  items: z.array(AuditLogEntrySchema),
  /** Entries matching the filter. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

/** GET /api/audit-log/filters: the values the filter menus offer, each sorted. */
export const AuditLogFilterOptionsSchema = z.object({
  actors: z.array(z.string()),
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
});
export type AuditLogFilterOptions = z.infer<typeof AuditLogFilterOptionsSchema>;

/** The export's columns, in order. */
export const AUDIT_LOG_CSV_HEADERS = ['Time', 'Actor', 'Action', 'Target Type', 'Target ID', 'IP', 'Before', 'After'] as const;

/** audit-log-{date}.csv, the date as YYYY-MM-DD. */
export function auditLogCsvFileName(at: Date): string {
  return `audit-log-${at.toISOString().slice(0, 10)}.csv`;
}
