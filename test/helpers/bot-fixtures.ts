import { DEFAULT_TEMPLATES } from '../../bot/replies/default-templates.js';
import { renderTemplate, type TemplateType, type TemplateValues } from '../../api/contract/message-templates.js';
import type { ChatMessage, SimulatedUser } from '../../bot/simulator/index.js';
import type { Sql } from '../../sql/database.js';
import type { StoredBotLog } from '../../sql/bot-logs.js';
import { updateSystemSettings, type SettingsChanges } from '../../sql/settings.js';
import type { BotHarness } from './bot.js';

let sequence = 0;
/** A fresh positive number per call: user ids, group ids (negated), names. */
export const nextId = () => 10_000 + (sequence += 1);

export interface ContactSpec {
  name?: string;
  phone?: string;
  specialty?: string;
  city?: string;
  country?: string;
  /** null leaves the contact without coordinates. */
  latitude?: number | null;
  longitude?: number | null;
  /** The coordinates are its city's centre (migration 049). */
  locationApproximate?: boolean;
  contactMethod?: 'phone' | 'telegram' | 'whatsapp';
  telegramUsername?: string | null;
  isWhatsappOnly?: boolean;
  availableHours?: string;
  languages?: string[];
  specialInstructions?: string | null;
  isActive?: boolean;
  isMasterOfMedicine?: boolean;
}

/** Inserts a medical contact (active, phone, in central London unless told otherwise) and returns its id. */
export async function aContact(sql: Sql, spec: ContactSpec = {}): Promise<{ id: number; name: string }> {
  const n = nextId();
  const row = {
    name: spec.name ?? `Dr Contact ${n}`,
    phone: spec.phone ?? `+44 20 7946 ${String(n % 10_000).padStart(4, '0')}`,
    specialty: spec.specialty ?? 'General practice',
    city: spec.city ?? 'London',
    country: spec.country ?? 'GB',
    latitude: spec.latitude === undefined ? 51.5074 : spec.latitude,
    longitude: spec.longitude === undefined ? -0.1278 : spec.longitude,
    contactMethod: spec.contactMethod ?? 'phone',
    telegramUsername: spec.telegramUsername ?? null,
    isWhatsappOnly: spec.isWhatsappOnly ?? false,
    availableHours: spec.availableHours ?? '',
    languages: spec.languages ?? ['en'],
    specialInstructions: spec.specialInstructions ?? null,
    isActive: spec.isActive ?? true,
    isMasterOfMedicine: spec.isMasterOfMedicine ?? false,
    locationApproximate: spec.locationApproximate ?? false,
  };
  const [created] = await sql<{ id: number; name: string }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, country, latitude, longitude, contact_method,
      telegram_username, is_whatsapp_only, available_hours, languages, special_instructions, is_active, is_master_of_medicine,
      location_approximate)
    VALUES (${row.name}, ${row.phone}, ${row.specialty}, ${row.city}, ${row.country}, ${row.latitude}, ${row.longitude},
      ${row.contactMethod}, ${row.telegramUsername}, ${row.isWhatsappOnly}, ${row.availableHours}, ${row.languages}::text[],
      ${row.specialInstructions}, ${row.isActive}, ${row.isMasterOfMedicine}, ${row.locationApproximate})
    RETURNING id, name`;
  return created!;
}

/** A simulated Telegram user (not yet in any group). */
export function aUser(
  h: Pick<BotHarness, 'sim'>,
  spec: { id?: number; firstName?: string; lastName?: string; username?: string; languageCode?: string } = {},
): SimulatedUser {
  const id = spec.id ?? nextId();
  return h.sim.upsertUser({
    id,
    first_name: spec.firstName ?? `User${id}`,
    ...(spec.lastName && { last_name: spec.lastName }),
    ...(spec.username && { username: spec.username }),
    ...(spec.languageCode && { language_code: spec.languageCode }),
  });
}

export interface GroupSpec {
  id?: number;
  title?: string;
  dailyLimit?: number;
  /** false stores the group as inactive (the bot still sits in it). */
  isActive?: boolean;
}

/**
 * An authorized group: its authorized_groups row, and the simulator group with the bot as an
 * administrator (so Telegram sends it chat_member updates). Waits until the bot has handled
 * the my_chat_member update of being added.
 */
export async function anAuthorizedGroup(h: BotHarness, spec: GroupSpec = {}): Promise<{ id: number; title: string; ownerId: number }> {
  const id = spec.id ?? -(1_000_000_000_000 + nextId());
  const title = spec.title ?? `Clinic group ${-id}`;
  await h.sql`
    INSERT INTO authorized_groups (group_id, group_name, daily_limit, is_active)
    VALUES (${id}, ${title}, ${spec.dailyLimit ?? 3}, ${spec.isActive ?? true})`;
  const owner = aUser(h, { firstName: 'Owner' });
  h.sim.createGroup({ id, title, type: 'supergroup' });
  h.sim.addMember(id, owner.id, 'creator');
  const added = h.sim.addBot(id, owner.id, 'administrator');
  if (added) await h.handled(added.update_id);
  return { id, title, ownerId: owner.id };
}

/** A user who joins the group (a chat_member update the bot handles); resolves once it has. */
export async function aMember(h: BotHarness, groupId: number, spec: Parameters<typeof aUser>[1] = {}): Promise<SimulatedUser> {
  const user = aUser(h, spec);
  await join(h, groupId, user.id);
  return user;
}

/** An existing user joins a group; resolves once the bot has handled the chat_member update. */
export async function join(h: BotHarness, groupId: number, userId: number): Promise<void> {
  const delivery = h.sim.addMember(groupId, userId);
  if (delivery) await h.handled(delivery.update_id);
}

/** The user leaves the group; resolves once the bot has handled it. */
export async function leave(h: BotHarness, groupId: number, userId: number): Promise<void> {
  const delivery = h.sim.removeMember(groupId, userId);
  if (delivery) await h.handled(delivery.update_id);
}

/** A user on the active admin whitelist (in no group). */
export async function aWhitelistedAdmin(h: BotHarness, spec: Parameters<typeof aUser>[1] = {}): Promise<SimulatedUser> {
  const user = aUser(h, spec);
  await h.sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${user.id}, ${user.first_name}, 'test')`;
  return user;
}

/** Changes system settings for one test and puts them back when it ends. */
export async function withSettings(t: { teardown(fn: () => unknown): void }, sql: Sql, changes: SettingsChanges): Promise<void> {
  const keys = Object.keys(changes) as (keyof SettingsChanges)[];
  const [before] = await sql<Record<string, unknown>[]>`SELECT * FROM system_settings WHERE id`;
  const restore = Object.fromEntries(keys.map((key) => [key, before![key]])) as SettingsChanges;
  await updateSystemSettings(sql, changes);
  t.teardown(() => updateSystemSettings(sql, restore));
}

/** A default template rendered as the bot should send it. */
export function rendered(type: TemplateType, values: TemplateValues = {}): string {
  return renderTemplate(DEFAULT_TEMPLATES[type].content, values);
}

/** The error template around a refusal text. */
export function refusal(text: string): string {
  return rendered('error', { error_message: text });
}

/** The contacts' names in an answer's text, in order, without the ⭐ of a Master of Medicine. */
export function namesIn(text: string | undefined): (string | undefined)[] {
  return [...(text ?? '').matchAll(/<b>\d+\. (?:⭐ )?([^<]+)<\/b>/g)].map((match) => match[1]);
}

/** The texts of the bot's replies. */
export function texts(messages: ChatMessage[]): (string | undefined)[] {
  return messages.map((message) => message.text);
}

/** The latest log row of a user. */
export async function lastLog(sql: Sql, userId: number) {
  const [row] = await sql<StoredBotLog[]>`SELECT * FROM bot_logs WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`;
  return row;
}

/** The log rows written for one update. */
export async function logsOf(sql: Sql, updateId: number) {
  return sql<StoredBotLog[]>`
    SELECT * FROM bot_logs WHERE metadata->>'updateId' = ${String(updateId)} ORDER BY id`;
}
