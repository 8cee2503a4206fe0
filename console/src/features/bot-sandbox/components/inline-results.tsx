import { useId } from 'react';
import type { SandboxInlineAnswer, SandboxInlineResult } from '@contract/bot-sandbox.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useInlineQuery } from '../api/send-inline-query.js';

/** What follows `@<bot> ` in the text box: an inline query, as Telegram reads it; undefined for any other text. */
export function inlineQueryOf(text: string, botUsername: string | undefined): string | undefined {
  if (!botUsername) return undefined;
  const prefix = `@${botUsername}`;
  if (text.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase() || !/^\s/.test(text.slice(prefix.length))) return undefined;
  return text.slice(prefix.length).trim();
}

interface InlineResultsProps {
  botUsername: string;
  userId: number;
  userName: string;
  /** A group the query is typed in; the private chat when absent. */
  chatId?: number;
  query: string;
  choosing: boolean;
  onChoose: (answer: SandboxInlineAnswer, result: SandboxInlineResult) => void;
  /** The bot's button above its results: opens the private chat with `/start <parameter>`. */
  onStart: (startParameter: string) => void;
}

function where(answer: SandboxInlineAnswer, userName: string): string {
  return answer.location
    ? `Sent with ${userName}'s last shared location, ${answer.location.latitude.toFixed(4)}, ${answer.location.longitude.toFixed(4)}.`
    : `${userName} has shared no location: the bot looks around their latest search, if there is one.`;
}

/** Why there is nothing to choose, in words for a person. */
function emptyText(answer: SandboxInlineAnswer, botUsername: string, userName: string): string {
  if (!answer.answered) return `@${botUsername} did not answer this query. Type again in a moment.`;
  if (answer.button) return `No results: @${botUsername} does not know where ${userName} is yet. Send a location (Send location below) or search a city in the private chat first.`;
  return answer.query === ''
    ? `@${botUsername} has no contacts near this location.`
    : `@${botUsername} has no results for “${answer.query}” near this location. Try another word, such as a specialty (dentist) or part of a name.`;
}

/**
 * The bot's inline results above the text box, as Telegram lists them while `@<bot> <query>` is typed:
 * each result's title and description; choosing one posts its message into the chat "via @bot".
 */
export function InlineResults({ botUsername, userId, userName, chatId, query, choosing, onChoose, onStart }: InlineResultsProps) {
  const headingId = useId();
  // Telegram asks the bot at each pause in typing, not at each key.
  const typed = useDebouncedValue(query, 300);
  const answer = useInlineQuery({ userId, ...(chatId !== undefined && { chatId }), query: typed });
  const data = answer.data;

  return (
    <section aria-labelledby={headingId} className="rounded-tremor-default border border-tremor-border bg-white shadow-tremor-card">
      <div className="border-b border-tremor-border px-3 py-2">
        <h4 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
          Inline results from @{botUsername}
        </h4>
        <p className="text-tremor-label text-tremor-content">
          {typed === '' ? `Nothing typed after @${botUsername}: the nearest contacts. Type a specialty or a name to narrow them.` : `For “${typed}”.`}{' '}
          {data ? where(data, userName) : null}
        </p>
      </div>
      {answer.isPending || answer.isFetching ? (
        <p role="status" className="px-3 py-2 text-tremor-default text-tremor-content">
          Asking @{botUsername}…
        </p>
      ) : answer.isError ? (
        <p role="alert" className="px-3 py-2 text-tremor-default text-red-700">
          {errorMessage(answer.error, 'Could not ask the bot. Try again.')}
        </p>
      ) : data && data.results.length > 0 ? (
        <ul className="max-h-64 divide-y divide-tremor-border overflow-y-auto" aria-label="Results">
          {data.results.map((result) => (
            <li key={result.id}>
              <button
                type="button"
                disabled={choosing}
                onClick={() => onChoose(data, result)}
                className="block w-full px-3 py-2 text-left hover:bg-sky-50 disabled:cursor-wait disabled:opacity-60"
              >
                <span className="block truncate text-tremor-default font-semibold text-tremor-content-strong">{result.title}</span>
                {result.description ? <span className="block truncate text-tremor-label text-tremor-content">{result.description}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : data ? (
        <div className="space-y-2 px-3 py-2">
          <p className="text-tremor-default text-tremor-content">{emptyText(data, botUsername, userName)}</p>
          {data.button ? (
            <button
              type="button"
              onClick={() => onStart(data.button!.startParameter)}
              className="w-full rounded-md bg-sky-600/80 px-3 py-2 text-center text-sm font-medium text-white hover:bg-sky-700"
            >
              {data.button.text}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
