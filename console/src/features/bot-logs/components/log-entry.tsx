import { Link } from 'react-router';
import type { BotLog } from '@contract/bot-logs.js';
import { formatExactTime, formatRelativeTime } from '../../../lib/format.js';
import { botUserPath } from '../../../lib/links.js';
import { DurationBadge, LevelBadge } from './log-badges.js';

/** One log row as spec §2.8 lists it: time, duration, command, user, chat, error and metadata. */
export function LogEntry({ log }: { log: BotLog }) {
  const hasMetadata = Object.keys(log.metadata).length > 0;
  return (
    <article className="space-y-2 px-4 py-3" aria-label={`${log.level}: ${log.message}`}>
      {/*
        On a phone the message takes a row of its own under the badges and time, using the card's full width;
        beside them it was squeezed to a word or two a line. From sm up it sits between them again.
      */}
      <div className="flex flex-wrap items-center gap-2">
        <LevelBadge level={log.level} />
        <p className="order-last w-full min-w-0 break-words font-medium text-tremor-content-strong sm:order-none sm:w-auto sm:flex-1">{log.message}</p>
        <time dateTime={log.timestamp} title={formatExactTime(log.timestamp)} className="text-tremor-label text-tremor-content">
          {formatRelativeTime(log.timestamp)}
        </time>
        {log.durationMs !== null ? <DurationBadge ms={log.durationMs} /> : null}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-tremor-label text-tremor-content">
        <div className="flex gap-1.5">
          <dt>Command</dt>
          <dd className="font-mono text-tremor-content-emphasis">{log.command ?? '-'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt>User</dt>
          <dd>
            {log.userId !== null ? (
              <Link to={botUserPath(log.userId)} title="Show this user in Bot Users" className="font-mono text-tremor-brand hover:underline">
                {log.userId}
              </Link>
            ) : (
              '-'
            )}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt>Chat</dt>
          <dd className="font-mono text-tremor-content-emphasis">{log.chatId ?? '-'}</dd>
        </div>
      </dl>
      {log.errorMessage ? <p className="break-words text-tremor-default text-red-600">{log.errorMessage}</p> : null}
      {hasMetadata ? (
        <details className="text-tremor-label">
          <summary className="cursor-pointer text-tremor-content">Metadata</summary>
          <pre className="mt-1 overflow-x-auto rounded-tremor-small bg-tremor-background-muted p-2 font-mono text-tremor-content-emphasis">
            {JSON.stringify(log.metadata, null, 2)}
          </pre>
        </details>
      ) : null}
    </article>
  );
}
