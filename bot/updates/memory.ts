import type { LanguageCode } from '../../api/contract/languages.js';
import type { TemplateType } from '../../api/contract/message-templates.js';
import type { AuthorizedGroupRef } from '../../sql/access-control.js';
import { loadSettingsAndAccess, loadUserAccess, readCurrentState, templateKey, type BotSettingsAndAccess, type StateArea, type StateVersions, type UserAccessRecord } from '../../sql/bot-state.js';
import type { Place } from '../../sql/cities.js';
import { loadGazetteer, nearestPlaceIn } from '../answering/gazetteer.js';
import type { ContactDirectory, ContactLookup } from '../answering/contact-lookup.js';
import { Kept } from './kept.js';
import type { Sql } from '../../sql/database.js';
import type { StoredTemplate } from '../../sql/message-templates.js';
import type { StateCheck } from '../../sql/processed-updates.js';
import type { SystemSettings } from '../../sql/settings.js';
import { MEMBERSHIP_TRUST_MS } from '../middleware/membership.js';
import { MemoryOutOfDate } from './update-claim.js';

/** Users whose access is kept; the least recently seen are forgotten first (they cost one read when back). */
const KEPT_USERS = 20_000;

/** A known user's access as kept: valid while their row's counter and the access lists' version stand still. */
export interface KnownUser extends Omit<UserAccessRecord, 'memberships'> {
  /** The access lists' version the memberships were read against (which groups are active). */
  listsVersion: number;
  /** Until when every active group's stored answer about the user is trusted (the earliest to go stale). */
  trustedUntil: number;
  /** The active authorized groups they are stored as an active member of. */
  memberOf: AuthorizedGroupRef[];
}

/**
 * What the bot keeps between updates so that an answer needs no reads: the settings,
 * access lists and templates, the gazetteer, the contact directory and the users it has seen. It is
 * never trusted blindly: each attempt at an update reads through a MemoryReader, which notes the
 * version of everything it handed out, and the update's claim checks them (claimUpdate). A claim
 * that finds one moved (a write by anyone: the console, SQL by hand, another instance) claims nothing;
 * the guard hands the current versions to `forget` and runs the update again on fresh reads.
 */
export interface BotMemory {
  reader(): MemoryReader;
  forget(current: { versions: StateVersions; telegramId: number | null; userVersion: number | null }): void;
  /** A user's stored row or memberships were just written by this process: read them again next time. */
  forgetUser(telegramId: number): void;
}

export interface MemoryReader {
  settings(): Promise<SystemSettings>;
  isWhitelisted(telegramId: number): Promise<boolean>;
  activeGroup(chatId: number): Promise<AuthorizedGroupRef | undefined>;
  /** An authorized group staff switched off: the bot stays in it, so that switching it on again needs no one to add the bot back. */
  isPausedGroup(chatId: number): Promise<boolean>;
  /** The active template of a type in exactly this language (replies.ts decides what stands in for a missing one). */
  template(type: TemplateType, language: LanguageCode): Promise<StoredTemplate | undefined>;
  /** A known user's access, or undefined for a user with no row yet. */
  user(telegramId: number): Promise<KnownUser | undefined>;
  nearestPlace(latitude: number, longitude: number): Promise<Place | undefined>;
  findPlace(id: number): Promise<Place | undefined>;
  contacts(): Promise<ContactDirectory>;
  /** What this attempt read, for its claim to check. */
  check(): StateCheck;
  /**
   * Checks now what the attempt read, before a slow path whose writes should not follow from memory out of
   * date (asking Telegram about a user's groups, and storing the answers): throws MemoryOutOfDate.
   */
  revalidate(): Promise<void>;
}

export function createBotMemory(sql: Sql, contactLookup: ContactLookup): BotMemory {
  const lists = new Kept(() => loadSettingsAndAccess(sql));
  const gazetteer = new Kept(() => loadGazetteer(sql));
  const users = new Map<number, Promise<KnownUser | undefined>>();

  async function loadUser(telegramId: number): Promise<KnownUser | undefined> {
    const { versions, groups } = await lists.get();
    const record = await loadUserAccess(sql, telegramId);
    if (!record) return undefined;
    const stored = new Map(record.memberships.map((membership) => [membership.groupId, membership]));
    let trustedUntil = Number.POSITIVE_INFINITY;
    const memberOf: AuthorizedGroupRef[] = [];
    for (const group of groups.values()) {
      const membership = stored.get(group.groupId);
      trustedUntil = Math.min(trustedUntil, membership ? membership.lastVerified.getTime() + MEMBERSHIP_TRUST_MS : 0);
      if (membership?.isActive) memberOf.push(group);
    }
    // Only what access needs is kept: one user checked against hundreds of groups keeps their own.
    return {
      user: record.user,
      accessVersion: record.accessVersion,
      chosenLanguage: record.chosenLanguage,
      askedSpecialty: record.askedSpecialty,
      listsVersion: versions.access,
      trustedUntil,
      memberOf,
    };
  }

  function readUser(telegramId: number): Promise<KnownUser | undefined> {
    const kept = users.get(telegramId);
    if (kept) {
      // Seen again: the most recently seen are the last to be forgotten.
      users.delete(telegramId);
      users.set(telegramId, kept);
      return kept;
    }
    const loading = loadUser(telegramId);
    users.set(telegramId, loading);
    loading.then(
      (user) => user === undefined && users.get(telegramId) === loading && users.delete(telegramId),
      () => users.get(telegramId) === loading && users.delete(telegramId),
    );
    if (users.size > KEPT_USERS) users.delete(users.keys().next().value!);
    return loading;
  }

  return {
    reader() {
      const versions: Partial<StateVersions> = {};
      let checkedUser: { telegramId: number; userVersion: number | null } | undefined;
      const noted = <T>(area: StateArea, version: number, value: T): T => {
        versions[area] ??= version;
        return value;
      };
      const check = (): StateCheck => ({ versions: { ...versions }, telegramId: checkedUser?.telegramId ?? null, userVersion: checkedUser?.userVersion ?? null });
      const fromLists = async <T>(areas: ('settings' | 'access' | 'templates')[], pick: (loaded: BotSettingsAndAccess) => T): Promise<T> => {
        const loaded = await lists.get();
        for (const area of areas) noted(area, loaded.versions[area], undefined);
        return pick(loaded);
      };
      return {
        settings: () => fromLists(['settings'], (loaded) => loaded.settings),
        isWhitelisted: (telegramId) => fromLists(['access'], (loaded) => loaded.whitelist.has(telegramId)),
        activeGroup: (chatId) => fromLists(['access'], (loaded) => loaded.groups.get(chatId)),
        isPausedGroup: (chatId) => fromLists(['access'], (loaded) => loaded.pausedGroups.has(chatId)),
        template: (type, language) => fromLists(['templates'], (loaded) => loaded.templates.get(templateKey(type, language))),
        async user(telegramId) {
          const { versions: listVersions } = await fromLists(['access'], (loaded) => loaded);
          let user = await readUser(telegramId);
          // Read against other access lists (a group added or switched off since): read again.
          if (user && user.listsVersion !== listVersions.access) {
            users.delete(telegramId);
            user = await readUser(telegramId);
          }
          // The last read is what access is decided with (the user's own row may have been written in between).
          checkedUser = { telegramId, userVersion: user?.accessVersion ?? null };
          return user;
        },
        nearestPlace: async (latitude, longitude) => {
          const loaded = await gazetteer.get();
          return noted('places', loaded.version, nearestPlaceIn(loaded, latitude, longitude));
        },
        findPlace: async (id) => {
          const loaded = await gazetteer.get();
          return noted('places', loaded.version, loaded.byId.get(id));
        },
        contacts: async () => {
          const loaded = await contactLookup.directory();
          return noted('contacts', loaded.version, loaded);
        },
        check,
        async revalidate() {
          const read = check();
          const current = await readCurrentState(sql, read.telegramId);
          const moved = (Object.keys(read.versions) as StateArea[]).some((area) => read.versions[area] !== current.versions[area]);
          if (moved || (read.telegramId !== null && read.userVersion !== current.userVersion)) {
            throw new MemoryOutOfDate({ ...current, telegramId: read.telegramId });
          }
        },
      };
    },
    forget(current) {
      lists.dropIf((loaded) => (['settings', 'access', 'templates'] as const).some((area) => loaded.versions[area] !== current.versions[area]));
      gazetteer.dropIf((loaded) => loaded.version !== current.versions.places);
      contactLookup.refresh(current.versions.contacts);
      if (current.telegramId !== null) users.delete(current.telegramId);
    },
    forgetUser(telegramId) {
      users.delete(telegramId);
    },
  };
}
