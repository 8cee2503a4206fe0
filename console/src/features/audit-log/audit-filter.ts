import { AUDIT_LOG_PAGE_SIZE, AUDIT_LOG_PAGE_SIZES, AuditLogFilterSchema } from '@contract/audit-log.js';
import { filterProblems, type FilterProblems } from '../../lib/filter-problems.js';

/** The screen's filter as the address bar keeps it; the dates are days in the browser's time zone. */
export interface AuditLogView {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  search?: string;
  /** YYYY-MM-DD, from the start of that day. */
  from?: string;
  /** YYYY-MM-DD, to the end of that day. */
  to?: string;
}

export interface AuditLogListParams {
  view: AuditLogView;
  page: number;
  pageSize: number;
}

const TEXT_KEYS = ['actor', 'action', 'targetType', 'targetId', 'search'] as const;
const DAY_KEYS = ['from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the list's state from the address bar; anything unknown falls back to the defaults. A day
 * is kept when it has the shape of one, even if no calendar has it (2026-02-30): auditFilterProblems
 * says so on its field, as the API would, rather than the list quietly showing every day.
 */
export function readAuditLogParams(params: URLSearchParams): AuditLogListParams {
  const view: AuditLogView = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) view[key] = value;
  }
  for (const key of DAY_KEYS) {
    const value = params.get(key);
    if (value && DAY.test(value)) view[key] = value;
  }
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    view,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (AUDIT_LOG_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : AUDIT_LOG_PAGE_SIZE,
  };
}

/** What the API would refuse in the view, by field (filterProblems of lib/filter-problems.ts). */
export type AuditFilterProblems = FilterProblems<keyof AuditLogView>;

/**
 * What the API would refuse in the view, none when it takes it all. The address may hold anything
 * (a hand-edited link, or To typed before From): each text within its length, each day a real
 * calendar day, and the range running forwards, checked with the contract's own schema.
 */
export function auditFilterProblems(view: AuditLogView): AuditFilterProblems {
  return filterProblems(AuditLogFilterSchema, view);
}

/** Whether what the API would refuse is in the days (the list then asks for other dates). */
export function hasDayProblem(problems: AuditFilterProblems): boolean {
  return DAY_KEYS.some((key) => problems[key] !== undefined);
}

export function hasActiveFilter(view: AuditLogView): boolean {
  return Object.values(view).some(Boolean);
}

/**
 * The API's query string for the view (paging added when given): the days become instants, the
 * first and last moment of each day where the browser is, so "to" takes in the whole day.
 */
export function auditLogQueryString(view: AuditLogView, paging?: { page: number; pageSize: number }): string {
  const query = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = view[key];
    if (value) query.set(key, value);
  }
  if (view.from) query.set('from', new Date(`${view.from}T00:00:00`).toISOString());
  if (view.to) query.set('to', new Date(`${view.to}T23:59:59.999`).toISOString());
  if (paging) {
    query.set('page', String(paging.page));
    query.set('pageSize', String(paging.pageSize));
  }
  return query.toString();
}
