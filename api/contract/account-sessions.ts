import { z } from 'zod';

export const SessionIdParamsSchema = z.object({ id: z.uuid({ error: 'This session no longer exists. Reload the list of sessions.' }) });

/** One of the signed-in user's live sessions, as the Settings screen lists them. */
export const StaffSessionSchema = z.object({
  id: z.string(),
  /** From the User-Agent it signed in with, "Firefox 121"; null when it names none. */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 17.1"; null when the User-Agent names none. */
  os: z.string().nullable(),
  ip: z.string().nullable(),
  /** When it signed in. */
  createdAt: z.string(),
  /** Its last request or token refresh, to the minute. */
  lastUsedAt: z.string(),
  /** The session the request came from: "This device". */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

/** How many sessions an "end sessions" action ended. */
export const EndedSessionsSchema = z.object({ ended: z.number() });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;
