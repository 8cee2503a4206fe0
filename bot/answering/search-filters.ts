import type { ContactDirectory, ItemFilter, Point } from './contact-lookup.js';
import { hiddenBefore, nearbyItems } from './contact-lookup.js';
import { openingStateKept } from './opening-states.js';
import { isSpecialty } from './specialties.js';

/** What a search is narrowed to. */
export interface SearchFilters {
  /** The directory's name of the specialty; null: all. */
  specialty: string | null;
  openNow: boolean;
  /** Only contacts who speak this language (the Mini App's "Speaks my language"); absent: any. */
  speaks?: string;
}

/**
 * "Nearby", for the specialty buttons: the nearest this many contacts within the radius (of those
 * the open-now choice leaves). A bound, so the counts cost the same in a dense city as in a village.
 */
export const NEARBY_CAP = 50;

/**
 * What `derive` makes of a directory, made once per edition of it: a directory edited in place
 * (ContactDirectory.applyChanges) derives it again.
 */
function perEdition<T>(derive: (directory: ContactDirectory) => T): (directory: ContactDirectory) => T {
  const kept = new WeakMap<ContactDirectory, { edition: number; value: T }>();
  return (directory) => {
    const known = kept.get(directory);
    if (known?.edition === directory.edition) return known.value;
    const value = derive(directory);
    kept.set(directory, { edition: directory.edition, value });
    return value;
  };
}

/** The specialties the directory's findable contacts have, by name; computed once per edition of the directory. */
export const directorySpecialties = perEdition((directory) => {
  const names = new Set<string>();
  directory.forEachItem((item) => names.add(directory.specialtyOf(item)));
  names.delete('');
  return [...names].sort((a, b) => a.localeCompare(b));
});

/** The newest verification per specialty. */
const newestVerifications = perEdition((directory) => {
  const newest = new Map<string, number>();
  directory.forEachItem((item) => {
    const specialty = directory.specialtyOf(item);
    if (specialty) newest.set(specialty, Math.max(newest.get(specialty) ?? -Infinity, directory.verifiedSinceOf(item)));
  });
  return newest;
});

/**
 * The directory's specialties that a contact the bot shows at the moment has: a specialty whose
 * every contact is hidden as unverified for too long (hiddenBefore) is left out, as its contacts are.
 * The newest verification per specialty is kept per edition of the directory, so each call costs a
 * look per specialty, not per contact.
 */
export function shownSpecialties(directory: ContactDirectory, before: number | null): string[] {
  const specialties = directorySpecialties(directory);
  if (before === null) return specialties;
  const newest = newestVerifications(directory);
  return specialties.filter((specialty) => newest.get(specialty)! >= before);
}

/** Each specialty's place in directorySpecialties: ties in the nearby counts are ordered by it, not by a locale comparison per answer. */
const specialtyRank = perEdition((directory) => new Map(directorySpecialties(directory).map((specialty, rank) => [specialty, rank])));

/** Open now, or around the clock, at `at` in the contact's zone; hours that do not parse are not known to be open. */
export function isOpenAt(directory: ContactDirectory, item: number, at: Date): boolean {
  const { kind } = openingStateKept(directory.hoursOf(item), directory.timeZoneOf(item), at);
  return kind === 'open' || kind === 'always';
}

/** The lookup filter of the choices, reading the directory's columns; undefined when nothing is narrowed. */
export function contactFilter(directory: ContactDirectory, filters: SearchFilters, at: Date): ItemFilter | undefined {
  const { specialty, openNow, speaks } = filters;
  if (!specialty && !openNow && !speaks) return undefined;
  const ofSpecialty = specialty ? directory.withSpecialty((name) => isSpecialty(name, specialty)) : undefined;
  const speaking = speaks ? directory.speaking(speaks) : undefined;
  return (item) => (!ofSpecialty || ofSpecialty(item)) && (!openNow || isOpenAt(directory, item, at)) && (!speaking || speaking(item));
}

export interface SpecialtyCount {
  specialty: string;
  count: number;
}

/** The specialties among the nearby contacts (NEARBY_CAP) the bot shows, most contacts first. */
export function nearbySpecialties(
  directory: ContactDirectory,
  point: Point,
  limits: { maxRadiusKm: number; hideUnverifiedAfterDays: number | null },
  openNow: boolean,
  at: Date,
): SpecialtyCount[] {
  const nearby = nearbyItems(directory, point, {
    limit: NEARBY_CAP,
    radiusKm: limits.maxRadiusKm,
    filter: contactFilter(directory, { specialty: null, openNow }, at),
    hiddenBefore: hiddenBefore(limits.hideUnverifiedAfterDays, at),
  });
  const counts = new Map<string, number>();
  for (const item of nearby) {
    const specialty = directory.specialtyOf(item);
    if (specialty) counts.set(specialty, (counts.get(specialty) ?? 0) + 1);
  }
  const ranks = specialtyRank(directory);
  return [...counts].map(([specialty, count]) => ({ specialty, count })).sort((a, b) => b.count - a.count || ranks.get(a.specialty)! - ranks.get(b.specialty)!);
}
