import KDBush from 'kdbush';
import tzLookup from '@photostructure/tz-lookup';
import type OpeningHours from 'opening_hours';
import { parseOpeningHours } from '../../api/contract/opening-hours.js';
import type { SpecialtyTaxonomy } from '../../api/contract/specialties.js';
import type { CheckedBy, FindableContact } from '../../sql/contact-directory.js';

/** A contact as the directory shows it: its row, with the zone its hours are read in and the hours parsed. */
export interface ContactDetails extends FindableContact {
  /** The IANA zone of the contact's coordinates: its hours are read in it. */
  timeZone: string;
  /** `availableHours` parsed as OpenStreetMap opening_hours; null when it does not parse. */
  hours: OpeningHours | null;
}

/** Accepts or refuses the contact at an item of the directory, reading its columns: no object per item visited. */
export type ItemFilter = (item: number) => boolean;

/** The findable contacts of one tier (Master of Medicine or not), indexed by where they are. */
export interface DirectoryTier {
  /** The tier's items as of the last compaction; null when it had none (kdbush needs a point). */
  index: KDBush | null;
  /** Item of the index's first point: its ids count from it. */
  first: number;
  /** Items of the index removed since (their flag REMOVED): a search then skips them. */
  removed: number;
  /** Items added since the last compaction, searched beside the index. */
  overflow: number[];
}

/** After this many edits (removed or added items) since the last compaction, the directory is compacted: the overflow is searched item by item. */
export const COMPACT_AFTER = 4096;

const MASTER = 1;
const WHATSAPP_ONLY = 2;
const APPROXIMATE = 4;
const REMOVED = 8;
const METHOD_SHIFT = 4;
const CHECKED_BY_SHIFT = 6;
const METHODS = ['phone', 'telegram', 'whatsapp'] as const;

/**
 * Distinct values, each kept once and numbered in order of first sight: contacts repeat a few of them
 * many times. Never shrinks: a value no contact has any more stays until the next full load.
 */
class Table<T> {
  readonly values: T[] = [];
  private readonly ids = new Map<string, number>();

  idOf(key: string, make: (key: string) => T): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(make(key));
      this.ids.set(key, id);
    }
    return id;
  }
}

interface Schedule {
  text: string;
  hours: OpeningHours | null;
}

/** The strings a card shows and no search reads, as one record of UTF-8 bytes: per string its length + 1 (0 for null) as a varint, then its bytes. */
const CARD_STRINGS = ['name', 'phone', 'telegramUsername', 'specialInstructions'] as const;

function recordLength(contact: FindableContact): number {
  let length = 0;
  for (const field of CARD_STRINGS) {
    const text = contact[field];
    const bytes = text === null ? 0 : Buffer.byteLength(text);
    length += varintLength(bytes + 1) + bytes;
  }
  return length;
}

function varintLength(value: number): number {
  let length = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 0x80);
    length += 1;
  }
  return length;
}

type Column = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/** Items `from` to `to` (not included), one after the other. */
interface Run {
  from: number;
  to: number;
}

/** A tier's live items as runs: its index's, then its overflow's, in their order. */
function liveRuns(tier: DirectoryTier, flags: Uint8Array): Run[] {
  const runs: Run[] = [];
  let run: Run = { from: -1, to: -1 };
  const extend = (item: number) => {
    if (run.to === item) run.to += 1;
    else runs.push((run = { from: item, to: item + 1 }));
  };
  const end = tier.first + (tier.index?.numItems ?? 0);
  for (let item = tier.first; item < end; item += 1) if ((flags[item]! & REMOVED) === 0) extend(item);
  for (const item of tier.overflow) extend(item);
  return runs;
}

/** The column's values in these runs, one after the other, `length` in all. */
function gatheredRuns<C extends Column>(column: C, runs: readonly Run[], length: number): C {
  const copy = new (column.constructor as new (length: number) => C)(length);
  let at = 0;
  for (const { from, to } of runs) {
    copy.set(column.subarray(from, to), at);
    at += to - from;
  }
  return copy;
}

function resized<C extends Column>(column: C, length: number): C {
  const copy = new (column.constructor as new (length: number) => C)(length);
  copy.set(column.subarray(0, Math.min(column.length, length)));
  return copy;
}

/**
 * The findable active contacts in columns, as of one version of the directory (migration 005's
 * counter): per item (a number the directory gives each contact it holds) typed arrays of what the
 * search reads, ids into tables of the distinct values contacts share (specialty, city, languages,
 * schedule parsed once, zone), and the strings a card shows as UTF-8 bytes in one pool. A contact
 * becomes an object only when a search returns it. Edits apply in place (`applyChanges`): a removed
 * item is flagged and skipped, an added one searched beside its tier's index until the directory is
 * compacted into new indexes, from memory.
 */
export class ContactDirectory {
  version: number;
  /** The specialties' taxonomy of the same version (a change to it moves the directory's counter, migration 048). */
  taxonomy: SpecialtyTaxonomy;
  /** How many contacts are findable. */
  size = 0;
  /** Counts every edit applied: what is derived from the contacts (search-filters.ts) is kept per edition. */
  edition = 0;
  /** Master of Medicine first: an index per tier, so neither search wades through the other's contacts. */
  tiers: DirectoryTier[] = [];

  /** Items in use, removed ones included until compaction. */
  private length = 0;
  /** Per item: read by the search (contact-lookup.ts), written by the directory alone. */
  ids = new Int32Array(0);
  longitudes = new Float64Array(0);
  latitudes = new Float64Array(0);
  private verifiedSince = new Float64Array(0);
  private flags = new Uint8Array(0);
  private specialties = new Uint32Array(0);
  private cities = new Uint32Array(0);
  private languages = new Uint32Array(0);
  private schedules = new Uint32Array(0);
  private zones = new Uint16Array(0);
  /** Per item, where its record of card strings starts in the pool. */
  private records = new Uint32Array(0);
  private pool = Buffer.alloc(0);
  private poolLength = 0;
  /** Bytes of the pool no live item's record uses: a compaction rewrites the pool once they are a quarter of it. */
  private unusedPoolBytes = 0;
  /** The index's items, by id: searched by halves. */
  private byId = new Uint32Array(0);
  /** Items added since the last compaction, by id. */
  private addedById = new Map<number, number>();
  private readonly compactAfter: number;

  private readonly specialtyTable = new Table<string>();
  private readonly cityTable = new Table<string>();
  private readonly languageTable = new Table<string[]>();
  private readonly scheduleTable = new Table<Schedule>();
  private readonly zoneTable = new Table<string>();

  constructor(version: number, contacts: readonly FindableContact[], taxonomy: SpecialtyTaxonomy, compactAfter = COMPACT_AFTER) {
    this.version = version;
    this.taxonomy = taxonomy;
    this.compactAfter = compactAfter;
    let poolBytes = 0;
    for (const contact of contacts) poolBytes += recordLength(contact);
    this.reserve(contacts.length, poolBytes);
    const master = contacts.filter((contact) => contact.isMasterOfMedicine);
    const others = contacts.filter((contact) => !contact.isMasterOfMedicine);
    for (const tier of [master, others]) for (const contact of tier) this.append(contact);
    this.size = contacts.length;
    this.index([
      { from: 0, to: master.length },
      { from: master.length, to: contacts.length },
    ]);
  }

  /** Whether the item holds a findable contact (not removed since). */
  isLive(item: number): boolean {
    return (this.flags[item]! & REMOVED) === 0;
  }

  verifiedSinceOf(item: number): number {
    return this.verifiedSince[item]!;
  }

  specialtyOf(item: number): string {
    return this.specialtyTable.values[this.specialties[item]!]!;
  }

  hoursOf(item: number): OpeningHours | null {
    return this.scheduleTable.values[this.schedules[item]!]!.hours;
  }

  timeZoneOf(item: number): string {
    return this.zoneTable.values[this.zones[item]!]!;
  }

  nameOf(item: number): string {
    return this.cardStrings(item).name!;
  }

  /** A test of items by their specialty, answered once per distinct specialty. */
  withSpecialty(accepts: (specialty: string) => boolean): ItemFilter {
    const known: boolean[] = [];
    return (item) => {
      const id = this.specialties[item]!;
      return known[id] ?? (known[id] = accepts(this.specialtyTable.values[id]!));
    };
  }

  /** A test of items by whether they speak the language, answered once per distinct set of languages. */
  speaking(language: string): ItemFilter {
    const known: boolean[] = [];
    return (item) => {
      const id = this.languages[item]!;
      return known[id] ?? (known[id] = this.languageTable.values[id]!.includes(language));
    };
  }

  /** Calls `visit` with every findable contact's item. */
  forEachItem(visit: (item: number) => void): void {
    for (let item = 0; item < this.length; item += 1) if (this.isLive(item)) visit(item);
  }

  /** The contact at an item, as an object: for the few a search returns. */
  details(item: number): ContactDetails {
    const flags = this.flags[item]!;
    const { name, phone, telegramUsername, specialInstructions } = this.cardStrings(item);
    const schedule = this.scheduleTable.values[this.schedules[item]!]!;
    return {
      id: this.ids[item]!,
      name: name!,
      phone: phone!,
      specialty: this.specialtyOf(item),
      city: this.cityTable.values[this.cities[item]!]!,
      contactMethod: METHODS[(flags >> METHOD_SHIFT) & 3]!,
      telegramUsername,
      isWhatsappOnly: (flags & WHATSAPP_ONLY) !== 0,
      availableHours: schedule.text,
      languages: [...this.languageTable.values[this.languages[item]!]!],
      specialInstructions,
      isMasterOfMedicine: (flags & MASTER) !== 0,
      latitude: this.latitudes[item]!,
      longitude: this.longitudes[item]!,
      locationApproximate: (flags & APPROXIMATE) !== 0,
      timeZone: this.timeZoneOf(item),
      hours: schedule.hours,
      verifiedSince: this.verifiedSince[item]!,
      checkedBy: ((flags >> CHECKED_BY_SHIFT) & 3) as CheckedBy,
    };
  }

  /** The item holding the contact with this id; undefined when it is not findable. */
  itemOf(id: number): number | undefined {
    const added = this.addedById.get(id);
    if (added !== undefined) return added;
    const { byId, ids } = this;
    let low = 0;
    let high = byId.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = ids[byId[middle]!]!;
      if (found === id) return this.isLive(byId[middle]!) ? byId[middle] : undefined;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /**
   * The changes that bring the directory to `version`, applied in place: each removed id (a contact
   * deleted, deactivated or moved out of reach) leaves, each upserted contact replaces the one with its id
   * or joins. An id in both is upserted. The changes of one version may come in several calls, the
   * version moving with the last; `compactIfDue` after the last.
   */
  applyChanges(version: number, upserted: readonly FindableContact[], removedIds: readonly number[]): void {
    for (const id of removedIds) this.remove(id);
    if (upserted.length > 0) this.reserve(this.length + upserted.length, this.poolLength + upserted.reduce((bytes, contact) => bytes + recordLength(contact), 0));
    for (const contact of upserted) {
      this.remove(contact.id);
      const item = this.append(contact);
      this.tiers[contact.isMasterOfMedicine ? 0 : 1]!.overflow.push(item);
      this.addedById.set(contact.id, item);
      this.size += 1;
    }
    this.version = version;
    this.edition += 1;
  }

  /** Compacts once the edits since the last compaction reach the directory's limit: a search walks the overflow item by item. */
  compactIfDue(): void {
    const edits = this.tiers.reduce((sum, tier) => sum + tier.removed + tier.overflow.length, 0);
    if (edits >= this.compactAfter) this.compact();
  }

  /**
   * Contacts read a page at a time (sql/contact-directory.ts's loadFindableContacts) appended to an empty
   * directory, each searched beside its tier's index until `compact` indexes them all once the last page
   * is in: a load never holds every row of the directory at once.
   */
  appendPage(contacts: readonly FindableContact[]): void {
    this.reserve(this.length + contacts.length, this.poolLength + contacts.reduce((bytes, contact) => bytes + recordLength(contact), 0));
    for (const contact of contacts) this.tiers[contact.isMasterOfMedicine ? 0 : 1]!.overflow.push(this.append(contact));
    this.size += contacts.length;
  }

  /**
   * Rebuilds the columns of the findable contacts alone, and each tier's index over them, from memory. The
   * live items lie in runs (an index's items between removed ones, the overflow's appended one after the
   * other), each copied whole; a tier without edits keeps its index. Building the indexes is most of it.
   */
  compact(): void {
    const tierRuns = this.tiers.map((tier) => liveRuns(tier, this.flags));
    const runs = tierRuns.flat();
    const length = runs.reduce((sum, run) => sum + run.to - run.from, 0);
    this.ids = gatheredRuns(this.ids, runs, length);
    this.longitudes = gatheredRuns(this.longitudes, runs, length);
    this.latitudes = gatheredRuns(this.latitudes, runs, length);
    this.verifiedSince = gatheredRuns(this.verifiedSince, runs, length);
    this.flags = gatheredRuns(this.flags, runs, length);
    this.specialties = gatheredRuns(this.specialties, runs, length);
    this.cities = gatheredRuns(this.cities, runs, length);
    this.languages = gatheredRuns(this.languages, runs, length);
    this.schedules = gatheredRuns(this.schedules, runs, length);
    this.zones = gatheredRuns(this.zones, runs, length);
    if (this.unusedPoolBytes * 4 > this.poolLength) this.gatherCardStrings(runs, length);
    else this.records = gatheredRuns(this.records, runs, length);
    this.length = length;
    this.addedById.clear();
    let from = 0;
    const kept = this.tiers.map((tier, at) => {
      const to = from + tierRuns[at]!.reduce((sum, run) => sum + run.to - run.from, 0);
      const range = { from, to, index: tier.removed === 0 && tier.overflow.length === 0 ? tier.index : undefined };
      from = to;
      return range;
    });
    this.index(kept);
  }

  /**
   * The card strings of the items in `runs`, into a pool of their own, record by record: the removed items'
   * bytes let go. (A run's records need not lie together: the tiers' records interleave in the pool.)
   */
  private gatherCardStrings(runs: readonly Run[], length: number): void {
    const old = { pool: this.pool, records: this.records };
    let bytes = 0;
    for (const { from, to } of runs) for (let item = from; item < to; item += 1) bytes += this.recordEnd(item) - old.records[item]!;
    this.pool = Buffer.alloc(bytes);
    this.records = new Uint32Array(length);
    this.poolLength = 0;
    this.unusedPoolBytes = 0;
    let at = 0;
    for (const { from, to } of runs) {
      for (let item = from; item < to; item += 1) {
        const start = old.records[item]!;
        this.records[at++] = this.poolLength;
        this.poolLength += old.pool.copy(this.pool, this.poolLength, start, this.recordEnd(item, old.pool, start));
      }
    }
  }

  /** Indexes each tier's items (a range of them) by place, unless it keeps the index it had, and all items by id. */
  private index(ranges: { from: number; to: number; index?: KDBush | null }[]): void {
    this.tiers = ranges.map(({ from, to, index: kept }) => {
      if (kept !== undefined) return { index: kept, first: from, removed: 0, overflow: [] };
      if (to === from) return { index: null, first: from, removed: 0, overflow: [] };
      const index = new KDBush(to - from);
      for (let item = from; item < to; item += 1) index.add(this.longitudes[item]!, this.latitudes[item]!);
      index.finish();
      return { index, first: from, removed: 0, overflow: [] };
    });
    const ids = this.ids;
    this.byId = new Uint32Array(this.length);
    for (let item = 0; item < this.length; item += 1) this.byId[item] = item;
    // Loaded and compacted by id, the items are mostly in order already: the sort's runs make it quick.
    this.byId.sort((a, b) => ids[a]! - ids[b]!);
  }

  private remove(id: number): void {
    const item = this.itemOf(id);
    if (item === undefined) return;
    this.flags[item] = this.flags[item]! | REMOVED;
    this.size -= 1;
    this.unusedPoolBytes += this.recordEnd(item) - this.records[item]!;
    const tier = this.tiers[this.flags[item]! & MASTER ? 0 : 1]!;
    if (this.addedById.get(id) === item) {
      this.addedById.delete(id);
      tier.overflow.splice(tier.overflow.indexOf(item), 1);
    } else {
      tier.removed += 1;
    }
  }

  /** Room for `items` items and `poolBytes` bytes of card strings, with some to spare when it grows. */
  private reserve(items: number, poolBytes: number): void {
    if (items > this.ids.length) {
      const capacity = this.ids.length === 0 ? items : Math.max(items, this.ids.length + Math.max(1024, this.ids.length >> 3));
      this.ids = resized(this.ids, capacity);
      this.longitudes = resized(this.longitudes, capacity);
      this.latitudes = resized(this.latitudes, capacity);
      this.verifiedSince = resized(this.verifiedSince, capacity);
      this.flags = resized(this.flags, capacity);
      this.specialties = resized(this.specialties, capacity);
      this.cities = resized(this.cities, capacity);
      this.languages = resized(this.languages, capacity);
      this.schedules = resized(this.schedules, capacity);
      this.zones = resized(this.zones, capacity);
      this.records = resized(this.records, capacity);
    }
    if (poolBytes > this.pool.length) {
      const capacity = this.pool.length === 0 ? poolBytes : Math.max(poolBytes, this.pool.length + Math.max(65_536, this.pool.length >> 3));
      const pool = Buffer.alloc(capacity);
      this.pool.copy(pool, 0, 0, this.poolLength);
      this.pool = pool;
    }
  }

  /** Writes the contact into the next item, which `reserve` made room for. */
  private append(contact: FindableContact): number {
    const item = this.length++;
    this.ids[item] = contact.id;
    this.longitudes[item] = contact.longitude;
    this.latitudes[item] = contact.latitude;
    this.verifiedSince[item] = contact.verifiedSince;
    this.flags[item] =
      (contact.isMasterOfMedicine ? MASTER : 0) |
      (contact.isWhatsappOnly ? WHATSAPP_ONLY : 0) |
      (contact.locationApproximate ? APPROXIMATE : 0) |
      (METHODS.indexOf(contact.contactMethod) << METHOD_SHIFT) |
      (contact.checkedBy << CHECKED_BY_SHIFT);
    this.specialties[item] = this.specialtyTable.idOf(contact.specialty, (text) => text);
    this.cities[item] = this.cityTable.idOf(contact.city, (text) => text);
    this.languages[item] = this.languageTable.idOf(contact.languages.join(','), (key) => (key === '' ? [] : key.split(',')));
    this.schedules[item] = this.scheduleTable.idOf(contact.availableHours, (text) => ({ text, hours: text ? parseOpeningHours(text) : null }));
    // tz-lookup's answer, once per contact at load: it is too slow for every search.
    this.zones[item] = this.zoneTable.idOf(tzLookup(contact.latitude, contact.longitude), (zone) => zone);
    this.records[item] = this.poolLength;
    for (const field of CARD_STRINGS) {
      const text = contact[field];
      const bytes = text === null ? 0 : Buffer.byteLength(text);
      this.poolLength = this.writeVarint(text === null ? 0 : bytes + 1, this.poolLength);
      if (text !== null) this.poolLength += this.pool.write(text, this.poolLength, 'utf8');
    }
    return item;
  }

  private writeVarint(value: number, at: number): number {
    while (value >= 0x80) {
      this.pool[at++] = (value & 0x7f) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.pool[at++] = value;
    return at;
  }

  /** Where the item's record of card strings ends. */
  private recordEnd(item: number, pool = this.pool, start = this.records[item]!): number {
    let at = start;
    for (let field = 0; field < CARD_STRINGS.length; field += 1) {
      const [value, next] = readVarint(pool, at);
      at = next + Math.max(0, value - 1);
    }
    return at;
  }

  private cardStrings(item: number): Record<(typeof CARD_STRINGS)[number], string | null> {
    const { pool } = this;
    let at = this.records[item]!;
    const strings: Partial<Record<(typeof CARD_STRINGS)[number], string | null>> = {};
    for (const field of CARD_STRINGS) {
      const [value, next] = readVarint(pool, at);
      strings[field] = value === 0 ? null : pool.toString('utf8', next, next + value - 1);
      at = next + Math.max(0, value - 1);
    }
    return strings as Record<(typeof CARD_STRINGS)[number], string | null>;
  }
}

function readVarint(pool: Buffer, at: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = pool[at++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, at];
    scale *= 0x80;
  }
}
