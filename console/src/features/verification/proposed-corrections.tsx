import { Button } from '@tremor/react';
import { useId, useState } from 'react';
import { PROPOSAL_FIELD_LABELS, type ProposalField, type ProposedCorrection } from '@contract/self-confirmation.js';
import type { AcceptedField } from '@contract/accepted-corrections.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { TextField } from '../../components/text-field.js';
import { fieldErrorsOf } from '../../lib/api-client.js';
import { formatDateTime } from '../../lib/format.js';
import { useAcceptCorrection, useProposedCorrections, useRejectCorrection } from './api/proposed-corrections.js';

/** What a field's value inputs hold: staff start from the contact's own words and may edit them. */
interface FieldDraft {
  accept: boolean;
  value: string;
  /** The address's region, apart from its city. */
  region: string;
}

/** The request's value of a field, from what staff left in its inputs. */
function acceptedField(field: ProposalField, draft: FieldDraft): AcceptedField {
  switch (field) {
    case 'closed':
      return { field };
    case 'address':
      return { field, value: { city: draft.value, ...(draft.region.trim() ? { region: draft.region } : {}) } };
    case 'languages':
      return { field, value: draft.value.split(',').map((language) => language.trim()).filter(Boolean) };
    default:
      return { field, value: draft.value };
  }
}

const VALUE_LABELS: Record<Exclude<ProposalField, 'closed'>, { label: string; hint?: string }> = {
  phone: { label: 'Phone to save' },
  address: { label: 'City to save' },
  hours: { label: 'Hours to save', hint: 'In opening_hours syntax, such as "Mo-Fr 09:00-17:00".' },
  specialty: { label: 'Specialty to save' },
  languages: { label: 'Languages to save', hint: 'ISO 639-1 codes, comma-separated, such as "fr, it".' },
};

function Proposal({ proposal, onResolved }: { proposal: ProposedCorrection; onResolved?: () => void }) {
  const [drafts, setDrafts] = useState<FieldDraft[]>(() => proposal.fields.map((field) => ({ accept: true, value: field.field === 'closed' ? '' : field.text, region: '' })));
  const accept = useAcceptCorrection();
  const reject = useRejectCorrection();
  const errors = fieldErrorsOf(accept.error);
  const chosen = proposal.fields.flatMap((field, index) => (drafts[index]!.accept ? [{ field: field.field, index }] : []));
  const busy = accept.isPending || reject.isPending;
  const who = proposal.proposedBy ?? `Telegram user ${proposal.telegramId}`;

  const change = (index: number, patch: Partial<FieldDraft>) => setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  // Through the promise, not mutate's callbacks: the resolved proposal leaves the list (and this item unmounts) before those would run.
  const resolved = (done: Promise<unknown>) => void done.then(() => onResolved?.(), () => undefined);

  function acceptChosen() {
    if (chosen.length === 0) return;
    resolved(accept.mutateAsync({ id: proposal.id, fields: chosen.map(({ field, index }) => acceptedField(field, drafts[index]!)) }));
  }

  return (
    <li aria-label={`Proposed by ${who}`} className="space-y-3 rounded-tremor-default border border-tremor-border p-3">
      <p className="text-tremor-label text-tremor-content">
        Proposed by <span className="font-medium text-tremor-content-strong">{who}</span> through the bot ·{' '}
        <time dateTime={proposal.proposedAt}>{formatDateTime(proposal.proposedAt)}</time>
      </p>
      {/* Not a form: the component sits inside the contact's edit form, and forms do not nest. */}
      <div className="space-y-3">
        {proposal.fields.map((field, index) => {
          const draft = drafts[index]!;
          const label = PROPOSAL_FIELD_LABELS[field.field];
          const position = chosen.findIndex((item) => item.index === index);
          const error = position < 0 ? undefined : (errors[`fields.${position}.value`] ?? errors[`fields.${position}.field`]);
          return (
            <fieldset key={field.field} className="space-y-2 border-t border-tremor-border pt-2 first:border-t-0 first:pt-0">
              <legend className="sr-only">{label}</legend>
              <CheckboxField label={`Accept ${label.toLowerCase()}`} checked={draft.accept} onChange={(event) => change(index, { accept: event.target.checked })} />
              <p className="break-words text-tremor-label text-tremor-content">
                {label}, in their words: “{field.text}”
              </p>
              {field.field === 'closed' ? (
                <p className="text-tremor-label text-amber-700">Accepting this deactivates the contact: the bot stops offering it.</p>
              ) : (
                <>
                  <TextField
                    label={VALUE_LABELS[field.field].label}
                    hint={VALUE_LABELS[field.field].hint}
                    value={draft.value}
                    disabled={!draft.accept}
                    error={error}
                    onChange={(event) => change(index, { value: event.target.value })}
                  />
                  {field.field === 'address' ? (
                    <TextField label="Region to save" hint="Left empty, the region stays as it is." value={draft.region} disabled={!draft.accept} onChange={(event) => change(index, { region: event.target.value })} />
                  ) : null}
                </>
              )}
            </fieldset>
          );
        })}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" disabled={busy} onClick={() => resolved(reject.mutateAsync(proposal.id))}>
            Reject
          </Button>
          <Button type="button" disabled={busy || chosen.length === 0} onClick={acceptChosen}>
            {accept.isPending ? 'Accepting...' : chosen.length === proposal.fields.length ? 'Accept' : `Accept ${chosen.length} of ${proposal.fields.length}`}
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * What a contact proposed through the bot and staff have not resolved, field by field: each accepted
 * with its value as staff leave it (checked as the contact form checks it) or left out, the rest
 * rejected with it. Nothing is applied until staff accept it. `onResolved` follows each resolution.
 */
export function ProposedCorrections({ contactId, onResolved }: { contactId: number; onResolved?: () => void }) {
  const proposals = useProposedCorrections(contactId);
  if (proposals.isPending) {
    return (
      <p role="status" className="text-tremor-label text-tremor-content">
        Loading proposed corrections...
      </p>
    );
  }
  if (proposals.isError) return <p className="text-tremor-label text-red-600">The proposed corrections could not be loaded.</p>;
  if (proposals.data.items.length === 0) return <p className="text-tremor-label text-tremor-content">No corrections proposed by the contact wait for review.</p>;
  return (
    <ul className="space-y-3">
      {proposals.data.items.map((proposal) => (
        <Proposal key={proposal.id} proposal={proposal} onResolved={onResolved} />
      ))}
    </ul>
  );
}

/** The contact's pending proposals under their heading, as the edit dialog and the queue's panel show them. */
export function ProposedCorrectionsSection({ contactId, onResolved }: { contactId: number; onResolved?: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        Changes proposed by the contact
      </h3>
      <ProposedCorrections contactId={contactId} onResolved={onResolved} />
    </section>
  );
}
