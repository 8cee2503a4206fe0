import type { LanguageCode } from '../api/contract/languages.js';
import type { TemplateType } from '../api/contract/message-templates.js';
import type { AuthorizedGroupRef } from './access-control.js';
import type { StoredTelegramUser } from './bot-users.js';
import type { Sql } from './database.js';
import type { StoredTemplate } from './message-templates.js';
import { getSystemSettings, type SystemSettings } from './settings.js';

/**
 * What the bot keeps in memory between updates, by the counters that say when it is out of date
 * (migration 030; the contact directory's from migration 005). Each update's claim compares the
 * versions its answer was decided with against these, in the same statement (processed-updates.ts).
 */
export interface StateVersions {
  settings: number;
  access: number;
  templates: number;
  places: number;
  contacts: number;
}

export type StateArea = keyof StateVersions;

/** The small part of what the bot keeps: read together whenever one of their versions moves. */
export interface BotSettingsAndAccess {
  versions: Pick<StateVersions, 'settings' | 'access' | 'templates'>;
  settings: SystemSettings;
  /** Active whitelisted admins. */
  whitelist: Set<number>;
  /** Active authorized groups by chat id. */
  groups: Map<number, AuthorizedGroupRef>;
  /** Chat ids of the authorized groups staff have switched off: known groups, not strangers. */
  pausedGroups: Set<number>;
  /** The active template of each type and language that has one, by templateKey (the most recently edited, if several are active). */
  templates: Map<string, StoredTemplate>;
}

export async function readStateVersions(sql: Sql): Promise<StateVersions> {
  const rows = await sql<{ area: StateArea; version: number }[]>`
    SELECT area, version FROM bot_state_versions
    UNION ALL SELECT 'contacts', version FROM contact_directory_version`;
  return Object.fromEntries(rows.map((row) => [row.area, Number(row.version)])) as unknown as StateVersions;
}

/** The versions now, and a user's access counter (null: no row): for a check before a slow path. */
export async function readCurrentState(sql: Sql, telegramId: number | null): Promise<{ versions: StateVersions; userVersion: number | null }> {
  const [versions, [user]] = await Promise.all([
    readStateVersions(sql),
    sql<{ accessVersion: number }[]>`SELECT access_version FROM telegram_users WHERE telegram_id = ${telegramId}::bigint`,
  ]);
  return { versions, userVersion: user ? Number(user.accessVersion) : null };
}

export async function loadSettingsAndAccess(sql: Sql): Promise<BotSettingsAndAccess> {
  // The versions first: a write committed in between leaves what is read newer than its versions, and the
  // next claim reloads it.
  const { settings: settingsVersion, access, templates: templatesVersion } = await readStateVersions(sql);
  const [settings, whitelist, groups, templates] = await Promise.all([
    getSystemSettings(sql),
    sql<{ telegramId: number }[]>`SELECT telegram_id FROM admin_whitelist WHERE is_active`,
    sql<(AuthorizedGroupRef & { isActive: boolean })[]>`SELECT group_id, group_name, daily_limit, is_active FROM authorized_groups`,
    sql<StoredTemplate[]>`
      SELECT DISTINCT ON (type, language) * FROM message_templates WHERE is_active ORDER BY type, language, updated_at DESC, id DESC`,
  ]);
  return {
    versions: { settings: settingsVersion, access, templates: templatesVersion },
    settings,
    whitelist: new Set(whitelist.map((entry) => entry.telegramId)),
    groups: new Map(groups.filter((group) => group.isActive).map(({ groupId, groupName, dailyLimit }) => [groupId, { groupId, groupName, dailyLimit }])),
    pausedGroups: new Set(groups.filter((group) => !group.isActive).map((group) => group.groupId)),
    templates: new Map(templates.map((template) => [templateKey(template.type, template.language), template])),
  };
}

/** Where the active template of a type in a language is kept in BotSettingsAndAccess.templates. */
export function templateKey(type: TemplateType, language: LanguageCode): string {
  return `${type}:${language}`;
}

/** A known user as the bot decides access for them: their row and every membership stored for them. */
export interface UserAccessRecord {
  user: StoredTelegramUser;
  /** Their row's access counter (migration 030): moves when staff block them or a membership of theirs is written. */
  accessVersion: number;
  /** The language they chose with /language; null: they follow Telegram's language_code. A change moves accessVersion (migration 031). */
  chosenLanguage: string | null;
  /** The specialty they last asked for without a place, and when; null: none. A new one moves accessVersion (migration 051). */
  askedSpecialty: { specialty: string; at: Date } | null;
  memberships: { groupId: number; isActive: boolean; lastVerified: Date }[];
}

/** One statement, so the row, its counter and the memberships are of one moment. */
export async function loadUserAccess(sql: Sql, telegramId: number): Promise<UserAccessRecord | undefined> {
  const [row] = await sql<(StoredTelegramUser & {
    accessVersion: number;
    chosenLanguage: string | null;
    askedSpecialty: string | null;
    askedSpecialtyAt: Date | null;
    memberships: { groupId: number; isActive: boolean; lastVerified: string }[];
  })[]>`
    SELECT u.id, u.telegram_id, u.first_name, u.last_name, u.username, u.language_code, u.is_active, u.is_blocked,
      u.total_requests, u.last_seen, u.created_at, u.access_version, u.chosen_language, u.asked_specialty, u.asked_specialty_at,
      coalesce((SELECT json_agg(json_build_object('groupId', m.group_id, 'isActive', m.is_active, 'lastVerified', m.last_verified))
        FROM user_memberships m WHERE m.telegram_id = u.telegram_id), '[]') AS memberships
    FROM telegram_users u WHERE u.telegram_id = ${telegramId}`;
  if (!row) return undefined;
  const { accessVersion, chosenLanguage, askedSpecialty, askedSpecialtyAt, memberships, ...user } = row;
  return {
    user,
    accessVersion: Number(accessVersion),
    chosenLanguage,
    askedSpecialty: askedSpecialty === null || askedSpecialtyAt === null ? null : { specialty: askedSpecialty, at: askedSpecialtyAt },
    memberships: memberships.map((membership) => ({
      groupId: Number(membership.groupId),
      isActive: membership.isActive,
      lastVerified: new Date(membership.lastVerified),
    })),
  };
}

/**
 * Stores the language a user chose with /language; it holds until they choose another. The row's access
 * counter moves with it (trigger of migration 031), so every instance reads the user again.
 */
export async function setChosenLanguage(sql: Sql, telegramId: number, language: LanguageCode): Promise<void> {
  await sql`UPDATE telegram_users SET chosen_language = ${language} WHERE telegram_id = ${telegramId}`;
}
