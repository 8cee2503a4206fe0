import { z } from 'zod';
import { CONTACT_PROBLEMS } from './contact-reports.js';

/**
 * The Mini App's API (docs/specification.md "Mini App"): a web page Telegram opens inside the chat,
 * answered by the same process as the bot. Every call carries `Authorization: tma <initData>`, the
 * launch data Telegram signed with the bot's token; the server checks the signature and then applies
 * the bot's own rules to that Telegram user.
 */

/** The scheme of the Authorization header the Mini App sends, as Telegram's documentation names it. */
export const MINI_APP_AUTH_SCHEME = 'tma';

/** Launch data older than this is refused: a link shared or replayed later does not sign anyone in. */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Why the bot's rules refuse a Telegram user; `message` beside it is the bot's own words in the user's language. */
export const MINI_APP_REFUSALS = ['signature', 'not_member', 'not_whitelisted', 'blocked', 'maintenance', 'limit_reached'] as const;
export type MiniAppRefusal = (typeof MINI_APP_REFUSALS)[number];

/** 401 (signature) and 403 (the others) answer with this body. */
export const MiniAppRefusalSchema = z.object({ refusal: z.enum(MINI_APP_REFUSALS), message: z.string() });
export type MiniAppRefusalBody = z.infer<typeof MiniAppRefusalSchema>;

const PointSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type MiniAppPoint = z.infer<typeof PointSchema>;

/**
 * The Mini App's words, from the bot's catalogs (bot/locales) in the user's language: the language
 * chosen with /language, else Telegram's, else the directory's default.
 */
export const MiniAppTextsSchema = z.object({
  title: z.string(),
  typePlace: z.string(),
  shareLocation: z.string(),
  searchThisArea: z.string(),
  allSpecialties: z.string(),
  openNow: z.string(),
  myLanguages: z.string(),
  moreResults: z.string(),
  noResults: z.string(),
  masterOfMedicine: z.string(),
  call: z.string(),
  message: z.string(),
  route: z.string(),
  report: z.string(),
  reportQuestion: z.string(),
  reportThanks: z.string(),
  /** Per CONTACT_PROBLEMS key, the bot's words for each problem. */
  problems: z.record(z.enum(CONTACT_PROBLEMS), z.string()),
  open: z.string(),
  closed: z.string(),
  /** "{distance} km" with the user's number format: the page puts the figure in place of {distance}. */
  distanceKm: z.string(),
  loadFailed: z.string(),
});
export type MiniAppTexts = z.infer<typeof MiniAppTextsSchema>;

/** GET /api/mini-app/session: who is asking and what the page needs before its first search. */
export const MiniAppSessionSchema = z.object({
  telegramId: z.number(),
  /** ISO 639-1, as the bot's languages are. */
  language: z.string(),
  texts: MiniAppTextsSchema,
  /** The point of the user's last search in the bot or the Mini App; null when there was none. */
  lastPoint: PointSchema.nullable(),
  maxRadiusKm: z.number(),
  /** The directory's specialties in the user's language, as the bot's specialty buttons name them. */
  specialties: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type MiniAppSession = z.infer<typeof MiniAppSessionSchema>;

const COORDINATE_RULE = (name: string, limit: number) => `${name} must be a number from -${limit} to ${limit}.`;
const OFFSET_RULE = 'Offset must be a whole number, 0 or more.';

/** GET /api/mini-app/nearest's query: the bot's search, its filters and its paging. */
export const MiniAppNearestQuerySchema = z.object({
  latitude: z.coerce.number({ error: COORDINATE_RULE('Latitude', 90) }).min(-90, COORDINATE_RULE('Latitude', 90)).max(90, COORDINATE_RULE('Latitude', 90)),
  longitude: z.coerce.number({ error: COORDINATE_RULE('Longitude', 180) }).min(-180, COORDINATE_RULE('Longitude', 180)).max(180, COORDINATE_RULE('Longitude', 180)),
  /** A specialty key of the directory's taxonomy; absent for every specialty. */
  specialty: z.string().optional(),
  openNow: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /** Only contacts who speak the user's language (the bot ranks them first either way). */
  myLanguages: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  offset: z.coerce.number({ error: OFFSET_RULE }).int(OFFSET_RULE).min(0, OFFSET_RULE).default(0),
});
export type MiniAppNearestQuery = z.infer<typeof MiniAppNearestQuerySchema>;

/** A contact as the list and its pin show it, in the user's language. */
export const MiniAppContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  specialtyKey: z.string(),
  specialty: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distanceKm: z.number(),
  /** The coordinates are the city's centre: the page shows no distance and a pin that says so. */
  locationApproximate: z.boolean(),
  isMasterOfMedicine: z.boolean(),
  /** E.164, for a tel: link. */
  phone: z.string(),
  /** t.me link or wa.me link when the contact is reached by message; null for phone only. */
  messageUrl: z.string().nullable(),
  /** The hours as the bot's card writes them. */
  hours: z.string(),
  /** Open at this moment in the contact's own time zone; null when its hours do not say. */
  openNow: z.boolean().nullable(),
  languages: z.array(z.string()),
  /** The card's freshness line ("✔ Checked 12 days ago"). */
  freshness: z.string(),
});
export type MiniAppContact = z.infer<typeof MiniAppContactSchema>;

export const MiniAppNearestSchema = z.object({
  /** In the bot's order: Master of Medicine first, then by distance; speakers of the user's language as the bot ranks them. */
  contacts: z.array(MiniAppContactSchema),
  /** The specialties near the point with how many contacts of each, as the bot's specialty buttons count them. */
  specialtyCounts: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
  /** The offset of the next page; null when this page was the last within max_radius_km. */
  nextOffset: z.number().nullable(),
  /** True when this search cost one of the day's requests (a search more than 30 minutes after the last charged one). */
  charged: z.boolean(),
});
export type MiniAppNearest = z.infer<typeof MiniAppNearestSchema>;

/** GET /api/mini-app/places?q=: a typed place, resolved as the bot resolves one; empty when nothing matches. */
export const MiniAppPlacesQuerySchema = z.object({
  q: z.string({ error: 'Q must be a place name.' }).trim().min(1, 'Q must be a place name.').max(200, 'Q must be at most 200 characters.'),
});
export const MiniAppPlacesSchema = z.object({
  places: z.array(PointSchema.extend({ label: z.string() })),
});
export type MiniAppPlaces = z.infer<typeof MiniAppPlacesSchema>;

/** POST /api/mini-app/reports: the bot's "Report a problem", from the page. */
export const MiniAppReportSchema = z.object({
  contactId: z.number({ error: 'Contact ID must be a number.' }).int('Contact ID must be a whole number.'),
  problem: z.enum(CONTACT_PROBLEMS, { error: `Problem must be one of ${CONTACT_PROBLEMS.join(', ')}.` }),
});
export type MiniAppReport = z.infer<typeof MiniAppReportSchema>;

/** POST /api/mini-app/reports' answer: the bot's words after a report (thanks, or that it was reported today already). */
export const MiniAppReportResultSchema = z.object({ stored: z.boolean(), message: z.string() });
export type MiniAppReportResult = z.infer<typeof MiniAppReportResultSchema>;

/**
 * What the bot's side answers a Mini App call with (bot/mini-app/service.ts), for the route to send:
 * the answer, or a refusal of the bot's rules (403), input the bot cannot use (400, naming the field), or
 * a contact that is gone (404).
 */
export type MiniAppAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; refusal: Exclude<MiniAppRefusal, 'signature'>; message: string }
  | { ok: false; invalid: string; message: string }
  | { ok: false; notFound: true; message: string };
