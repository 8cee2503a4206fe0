import { formatTime } from '../lib/format.js';

/**
 * "Figures as of 10:15": when the server computed the figures on screen. Always said, as the server
 * keeps figures a while (the Dashboard's 30 seconds, analytics a minute or 15 minutes), so a
 * figure may be older than the page.
 */
export function asOfNote(asOf: string): string {
  return `Figures as of ${formatTime(asOf)}`;
}

/** The note under a screen's cards. */
export function AsOfLine({ asOf }: { asOf: string }) {
  return (
    <p className="text-tremor-label text-tremor-content" data-testid="as-of">
      {asOfNote(asOf)}
    </p>
  );
}
