import type { z } from 'zod';
import { CONTACT_METHODS, CONTACT_SORT_FIELDS, ContactFilterSchema, UNRECOGNISED_FIELDS } from '@contract/medical-contacts.js';
import { filterProblems, type FilterProblems } from '../../lib/filter-problems.js';

/** The filters as the API's query string takes them ("true"/"false" for Master of Medicine). */
export type ContactFilterParams = z.input<typeof ContactFilterSchema>;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/** What the list shows: the filters plus paging and sorting, all kept in the URL. */
export interface ContactListParams {
  filter: ContactFilterParams;
  page: number;
  pageSize: number;
  sort: ContactSortField;
  order: SortOrder;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const TEXT_FILTERS = ['search', 'specialty', 'country', 'region', 'city', 'language'] as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function positiveInteger(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** Reads the list's state from the address bar; anything unknown falls back to the defaults. */
export function readListParams(params: URLSearchParams): ContactListParams {
  const filter: ContactFilterParams = {};
  for (const key of TEXT_FILTERS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  filter.contactMethod = oneOf(params.get('contactMethod'), CONTACT_METHODS);
  filter.status = oneOf(params.get('status'), ['active', 'inactive'] as const);
  filter.verified = oneOf(params.get('verified'), ['verified', 'unverified', 'due'] as const);
  filter.masterOfMedicine = oneOf(params.get('masterOfMedicine'), ['true', 'false'] as const);
  filter.findable = oneOf(params.get('findable'), ['yes', 'no', 'approximate'] as const);
  filter.phoneStatus = oneOf(params.get('phoneStatus'), ['unreadable'] as const);
  filter.reported = oneOf(params.get('reported'), ['yes', 'no'] as const);
  filter.hours = oneOf(params.get('hours'), ['open-now', 'unverified'] as const);
  filter.unrecognised = oneOf(params.get('unrecognised'), UNRECOGNISED_FIELDS);
  const pageSize = positiveInteger(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  return {
    filter: dropEmpty(filter),
    page: positiveInteger(params.get('page'), 1),
    pageSize: Math.min(pageSize, 200),
    sort: oneOf(params.get('sort'), CONTACT_SORT_FIELDS) ?? 'name',
    order: oneOf(params.get('order'), ['asc', 'desc'] as const) ?? 'asc',
  };
}

/** The filter without unset keys, so cache keys and request bodies stay stable. */
export function dropEmpty(filter: ContactFilterParams): ContactFilterParams {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as ContactFilterParams;
}

/** A query string for the API (and for the address bar): unset values are left out. */
export function toQueryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function hasActiveFilter(filter: ContactFilterParams): boolean {
  return Object.keys(dropEmpty(filter)).length > 0;
}

/** What the API would refuse in the filter (a text from the address longer than it takes), by field. */
export function contactFilterProblems(filter: ContactFilterParams): FilterProblems<keyof ContactFilterParams> {
  return filterProblems(ContactFilterSchema, filter);
}
