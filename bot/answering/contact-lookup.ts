import { nearestItems } from './nearest-items.js';
import type { Sql } from '../../sql/database.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { contactDirectoryVersion } from '../../sql/medical-contacts.js';
import { directoryChangesSince, forEachFindableContactPage, loadFindableContacts, PAGE_SIZE } from '../../sql/contact-directory.js';
import { loadSpecialtyTaxonomy } from '../../sql/specialties.js';
import { ContactDirectory, type ContactDetails, type DirectoryTier, type ItemFilter } from './contact-directory.js';

export { ContactDirectory, type ContactDetails, type ItemFilter } from './contact-directory.js';

export interface NearbyContact extends ContactDetails {
  distanceKm: number;
}

/** earthdistance's sphere (its earth() function), in metres: distances are measured on it, as the database would. */
const EARTH_M = 6378168;
/** nearestItems measures on a sphere of 6,371 km: its distances are ours scaled by this. */
export const INDEX_DISTANCE_SCALE = 6371_000 / EARTH_M;
/** Candidates beyond the limit per tier, so rounding between the two measures never drops a nearer contact. */
const SPARE_CANDIDATES = 2;

/**
 * The whole directory, read a page at a time into its columns. The version first: a write committed
 * before a later page is read shows in that page and is logged under a newer version, whose changes are
 * applied again (an upsert or a removal by id, the same done twice).
 */
async function loadContactDirectory(sql: Sql, pageSize: number): Promise<ContactDirectory> {
  const version = await contactDirectoryVersion(sql);
  const directory = new ContactDirectory(version, [], await loadSpecialtyTaxonomy(sql));
  await forEachFindableContactPage(sql, (page) => directory.appendPage(page), pageSize);
  directory.compact();
  return directory;
}

/**
 * Changes beyond this share of the directory are read as the whole directory again: read one by one, then
 * searched beside the index until the catch-up's one compaction, they would cost more than a load.
 */
const RELOAD_SHARE = 1 / 8;

/**
 * The directory brought to the current version: only the contacts changed since its own are read, a
 * page at a time, unless the log says to read everything or they are too many. Compacted once, at the
 * end: a catch-up of many pages would otherwise compact the whole directory after each.
 */
async function directoryCaughtUp(sql: Sql, directory: ContactDirectory, observer: DirectoryObserver, pageSize: number): Promise<ContactDirectory> {
  const maxChanged = Math.max(pageSize, Math.floor(directory.size * RELOAD_SHARE));
  const { version, changedIds, full } = await directoryChangesSince(sql, directory.version, maxChanged);
  if (full) {
    observer.loaded?.('all');
    return loadContactDirectory(sql, pageSize);
  }
  if (version === directory.version) return directory;
  for (let from = 0; from < changedIds.length || from === 0; from += pageSize) {
    const ids = changedIds.slice(from, from + pageSize);
    const upserted = await loadFindableContacts(sql, ids);
    const findable = new Set(upserted.map((contact) => contact.id));
    const last = from + pageSize >= changedIds.length;
    directory.applyChanges(last ? version : directory.version, upserted, ids.filter((id) => !findable.has(id)));
  }
  observer.loaded?.('changes');
  directory.compactIfDue();
  return directory;
}

/** Finds the contacts nearest a point from the directory kept in memory, loaded once and then brought up to date by its changes. */
export interface ContactLookup {
  /** The directory kept; loaded on first use, and brought up to date first once `refresh` was told of a newer version. */
  directory(): Promise<ContactDirectory>;
  /** The directory's version is at least this now (a check saw it): the next `directory()` reads the changes up to it first. */
  refresh(currentVersion: number): void;
  /** A newer version was committed (the database's notification): its changes are read in the background, while answers read the directory kept. */
  prefetch(version: number): void;
  /** Checks the directory's version first: for callers without a statement of their own that checks it. */
  findNearest(point: Point, options: NearestOptions): Promise<NearbyContact[]>;
}

/** Told of each read of the directory: all of it (at first, or when the change log says so) or just the changed contacts. */
export interface DirectoryObserver {
  loaded?(what: 'all' | 'changes'): void;
}

export interface Point {
  latitude: number;
  longitude: number;
}

export interface NearestOptions {
  limit: number;
  radiusKm: number;
  /** The asker's language: contacts who speak it come first among those nearly as near (see `SPEAKER_DISTANCE_FACTOR`). */
  language?: LanguageCode;
  /** Only contacts it accepts are found (a specialty, open now): checked as the index is walked, so the nearest matching come first. */
  filter?: ItemFilter;
  /** Skips this many of the results, in the same order (More results). */
  offset?: number;
  /**
   * Contacts not verified since this moment (epoch ms, `hiddenBefore`) are left out: hidden from the
   * bot by System Settings. Null or left out leaves none out. Applied at the answer's moment, so a
   * contact drops out as time passes, with no write to reload the directory for.
   */
  hiddenBefore?: number | null;
}

/** The moment before which a contact's last verification hides it, at `at`; null when hiding is off. */
export function hiddenBefore(hideUnverifiedAfterDays: number | null, at: Date): number | null {
  return hideUnverifiedAfterDays === null ? null : at.getTime() - hideUnverifiedAfterDays * 24 * 60 * 60 * 1000;
}

/** The options' filter with the hidden contacts left out; undefined when it accepts every contact. */
function shownFilter(directory: ContactDirectory, { filter, hiddenBefore: before }: Pick<NearestOptions, 'filter' | 'hiddenBefore'>): ItemFilter | undefined {
  if (before === null || before === undefined) return filter;
  return filter ? (item) => directory.verifiedSinceOf(item) >= before && filter(item) : (item) => directory.verifiedSinceOf(item) >= before;
}

/**
 * How much farther a contact who speaks the asker's language may be and still come first: up to 1.5
 * times as far as the nearest contact its tier offers, and always within the radius. A speaker
 * a little farther away is worth the walk; one three times as far is not, so beyond that the tier
 * keeps its distance order.
 */
export const SPEAKER_DISTANCE_FACTOR = 1.5;

/**
 * The contact lookup over a client; the instance holds the directory it has loaded, so whoever
 * creates it (the bot, a benchmark) owns that memory. One read at a time brings the directory up to
 * date, from the version it holds, so no change is applied out of order; a read that fails keeps the
 * version it had (its pages read so far applied: upserts and removals by id, the same again does no harm),
 * and the next call tries again. `pageSize` rows are read per statement (sql/contact-directory.ts's PAGE_SIZE).
 */
export function createContactLookup(sql: Sql, observer: DirectoryObserver = {}, pageSize = PAGE_SIZE): ContactLookup {
  let kept: ContactDirectory | undefined;
  /** The newest version a check told of: answers wait for it. */
  let wanted = 0;
  /** The newest version a notification told of: read in the background. */
  let heard = 0;
  /** A check told of a version older than the directory's: read the log to know whether the database moved back (a restore). */
  let doubted = false;
  let reading: Promise<ContactDirectory> | undefined;

  const catchUp = async (from: ContactDirectory): Promise<ContactDirectory> => {
    const caughtUp = await directoryCaughtUp(sql, from, observer, pageSize);
    // Read again whole from a database that moved back: the versions told of before are not its.
    if (caughtUp.version < from.version) wanted = heard = caughtUp.version;
    return caughtUp;
  };
  const read = async (): Promise<ContactDirectory> => {
    if (!kept) {
      observer.loaded?.('all');
      kept = await loadContactDirectory(sql, pageSize);
    } else if (doubted) {
      doubted = false;
      kept = await catchUp(kept);
    }
    // Again while a newer version was told of during the last read; a read that started knowing of a
    // version and did not reach it ends the loop: the next check tells.
    while (kept.version < Math.max(wanted, heard)) {
      const target = Math.max(wanted, heard);
      kept = await catchUp(kept);
      if (kept.version < target) break;
    }
    return kept;
  };
  const upToDate = (): Promise<ContactDirectory> => {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const refresh = (currentVersion: number) => {
    // Older than the directory: a check that read the version before a change the lookup has since
    // applied, or a database restored from a backup. Only the log can tell which.
    if (kept && currentVersion < kept.version) doubted = true;
    wanted = Math.max(wanted, currentVersion);
  };
  const directory = () => (kept && !doubted && kept.version >= wanted ? Promise.resolve(kept) : upToDate());
  return {
    directory,
    refresh,
    prefetch(version) {
      if (!kept || version <= kept.version) return;
      heard = Math.max(heard, version);
      // A failure is the next answer's to see: its check tells of the version and it reads again.
      upToDate().catch(() => {});
    },
    async findNearest(point, options) {
      refresh(await contactDirectoryVersion(sql));
      return nearestContacts(await directory(), point, options);
    },
  };
}

/** A point on earthdistance's cube (its ll_to_earth), x y z in metres. */
type Cube = readonly [number, number, number];

/** earthdistance's ll_to_earth. */
function toCube({ latitude, longitude }: Point): Cube {
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  return [EARTH_M * Math.cos(lat) * Math.cos(lon), EARTH_M * Math.cos(lat) * Math.sin(lon), EARTH_M * Math.sin(lat)];
}

/**
 * earthdistance's earth_distance(ll_to_earth(a), ll_to_earth(b)) in km, between an item and a point's cube:
 * the chord through its cube, on its sphere. The item's cube is computed here, for the few candidates of
 * a search, rather than kept for every contact.
 */
function distanceKm(directory: ContactDirectory, item: number, point: Cube): number {
  const lat = (directory.latitudes[item]! * Math.PI) / 180;
  const lon = (directory.longitudes[item]! * Math.PI) / 180;
  const chord = Math.hypot(EARTH_M * Math.cos(lat) * Math.cos(lon) - point[0], EARTH_M * Math.cos(lat) * Math.sin(lon) - point[1], EARTH_M * Math.sin(lat) - point[2]);
  const metres = chord / (2 * EARTH_M) > 1 ? Math.PI * EARTH_M : 2 * EARTH_M * Math.asin(chord / (2 * EARTH_M));
  return metres / 1000;
}

/**
 * A tier's items nearest the point, within `within` km of the index's sphere, that `accepts` accepts:
 * its index's and those added since, skipping the removed ones.
 */
function tierItems(directory: ContactDirectory, tier: DirectoryTier, point: Point, maxResults: number, within: number, accepts: ItemFilter | undefined): number[] {
  const live = (item: number) => directory.isLive(item);
  const predicate = tier.removed === 0 ? accepts : accepts ? (item: number) => live(item) && accepts(item) : live;
  const loose = { first: tier.first, items: tier.overflow, longitudes: directory.longitudes, latitudes: directory.latitudes };
  return nearestItems(tier.index, point.longitude, point.latitude, maxResults, within, predicate, loose);
}

interface Candidate {
  item: number;
  id: number;
  distanceKm: number;
}

const byDistance = (a: Candidate, b: Candidate) => a.distanceKm - b.distanceKm || a.id - b.id;

/** The contacts at these items, within the radius of the point (its cube), nearest first. */
function candidates(items: number[], directory: ContactDirectory, pointCube: Cube, radiusKm: number): Candidate[] {
  const within: Candidate[] = [];
  for (const item of items) {
    const distance = distanceKm(directory, item, pointCube);
    if (distance <= radiusKm) within.push({ item, id: directory.ids[item]!, distanceKm: distance });
  }
  return within.sort(byDistance);
}

/**
 * A tier's candidates (nearest first, `wanted` + spares of them) reordered for someone who speaks
 * `language`: the speakers within the factor of the nearest first, then everyone else, each by
 * distance. Only when every candidate lies within the factor may a speaker wait behind them, and
 * only then is the tier searched again, for its speakers alone.
 */
function speakersFirst(tier: Candidate[], wanted: number, language: string, point: Point, pointCube: Cube, directory: ContactDirectory, directoryTier: DirectoryTier, radiusKm: number, accepts: ItemFilter): Candidate[] {
  const windowKm = Math.min(tier[0]!.distanceKm * SPEAKER_DISTANCE_FACTOR, radiusKm);
  const speaks = directory.speaking(language);
  const first = (candidate: Candidate) => (candidate.distanceKm <= windowKm && speaks(candidate.item) ? 0 : 1);
  if (tier.at(-1)!.distanceKm <= windowKm && tier.length >= wanted + SPARE_CANDIDATES) {
    const known = new Set(tier.map((candidate) => candidate.item));
    const within = windowKm * INDEX_DISTANCE_SCALE * (1 + 1e-9);
    const farther = tierItems(directory, directoryTier, point, wanted, within, (item) => !known.has(item) && speaks(item) && accepts(item));
    tier = [...tier, ...candidates(farther, directory, pointCube, windowKm)];
  }
  // Stable, and the tier is in distance order: each group keeps it.
  return tier.sort((a, b) => first(a) - first(b) || byDistance(a, b));
}

/**
 * The nearest active contacts within radiusKm that the filter accepts: Master-of-Medicine contacts
 * first, then the rest, each nearest first, at most `limit` in all after skipping `offset`. Given the
 * asker's language, each tier puts its contacts who speak it first among those within
 * `SPEAKER_DISTANCE_FACTOR` of its nearest. A later page is the same ordering of the first
 * `offset + limit`, cut after `offset`.
 */
export function nearestContacts(directory: ContactDirectory, point: Point, options: NearestOptions): NearbyContact[] {
  return nearestCandidates(directory, point, options).map(({ item, distanceKm }) => withDistance(directory, item, distanceKm));
}

/**
 * The `limit` nearest active contacts within radiusKm, nearest first whatever their tier: for a point
 * with none within the answers' radius, whose answer shows how far the nearest are rather than nothing.
 * `hidden` is NearestOptions' hiddenBefore.
 */
export function nearestOfAnyTier(directory: ContactDirectory, point: Point, limit: number, radiusKm: number, hidden: number | null = null): NearbyContact[] {
  const within = radiusKm * INDEX_DISTANCE_SCALE * (1 + 1e-9);
  const pointCube = toCube(point);
  const accepts = shownFilter(directory, { hiddenBefore: hidden });
  return directory.tiers
    .flatMap((tier) => candidates(tierItems(directory, tier, point, limit + SPARE_CANDIDATES, within, accepts), directory, pointCube, radiusKm))
    .sort(byDistance)
    .slice(0, limit)
    .map(({ item, distanceKm }) => withDistance(directory, item, distanceKm));
}

/** The contact at an item, with its distance: the object a search returns. */
function withDistance(directory: ContactDirectory, item: number, distanceKm: number): NearbyContact {
  return Object.assign(directory.details(item), { distanceKm });
}

/**
 * The items of at most `limit` of the nearest contacts within the radius that the filter accepts,
 * Master of Medicine first as in an answer, in no particular order: for counting (the nearby
 * specialties of every answer) from the columns, without measuring each one's distance again,
 * sorting or making an object of each.
 */
export function nearbyItems(directory: ContactDirectory, point: Point, options: Omit<NearestOptions, 'language' | 'offset'>): number[] {
  const within = options.radiusKm * INDEX_DISTANCE_SCALE * (1 + 1e-9);
  const pointCube = toCube(point);
  const accepts = shownFilter(directory, options);
  const found: number[] = [];
  for (const tier of directory.tiers) {
    const wanted = options.limit - found.length;
    if (wanted <= 0) break;
    // The index's sphere and earthdistance's differ a little: the radius is the answers' own.
    for (const item of tierItems(directory, tier, point, wanted, within, accepts)) {
      if (distanceKm(directory, item, pointCube) <= options.radiusKm) found.push(item);
    }
  }
  return found;
}

function nearestCandidates(directory: ContactDirectory, point: Point, options: NearestOptions): Candidate[] {
  const within = options.radiusKm * INDEX_DISTANCE_SCALE * (1 + 1e-9);
  const { language } = options;
  const offset = options.offset ?? 0;
  const shown = shownFilter(directory, options);
  const accepts = shown ?? (() => true);
  const pointCube = toCube(point);
  const found: Candidate[] = [];
  for (const directoryTier of directory.tiers) {
    const wanted = offset + options.limit - found.length;
    if (wanted <= 0) break;
    let tier = candidates(tierItems(directory, directoryTier, point, wanted + SPARE_CANDIDATES, within, shown), directory, pointCube, options.radiusKm);
    if (language && tier.length > 0) tier = speakersFirst(tier, wanted, language, point, pointCube, directory, directoryTier, options.radiusKm, accepts);
    found.push(...tier.slice(0, wanted));
  }
  return found.slice(offset);
}
