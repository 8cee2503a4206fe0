import type { Api } from 'grammy';
import type {
  MiniAppAnswer,
  MiniAppNearest,
  MiniAppNearestQuery,
  MiniAppPlaces,
  MiniAppRefusal,
  MiniAppReport,
  MiniAppReportResult,
  MiniAppSession,
} from '../../api/contract/mini-app.js';
import { CONTACT_PROBLEM_LABELS } from '../../api/contract/contact-reports.js';
import { formatCount } from '../../api/contract/plural.js';
import type { Sql } from '../../sql/database.js';
import type { Place } from '../../sql/cities.js';
import type { TelegramProfile } from '../../sql/bot-users.js';
import { lastSearchPoint } from '../../sql/bot-logs.js';
import { contactNames, storeContactReport } from '../../sql/contact-reports.js';
import { contactDirectoryVersion } from '../../sql/medical-contacts.js';
import { chargeMiniAppSearch } from '../../sql/mini-app-charges.js';
import { NO_ANALYTICS, type LogDraft } from '../context.js';
import { DAILY_LIMIT_REFUSAL } from '../answering/answer.js';
import type { ContactLookup } from '../answering/contact-lookup.js';
import { clearMatch, matchPlaces, nearestSpellings } from '../answering/place-match.js';
import { placeLabel } from '../answering/place-labels.js';
import { FREE_FOLLOW_UP_MS } from '../features/find.js';
import { reportNotification } from '../features/reports.js';
import { looksLikePlace } from '../features/place-search.js';
import { miniAppTexts } from '../locales/mini-app.js';
import { reachTexts } from '../locales/reach.js';
import type { Recorder } from '../updates/recorder.js';
import { botReplyText, callerValues, miniAppAccess, type MiniAppCaller } from './access.js';
import { miniAppPage, miniAppSpecialties } from './nearest.js';

/** The log's command column of every Mini App call: its source, as "location" or "/start" are the bot's. */
export const MINI_APP_COMMAND = 'mini_app';
/**
 * A Mini App user's share of calls: a map dragged and a filter or two changed make a burst of a dozen,
 * a script asking without end is cut to two a second. Each instance counts its own, as the bot's flood control does.
 */
export const MINI_APP_FLOOD_CONTROL = { burst: 20, perSecond: 2 } as const;
/** Places offered for a typed name, as the bot's choice of places offers them. */
const PLACE_CHOICES = 5;

/** The log messages of the bot's refusals (access-gate.ts, maintenance.ts), for the same refusals here. */
const REFUSAL_LOG_MESSAGES: Record<Exclude<MiniAppRefusal, 'signature' | 'limit_reached'>, string> = {
  blocked: 'Refused a user blocked by staff',
  not_member: 'Refused a user who is in no authorized group',
  not_whitelisted: 'Refused a user who is in no authorized group',
  maintenance: 'Refused during maintenance',
};

export interface MiniAppServiceDeps {
  sql: Sql;
  /** The bot's token: Telegram signs the Mini App's launch data with it. */
  token: string;
  /** Asks Telegram about a stale membership, as the access gate does. */
  api: Api;
  contactLookup: ContactLookup;
  nearestPlace(latitude: number, longitude: number): Promise<Place | undefined>;
  recorder: Recorder;
  /** The share of calls: MINI_APP_FLOOD_CONTROL unless the bot's flood control is given more room (tests, the benchmark). */
  floodControl?: Partial<{ burst: number; perSecond: number }>;
}

type Draft = Omit<LogDraft, 'command' | 'errorMessage' | keyof typeof NO_ANALYTICS> & Partial<LogDraft>;

/**
 * The bot's side of the Mini App (docs/specification.md, "Mini App"): each call of a Telegram user whose
 * launch data the API has checked passes the bot's rules (access.ts), then is answered as the bot answers:
 * a search from the directory in memory (nearest.ts), charged and logged as the bot's searches are (a
 * `bot_logs` row with the command `mini_app`), a typed place matched in the gazetteer, a report stored
 * with its notification.
 */
export function createMiniAppService(deps: MiniAppServiceDeps) {
  const { sql, recorder } = deps;

  /** A call's log row, as the bot writes an update's (request-log.ts), at the System Settings' log level. */
  function record(caller: MiniAppCaller, startedAt: number, draft: Draft): void {
    recorder.log(
      {
        ...NO_ANALYTICS,
        command: MINI_APP_COMMAND,
        errorMessage: null,
        ...draft,
        metadata: { source: MINI_APP_COMMAND, ...draft.metadata },
        createdAt: caller.at,
        userId: caller.profile.telegramId,
        chatId: null,
        durationMs: Math.round(performance.now() - startedAt),
        language: caller.language,
      },
      caller.settings.logLevel,
    );
  }

  /** Runs `answer` for a caller the bot's rules let through; a refusal is logged as the bot logs its own. */
  async function asAllowed<T>(profile: TelegramProfile, at: Date, path: string, answer: (caller: MiniAppCaller, startedAt: number) => Promise<MiniAppAnswer<T>>): Promise<MiniAppAnswer<T>> {
    const startedAt = performance.now();
    const decided = await miniAppAccess(deps, profile, at);
    if (decided.allowed) return answer(decided.caller, startedAt);
    record(decided.caller, startedAt, { level: 'WARN', message: REFUSAL_LOG_MESSAGES[decided.refusal], metadata: { path } });
    return { ok: false, refusal: decided.refusal, message: decided.message };
  }

  async function directory() {
    deps.contactLookup.refresh(await contactDirectoryVersion(sql));
    return deps.contactLookup.directory();
  }

  return {
    token: deps.token,
    floodControl: { burst: deps.floodControl?.burst ?? MINI_APP_FLOOD_CONTROL.burst, perSecond: deps.floodControl?.perSecond ?? MINI_APP_FLOOD_CONTROL.perSecond },

    session: (profile: TelegramProfile, at: Date): Promise<MiniAppAnswer<MiniAppSession>> =>
      asAllowed<MiniAppSession>(profile, at, 'session', async (caller) => {
        const [lastPoint, contacts] = await Promise.all([lastSearchPoint(sql, profile.telegramId), directory()]);
        return {
          ok: true,
          value: {
            telegramId: profile.telegramId,
            language: caller.language,
            texts: miniAppTexts(caller.language),
            lastPoint: lastPoint ?? null,
            maxRadiusKm: caller.settings.maxRadiusKm,
            specialties: miniAppSpecialties(contacts, caller.settings, caller.language, at),
          },
        };
      }),

    /**
     * The bot's answer to a point. One with contacts costs a daily request unless the user's last charged
     * search was at most FREE_FOLLOW_UP_MS ago (as the buttons under a bot answer); one with none costs nothing.
     */
    nearest: (profile: TelegramProfile, query: MiniAppNearestQuery, at: Date): Promise<MiniAppAnswer<MiniAppNearest>> =>
      asAllowed<MiniAppNearest>(profile, at, 'nearest', async (caller, startedAt) => {
        const [contacts, place] = await Promise.all([directory(), deps.nearestPlace(query.latitude, query.longitude)]);
        const page = miniAppPage(contacts, query, caller.settings, caller.language, at);
        if (!page) return { ok: false, invalid: 'specialty', message: 'Specialty must be one of the keys the session lists.' };
        const search = { specialty: query.specialty ?? null, openNow: query.openNow, myLanguages: query.myLanguages, offset: query.offset };
        const where = { latitude: query.latitude, longitude: query.longitude, city: place?.name ?? null, region: place?.region || null, country: place?.country ?? null };
        if (page.shown.length === 0) {
          record(caller, startedAt, { level: 'WARN', message: 'No contacts within the search radius', ...where, resultCount: 0, metadata: search });
          return { ok: true, value: { contacts: [], specialtyCounts: page.specialtyCounts, nextOffset: null, charged: false } };
        }
        const telegramId = profile.telegramId;
        const charge = await chargeMiniAppSearch(sql, { telegramId, day: caller.day, limit: caller.access.dailyLimit, at, freeWindowMs: FREE_FOLLOW_UP_MS });
        if (charge === 'limit_reached') {
          record(caller, startedAt, { level: 'WARN', message: DAILY_LIMIT_REFUSAL, ...where, metadata: search });
          return { ok: false, refusal: 'limit_reached', message: await botReplyText(sql, caller, 'rate_limit', await callerValues(sql, caller)) };
        }
        const ids = page.shown.map((contact) => contact.id);
        recorder.requestAnswered(telegramId);
        recorder.contactsShown(ids, caller.day);
        record(caller, startedAt, {
          level: 'INFO',
          message: `Answered a location with ${formatCount(ids.length, 'contact')}`,
          ...where,
          resultCount: ids.length,
          metadata: { ...search, contactIds: ids, masters: page.shown.filter((contact) => contact.isMasterOfMedicine).length, free: charge === 'free' },
        });
        return { ok: true, value: { contacts: page.contacts, specialtyCounts: page.specialtyCounts, nextOffset: page.nextOffset, charged: charge === 'charged' } };
      }),

    /** A typed place as the bot reads one (features/place-search.ts): one clear match alone, else the choice; none, the nearest spellings of what reads like a name. */
    places: (profile: TelegramProfile, text: string, at: Date): Promise<MiniAppAnswer<MiniAppPlaces>> =>
      asAllowed<MiniAppPlaces>(profile, at, 'places', async (caller) => {
        const matches = await matchPlaces(sql, text, PLACE_CHOICES);
        const match = clearMatch(matches);
        const places = match ? [match] : matches.length > 0 ? matches : looksLikePlace(text) ? await nearestSpellings(sql, text) : [];
        return { ok: true, value: { places: places.map((place) => ({ latitude: place.latitude, longitude: place.longitude, label: placeLabel(place, caller.language) })) } };
      }),

    /** The bot's Report a problem (features/reports.ts): stored once per user, contact and day, with its notification. */
    report: (profile: TelegramProfile, { contactId, problem }: MiniAppReport, at: Date): Promise<MiniAppAnswer<MiniAppReportResult>> =>
      asAllowed<MiniAppReportResult>(profile, at, 'reports', async (caller, startedAt) => {
        const texts = reachTexts(caller.language);
        const metadata = { contactId, problem };
        const contact = (await contactNames(sql, [contactId])).get(contactId);
        if (!contact) {
          record(caller, startedAt, { level: 'WARN', message: 'A contact chosen to report no longer exists', metadata });
          return { ok: false, notFound: true, message: texts.contactGone };
        }
        const telegramId = profile.telegramId;
        const stored = await storeContactReport(
          sql,
          { contactId, telegramId, problem, reportedOn: caller.day, createdAt: at },
          reportNotification({ id: contactId, ...contact }, problem, telegramId),
        );
        if (!stored) {
          record(caller, startedAt, { level: 'WARN', message: 'Refused a second report of a contact the same day', metadata });
          return { ok: true, value: { stored: false, message: texts.alreadyReported } };
        }
        record(caller, startedAt, { level: 'INFO', message: `Reported a contact: ${CONTACT_PROBLEM_LABELS[problem].toLowerCase()}`, metadata: { ...metadata, reportId: stored.id } });
        return { ok: true, value: { stored: true, message: texts.thanks } };
      }),
  };
}
export type MiniAppService = ReturnType<typeof createMiniAppService>;
