import { useId } from 'react';
import type { BroadcastDetail } from '@contract/broadcasts.js';
import { formatCount, formatNumber } from '../../../lib/format.js';
import { languageLabel } from './audience-languages.js';

/** A broadcast's recipients per language: how many each reached, were delivered, and which text they got. */
export function LanguageDeliveries({ broadcast }: { broadcast: BroadcastDetail }) {
  const headingId = useId();
  if (broadcast.languages.length === 0) return null;
  const translated = Object.keys(broadcast.translations).length > 0;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        By language
      </h3>
      <ul className="divide-y divide-tremor-border rounded-tremor-default border border-tremor-border">
        {broadcast.languages.map((entry) => (
          <li key={entry.language} className="flex flex-col px-3 py-1.5 text-tremor-default sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
            <span className="text-tremor-content-strong">
              {languageLabel(entry.language)} · {formatNumber(entry.delivered)} of {formatCount(entry.recipients, 'recipient')} delivered
            </span>
            {translated ? <span className="text-tremor-label text-tremor-content">{entry.translated ? 'own text' : 'main content'}</span> : null}
          </li>
        ))}
      </ul>
      {Object.entries(broadcast.translations).map(([language, text]) => (
        <figure key={language} className="rounded-tremor-default bg-tremor-background-muted p-3">
          <figcaption className="text-tremor-label font-medium text-tremor-content">{languageLabel(language)} text</figcaption>
          <p className="mt-1 max-h-32 overflow-y-auto whitespace-pre-wrap [overflow-wrap:anywhere] text-tremor-default text-tremor-content-strong">{text}</p>
        </figure>
      ))}
    </section>
  );
}
