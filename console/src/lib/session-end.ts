import { SessionEndBodySchema, type SessionEnd } from '@contract/session-end.js';

/** Why the server ended a session, from a 401's body; undefined when it did not say (no or a bad token). */
export function sessionEndOf(body: unknown): SessionEnd | undefined {
  const parsed = SessionEndBodySchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** The query string the login screen reads the reason from ("reason=role_changed&role=editor"), or "". */
export function sessionEndQuery(end: SessionEnd | undefined): string {
  if (!end) return '';
  const query = new URLSearchParams({ reason: end.reason, ...(end.role && { role: end.role }) });
  return query.toString();
}

/** The reason in a login address's query, as sessionEndQuery wrote it. */
export function sessionEndFromQuery(search: string): SessionEnd | undefined {
  const query = new URLSearchParams(search);
  return sessionEndOf({ reason: query.get('reason') ?? undefined, role: query.get('role') ?? undefined });
}
