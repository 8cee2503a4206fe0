import { windowSentence, type FigureWindowKey } from '@contract/figure-windows.js';
import { currentClock } from '../lib/format.js';

interface WindowSentenceProps {
  period: FigureWindowKey;
  /** The window the figures were computed over, ISO 8601, and the time zone its days run in. */
  from: string;
  to: string;
  timeZone: string;
}

/** The line under a time-range selector saying what the window counts, in the server's time zone. */
export function WindowSentence({ period, from, to, timeZone }: WindowSentenceProps) {
  return (
    <p className="text-tremor-label text-tremor-content" data-testid="window-sentence">
      {windowSentence({ key: period, start: new Date(from), end: new Date(to), timeZone, clockFormat: currentClock().clockFormat })}
    </p>
  );
}
