import type { ContactFilterOptions, ContactListResponse } from './contract/medical-contacts.js';
import { createFigureCache, type FigureCache } from './analytics/figure-cache.js';

/**
 * What the Medical Contacts routes keep between requests (api/routes/medical-contacts.ts); made by
 * whoever builds the app (buildApp, scripts/product.ts), so its lifetime is the app's.
 */
export interface ContactDirectoryCache {
  /** The stats, filter values and unrecognised values over the whole directory, under the directory version and minute they were computed for. */
  summary: { key: string; stats: ContactListResponse['stats']; filterOptions: ContactFilterOptions; unrecognised: ContactListResponse['unrecognised'] } | undefined;
  /**
   * How many contacts match a filter, kept under the directory summary's key: a text search
   * matching thousands would otherwise count them all again for every page and every viewer.
   */
  matchCounts: FigureCache;
}

export function createContactDirectoryCache(now: () => Date): ContactDirectoryCache {
  return { summary: undefined, matchCounts: createFigureCache(now) };
}
