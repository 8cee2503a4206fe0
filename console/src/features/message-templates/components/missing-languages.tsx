import { Card } from '@tremor/react';
import { languageName } from '@contract/languages.js';
import type { MissingTemplateLanguages } from '@contract/message-templates.js';
import { TEMPLATE_TYPE_LABELS } from '../template-types.js';

const HEADING_ID = 'missing-template-languages';

/**
 * Per type the bot replies with, the languages it offers that have no active template: their users
 * get the default language's text (or the built-in one) until one is written.
 */
export function MissingLanguages({ rows }: { rows: MissingTemplateLanguages[] }) {
  const missing = rows.filter((row) => row.missing.length > 0);
  return (
    <Card className="p-4" aria-labelledby={HEADING_ID} role="region">
      <h2 id={HEADING_ID} className="font-semibold text-tremor-content-strong">
        Languages
      </h2>
      {missing.length === 0 ? (
        <p className="mt-1 text-tremor-default text-tremor-content">Every reply of the bot has an active template in each language it offers.</p>
      ) : (
        <>
          <p className="mt-1 text-tremor-label text-tremor-content">
            Users answered in a missing language get the default language&apos;s template until one is written.
          </p>
          <ul className="mt-2 space-y-1 text-tremor-default" data-testid="missing-languages">
            {missing.map((row) => (
              <li key={row.type} className="break-words">
                <span className="font-medium text-tremor-content-strong">{TEMPLATE_TYPE_LABELS[row.type]}</span>
                <span className="text-tremor-content">: Missing: {row.missing.map(languageName).join(', ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
