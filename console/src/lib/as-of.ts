const KEPT_FIGURE_AGE_MS = 60_000;

/** "as of 10:15" when a figure was computed more than a minute ago (long windows keep user figures a while). */
export function asOfNote(asOf: string, now = new Date()): string | undefined {
  const at = new Date(asOf);
  if (now.getTime() - at.getTime() < KEPT_FIGURE_AGE_MS) return undefined;
  return `as of ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}
