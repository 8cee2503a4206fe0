import type { Api } from 'grammy';
import { decidePrivateAccess, refusedForMaintenance } from '../../api/contract/bot-access.js';
import { resolveUserLanguage, type LanguageCode } from '../../api/contract/languages.js';
import { renderTemplate, withoutTags, type TemplateType, type TemplateValues } from '../../api/contract/message-templates.js';
import type { MiniAppRefusal } from '../../api/contract/mini-app.js';
import { replyValues } from '../../api/contract/reply-values.js';
import { localDay } from '../../api/contract/time-zone.js';
import type { Access } from '../context.js';
import { textsIn } from '../locales/index.js';
import { groupsOfUser } from '../middleware/membership.js';
import { sameProfile } from '../middleware/track-user.js';
import type { Recorder } from '../updates/recorder.js';
import type { Sql } from '../../sql/database.js';
import { isWhitelistedAdmin, listAllowedGroupIds } from '../../sql/access-control.js';
import { loadUserAccess } from '../../sql/bot-state.js';
import { upsertTelegramUser, type TelegramProfile } from '../../sql/bot-users.js';
import { usedToday } from '../../sql/daily-usage.js';
import { listActiveTemplatesOfType } from '../../sql/message-templates.js';
import { getSystemSettings, type SystemSettings } from '../../sql/settings.js';

/** A Mini App user the bot's rules let through, with what the routes answer them by. */
export interface MiniAppCaller {
  profile: TelegramProfile;
  settings: SystemSettings;
  /** resolveUserLanguage: chosen with /language, else Telegram's, else the directory's default. */
  language: LanguageCode;
  access: Access;
  at: Date;
  /** The day of the daily limit, in the zone of the System Settings. */
  day: string;
}

export type MiniAppAccess =
  | { allowed: true; caller: MiniAppCaller }
  | { allowed: false; refusal: Exclude<MiniAppRefusal, 'signature' | 'limit_reached'>; message: string; caller: MiniAppCaller };

/**
 * A reply of the bot as plain text: the active template of the type in the user's language, else the
 * default language's, else the built-in one (as bot/replies/replies.ts picks it), without its HTML.
 */
export async function botReplyText(sql: Sql, caller: Pick<MiniAppCaller, 'language' | 'settings'>, type: TemplateType, values: TemplateValues): Promise<string> {
  const active = await listActiveTemplatesOfType(sql, type);
  const template = active.find((candidate) => candidate.language === caller.language) ?? active.find((candidate) => candidate.language === caller.settings.defaultLanguage);
  return withoutTags(renderTemplate(template?.content ?? textsIn(caller.language).templates[type], values));
}

/** The placeholders of the user's replies (bot/replies/replies.ts userValues), for a Mini App caller. */
export async function callerValues(sql: Sql, caller: MiniAppCaller, used?: number): Promise<TemplateValues> {
  const { profile, settings, access, at, language, day } = caller;
  return replyValues({
    user: profile,
    dailyLimit: access.dailyLimit,
    used: used ?? (await usedToday(sql, profile.telegramId, day)),
    now: at,
    timeZone: settings.timeZone,
    language,
  });
}

/**
 * The bot's rules for a Telegram user who opened the Mini App, in the bot's order (access-gate.ts,
 * maintenance.ts): the user is recorded as the bot records whoever writes to it (track-user.ts), then
 * blocked by staff, the whitelist, membership of an active authorized group (stale memberships asked of
 * Telegram, as the bot asks), maintenance mode. A refusal carries the bot's own words in the user's
 * language, as its error template says them. With no active authorized group at all only the whitelist
 * lets anyone in: the refusal is then `not_whitelisted`.
 */
export async function miniAppAccess(deps: { sql: Sql; api: Api; recorder: Pick<Recorder, 'userSeen'> }, profile: TelegramProfile, at: Date): Promise<MiniAppAccess> {
  const { sql } = deps;
  const [settings, known] = await Promise.all([getSystemSettings(sql), loadUserAccess(sql, profile.telegramId)]);
  let record = known;
  // As trackUser: a known user as kept costs no write (a write locks their row, and a map dragged sends many calls at once).
  if (record && sameProfile(record.user, profile)) deps.recorder.userSeen(profile.telegramId, at);
  else {
    await upsertTelegramUser(sql, profile, at);
    record = await loadUserAccess(sql, profile.telegramId);
  }
  const language = resolveUserLanguage({ chosenLanguage: record?.chosenLanguage ?? null, languageCode: profile.languageCode }, settings);
  const base = { profile, settings, language, at, day: localDay(at, settings.timeZone) };
  const decision = await decidePrivateAccess({
    isBlocked: record?.user.isBlocked ?? false,
    isWhitelisted: () => isWhitelistedAdmin(sql, profile.telegramId),
    memberGroupLimits: async () => (await groupsOfUser(deps, profile.telegramId, at)).map((group) => group.dailyLimit),
    defaultDailyLimit: settings.defaultDailyLimit,
  });
  const refusals = textsIn(language).refusals;
  const refuse = async (refusal: Exclude<MiniAppRefusal, 'signature' | 'limit_reached'>, message: string, access: Access): Promise<MiniAppAccess> => {
    const caller = { ...base, access };
    return { allowed: false, refusal, message: await botReplyText(sql, caller, 'error', { ...(await callerValues(sql, caller)), error_message: message }), caller };
  };
  if (!decision.allowed) {
    const access = { whitelisted: false, dailyLimit: settings.defaultDailyLimit };
    if (decision.refusal === 'blocked') return refuse('blocked', refusals.blocked, access);
    const groups = await listAllowedGroupIds(sql);
    return refuse(groups.length === 0 ? 'not_whitelisted' : 'not_member', refusals.accessDenied, access);
  }
  const access = { whitelisted: decision.whitelisted, dailyLimit: decision.dailyLimit };
  if (refusedForMaintenance(settings.maintenanceMode, decision.whitelisted)) return refuse('maintenance', refusals.maintenance, access);
  return { allowed: true, caller: { ...base, access } };
}
