const KEPT_FIGURE_AGE_MS = 60_000;

/**
 * "Figures as of 10:15" when the server computed them over a minute ago (it keeps analytics answers
 * a minute, or 15 minutes for 30 days and a year); nothing when they are fresh.
 */
export function asOfNote(asOf: string, now = new Date()): string | undefined {
  const at = new Date(asOf);
  if (now.getTime() - at.getTime() < KEPT_FIGURE_AGE_MS) return undefined;
  return `Figures as of ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}

/** The note under a screen's cards, when there is one. */
export function AsOfLine({ asOf }: { asOf: string }) {
  const note = asOfNote(asOf);
  return note ? <p className="text-tremor-label text-tremor-content">{note}</p> : null;
}
