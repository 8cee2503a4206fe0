import { Badge } from '@tremor/react';
import type { LogLevel } from '@contract/bot-logs.js';
import { formatDuration } from '../../../lib/format.js';

const LEVEL_COLOURS: Record<LogLevel, string> = { DEBUG: 'gray', INFO: 'emerald', WARN: 'amber', ERROR: 'red' };

export function LevelBadge({ level }: { level: LogLevel }) {
  return <Badge color={LEVEL_COLOURS[level]}>{level}</Badge>;
}

/** Under a second the bot feels instant; past five, users notice and Telegram may retry. */
const FAST_MS = 1000;
const SLOW_MS = 5000;

/** How long the bot took, coloured by speed. */
export function DurationBadge({ ms }: { ms: number }) {
  const [colour, speed] = ms < FAST_MS ? ['emerald', 'fast'] : ms < SLOW_MS ? ['amber', 'slow'] : ['red', 'very slow'];
  return (
    <Badge color={colour} title={`Took ${formatDuration(ms)} (${speed})`}>
      {formatDuration(ms)}
    </Badge>
  );
}
