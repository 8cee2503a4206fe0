import t from 'tap';
import { ContactDirectory, hiddenBefore, nearestContacts, nearestOfAnyTier, type NearbyContact, type NearestOptions, type Point } from '../../bot/answering/contact-lookup.js';
import { contactFilter, directorySpecialties, nearbySpecialties, shownSpecialties } from '../../bot/answering/search-filters.js';
import { KNOWN_TAXONOMY } from '../../api/contract/specialties.js';
import type { FindableContact } from '../../sql/contact-directory.js';
import { findableContacts, seededRandom } from '../helpers/contacts.js';
import type { LanguageCode } from '../../api/contract/languages.js';

/** Around Lyon: a box of about 200 km a side, so that every search finds many contacts. */
const CENTRE = { latitude: 45.76, longitude: 4.84 };
const AT = new Date('2026-11-25T09:30:00Z');
const LANGUAGES: LanguageCode[] = ['en', 'de', 'fr', 'uk'];

/** Contacts from the helpers' generator, ids from `firstId`, each at its own place in the box (no two equally far from a point). */
function contactsAround(random: () => number, count: number, firstId: number): FindableContact[] {
  return findableContacts(count, Math.floor(random() * 1e9)).map((contact, at) => ({
    ...contact,
    id: firstId + at,
    isMasterOfMedicine: random() < 0.2,
    latitude: CENTRE.latitude + (random() - 0.5) * 2,
    longitude: CENTRE.longitude + (random() - 0.5) * 2.6,
  }));
}

/** An answer as compared: every field but the parsed hours, which each directory parses itself (their text is compared). */
const comparable = (contacts: NearbyContact[]) => contacts.map(({ hours, ...contact }) => ({ ...contact, parsed: hours !== null }));

/** Every kind of answer the bot gives from the directory, at random points with random options, as a list to compare. */
function answers(directory: ContactDirectory, seed: number): unknown[] {
  const random = seededRandom(seed);
  const out: unknown[] = [directory.size, directorySpecialties(directory), shownSpecialties(directory, AT.getTime() - 200 * 86_400_000)];
  for (let query = 0; query < 60; query += 1) {
    const point: Point = { latitude: CENTRE.latitude + (random() - 0.5) * 2.4, longitude: CENTRE.longitude + (random() - 0.5) * 3 };
    const specialty = random() < 0.3 ? directorySpecialties(directory)[Math.floor(random() * 5)]! : null;
    const openNow = random() < 0.3;
    const speaks = random() < 0.2 ? LANGUAGES[Math.floor(random() * LANGUAGES.length)] : undefined;
    const hidden = random() < 0.4 ? hiddenBefore(300, AT) : null;
    const options: NearestOptions = {
      limit: 1 + Math.floor(random() * 8),
      radiusKm: [5, 20, 60][Math.floor(random() * 3)]!,
      language: random() < 0.6 ? LANGUAGES[Math.floor(random() * LANGUAGES.length)] : undefined,
      filter: contactFilter(directory, { specialty, openNow, ...(speaks ? { speaks } : {}) }, AT),
      offset: random() < 0.3 ? Math.floor(random() * 10) : 0,
      hiddenBefore: hidden,
    };
    out.push(
      comparable(nearestContacts(directory, point, options)),
      comparable(nearestOfAnyTier(directory, point, 3, 500, hidden)),
      nearbySpecialties(directory, point, { maxRadiusKm: options.radiusKm, hideUnverifiedAfterDays: hidden === null ? null : 300 }, openNow, AT),
    );
  }
  return out;
}

/** A directory built from `contacts`, edited in `rounds` of random changes, and the contacts it should hold after them. */
function edited(seed: number, compactAfter: number, rounds: number): { directory: ContactDirectory; final: FindableContact[]; compactions: number } {
  const random = seededRandom(seed);
  let nextId = 1;
  const initial = contactsAround(random, 800, nextId);
  nextId += initial.length;
  const held = new Map(initial.map((contact) => [contact.id, contact]));
  const directory = new ContactDirectory(1, initial, KNOWN_TAXONOMY, compactAfter);
  let compactions = 0;
  for (let round = 0; round < rounds; round += 1) {
    const ids = [...held.keys()];
    const removed = Array.from({ length: Math.floor(random() * 30) }, () => ids[Math.floor(random() * ids.length)]!);
    removed.push(nextId + 10_000);
    const added = contactsAround(random, Math.floor(random() * 30), nextId);
    nextId += added.length;
    // Contacts edited in place: moved, into or out of the Master of Medicine tier, renamed.
    const changed = contactsAround(random, Math.floor(random() * 20), 0).map((contact) => ({ ...contact, id: ids[Math.floor(random() * ids.length)]! }));
    const upserted = [...added, ...changed];
    for (const id of removed) held.delete(id);
    for (const contact of upserted) held.set(contact.id, contact);
    directory.applyChanges(2 + round, upserted, removed);
    directory.compactIfDue();
    if (directory.tiers.every((tier) => tier.removed === 0 && tier.overflow.length === 0)) compactions += 1;
  }
  return { directory, final: [...held.values()].sort((a, b) => a.id - b.id), compactions };
}

t.test('a directory edited in place answers as one built from scratch from the contacts it holds', async (t) => {
  for (const seed of [1, 2, 3]) {
    const { directory, final, compactions } = edited(seed, Infinity, 12);
    t.equal(compactions, 0, 'never compacted');
    t.ok(directory.tiers.every((tier) => tier.removed > 0 && tier.overflow.length > 0), 'each tier has removed items and added ones');
    const fresh = new ContactDirectory(directory.version, final, KNOWN_TAXONOMY);
    t.equal(directory.size, final.length, `seed ${seed}: ${final.length} contacts`);
    t.strictSame(answers(directory, seed * 7), answers(fresh, seed * 7), `seed ${seed}: every answer the same`);
    const someone = final[Math.floor(final.length / 2)]!;
    t.strictSame(directory.details(directory.itemOf(someone.id)!), fresh.details(fresh.itemOf(someone.id)!), 'a contact found by its id has its latest details');
  }
});

t.test('a directory read a page at a time answers as one built from all its contacts at once', async (t) => {
  const contacts = contactsAround(seededRandom(6), 900, 1);
  const paged = new ContactDirectory(1, [], KNOWN_TAXONOMY);
  for (let from = 0; from < contacts.length; from += 250) paged.appendPage(contacts.slice(from, from + 250));
  paged.compact();
  const whole = new ContactDirectory(1, contacts, KNOWN_TAXONOMY);
  t.equal(paged.size, contacts.length);
  t.strictSame(answers(paged, 13), answers(whole, 13), 'every answer the same');
});

t.test('compacted as edits pile up, from memory, with the same answers', async (t) => {
  const { directory, final, compactions } = edited(4, 60, 12);
  t.ok(compactions >= 3, `${compactions} compactions`);
  const fresh = new ContactDirectory(directory.version, final, KNOWN_TAXONOMY);
  t.strictSame(answers(directory, 11), answers(fresh, 11), 'every answer the same');
  directory.compact();
  t.strictSame(
    directory.tiers.map((tier) => [tier.removed, tier.overflow.length, tier.index?.numItems]),
    fresh.tiers.map((tier) => [0, 0, tier.index?.numItems]),
    'compacted: no removed items, no overflow, each tier indexed whole',
  );
  t.strictSame(answers(directory, 12), answers(fresh, 12), 'still the same after compacting again');

  // Most contacts gone: the compaction also lets go of their card strings.
  const left = final.filter((_, at) => at % 4 === 0);
  directory.applyChanges(directory.version + 1, [], final.filter((_, at) => at % 4 !== 0).map((contact) => contact.id));
  directory.compact();
  const freshLeft = new ContactDirectory(directory.version, left, KNOWN_TAXONOMY);
  t.strictSame(answers(directory, 14), answers(freshLeft, 14), 'the same once three contacts in four are gone');
  t.strictSame(directory.details(directory.itemOf(left.at(-1)!.id)!), freshLeft.details(freshLeft.itemOf(left.at(-1)!.id)!), 'the last one with its details');
});

t.test('a removed contact, an emptied tier, a contact that comes back', async (t) => {
  const random = seededRandom(9);
  const [master, other] = contactsAround(random, 2, 1);
  const contacts = [
    { ...master!, isMasterOfMedicine: true, latitude: CENTRE.latitude, longitude: CENTRE.longitude },
    { ...other!, isMasterOfMedicine: false, latitude: CENTRE.latitude + 0.01, longitude: CENTRE.longitude },
  ];
  const directory = new ContactDirectory(1, contacts, KNOWN_TAXONOMY);
  const ids = () => nearestContacts(directory, CENTRE, { limit: 5, radiusKm: 10 }).map((contact) => contact.id);
  t.strictSame(ids(), [1, 2]);
  directory.applyChanges(2, [], [1]);
  t.strictSame([ids(), directory.size, directory.itemOf(1), directory.version], [[2], 1, undefined, 2], 'the Master of Medicine left, its tier empty');
  directory.applyChanges(3, [{ ...contacts[0]!, isMasterOfMedicine: false, name: 'Dr Back Again' }], []);
  t.strictSame(ids(), [1, 2], 'back, in the other tier, nearest first');
  t.equal(nearestContacts(directory, CENTRE, { limit: 1, radiusKm: 10 })[0]!.name, 'Dr Back Again', 'with its new name');
  directory.applyChanges(4, [], [1, 2]);
  t.strictSame([ids(), directory.size, directorySpecialties(directory)], [[], 0, []], 'an empty directory finds nothing and has no specialties');
});
