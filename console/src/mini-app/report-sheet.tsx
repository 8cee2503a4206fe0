import { useState } from 'react';
import type { ContactProblem } from '@contract/contact-reports.js';
import type { MiniAppContact, MiniAppTexts } from '@contract/mini-app.js';

interface ReportSheetProps {
  contact: MiniAppContact;
  texts: MiniAppTexts;
  /** Posts the report; rejects when it did not go through. */
  onSend: (problem: ContactProblem) => Promise<void>;
}

/** The bot's "Report a problem": its problem choices, then its thanks. */
export function ReportSheet({ contact, texts, onSend }: ReportSheetProps) {
  // The problems in the session's order (the contract's CONTACT_PROBLEMS): importing that list would bring zod into the page.
  const problems = Object.keys(texts.problems) as ContactProblem[];
  const [state, setState] = useState<'choosing' | 'sending' | 'sent' | 'failed'>('choosing');
  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label={`${texts.report}: ${contact.name}`}>
      <h2>{contact.name}</h2>
      {state === 'sent' ? (
        <p role="status">{texts.reportThanks}</p>
      ) : (
        <>
          <p>{texts.reportQuestion}</p>
          <div className="sheet-choices">
            {problems.map((problem) => (
              <button
                key={problem}
                type="button"
                className="action"
                disabled={state === 'sending'}
                onClick={() => {
                  setState('sending');
                  void onSend(problem).then(
                    () => setState('sent'),
                    () => setState('failed'),
                  );
                }}
              >
                {texts.problems[problem]}
              </button>
            ))}
          </div>
          {state === 'failed' ? <p role="alert">{texts.loadFailed}</p> : null}
        </>
      )}
    </div>
  );
}
