import type { ContactDetails, ContactDirectory, Point } from './contact-lookup.js';
import { hiddenBefore, nearbyDetails } from './contact-lookup.js';
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

const specialtiesKept = new WeakMap<ContactDirectory, string[]>();

/** The specialties the directory's findable contacts have, by name; computed once per loaded directory. */
export function directorySpecialties(directory: ContactDirectory): string[] {
  let specialties = specialtiesKept.get(directory);
  if (!specialties) {
    const names = new Set(directory.tiers.flatMap((tier) => tier.contacts.map((contact) => contact.specialty)).filter(Boolean));
    specialties = [...names].sort((a, b) => a.localeCompare(b));
    specialtiesKept.set(directory, specialties);
  }
  return specialties;
}

const newestVerifications = new WeakMap<ContactDirectory, Map<string, number>>();

/**
 * The directory's specialties that a contact the bot shows at the moment has: a specialty whose
 * every contact is hidden as unverified for too long (hiddenBefore) is left out, as its contacts are.
 * The newest verification per specialty is kept per loaded directory, so each call costs a look per
 * specialty, not per contact.
 */
export function shownSpecialties(directory: ContactDirectory, before: number | null): string[] {
  const specialties = directorySpecialties(directory);
  if (before === null) return specialties;
  let newest = newestVerifications.get(directory);
  if (!newest) {
    newest = new Map();
    for (const tier of directory.tiers) {
      for (const { specialty, verifiedSince } of tier.contacts) if (specialty) newest.set(specialty, Math.max(newest.get(specialty) ?? -Infinity, verifiedSince));
    }
    newestVerifications.set(directory, newest);
  }
  const kept = newest;
  return specialties.filter((specialty) => kept.get(specialty)! >= before);
}

const specialtyRanks = new WeakMap<ContactDirectory, Map<string, number>>();

/** Each specialty's place in directorySpecialties: ties in the nearby counts are ordered by it, not by a locale comparison per answer. */
function specialtyRank(directory: ContactDirectory): Map<string, number> {
  let ranks = specialtyRanks.get(directory);
  if (!ranks) {
    ranks = new Map(directorySpecialties(directory).map((specialty, rank) => [specialty, rank]));
    specialtyRanks.set(directory, ranks);
  }
  return ranks;
}

/** Open now, or around the clock, at `at` in the contact's zone; hours that do not parse are not known to be open. */
export function isOpenAt(contact: ContactDetails, at: Date): boolean {
  const { kind } = openingStateKept(contact.hours, contact.timeZone, at);
  return kind === 'open' || kind === 'always';
}

/** The lookup filter of the choices; undefined when nothing is narrowed. */
export function contactFilter(filters: SearchFilters, at: Date): ((contact: ContactDetails) => boolean) | undefined {
  const { specialty, openNow, speaks } = filters;
  if (!specialty && !openNow && !speaks) return undefined;
  return (contact) =>
    (!specialty || isSpecialty(contact.specialty, specialty)) && (!openNow || isOpenAt(contact, at)) && (!speaks || contact.languages.includes(speaks));
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
  const nearby = nearbyDetails(directory, point, {
    limit: NEARBY_CAP,
    radiusKm: limits.maxRadiusKm,
    filter: contactFilter({ specialty: null, openNow }, at),
    hiddenBefore: hiddenBefore(limits.hideUnverifiedAfterDays, at),
  });
  const counts = new Map<string, number>();
  for (const contact of nearby) if (contact.specialty) counts.set(contact.specialty, (counts.get(contact.specialty) ?? 0) + 1);
  const ranks = specialtyRank(directory);
  return [...counts].map(([specialty, count]) => ({ specialty, count })).sort((a, b) => b.count - a.count || ranks.get(a.specialty)! - ranks.get(b.specialty)!);
}
