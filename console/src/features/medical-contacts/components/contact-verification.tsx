import { Button } from '@tremor/react';
import { useState } from 'react';
import {
  DEFAULT_VERIFICATION_METHOD,
  deactivationWarning,
  STAFF_VERIFICATION_METHODS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_OUTCOME_LABELS,
  type StaffVerificationMethod,
  type VerificationOutcome,
} from '@contract/contact-verifications.js';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { SelectField } from '../../../components/select-field.js';
import { TextAreaField } from '../../../components/text-area-field.js';
import { formatDate } from '../../../lib/format.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { useRecordVerification } from '../api/contact-verifications.js';

/** A corrected outcome goes with corrections, which are made in the fields above and saved as an edit. */
const OUTCOMES: VerificationOutcome[] = ['confirmed', 'unreachable', 'closed'];

/** The choice of how a verification was made, among those staff record by hand. */
export function VerificationMethodField({
  label,
  value,
  onChange,
  ...frame
}: { label: string; value: StaffVerificationMethod; onChange: (method: StaffVerificationMethod) => void; hint?: string; error?: string; className?: string }) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as StaffVerificationMethod)} {...frame}>
      {STAFF_VERIFICATION_METHODS.map((choice) => (
        <option key={choice} value={choice}>
          {VERIFICATION_METHOD_LABELS[choice]}
        </option>
      ))}
    </SelectField>
  );
}

/** "Last verified 3 Mar 2026 by ana · Phone call · Confirmed", or that it never was. */
export function lastVerifiedLine(contact: Pick<MedicalContact, 'lastVerification' | 'dueForReverification'>): string {
  const last = contact.lastVerification;
  const due = contact.dueForReverification ? ' — due for re-verification' : '';
  if (!last) return `Never verified${due}`;
  const by = last.by ? ` by ${last.by}` : last.method === 'self_confirmed' ? ' by the contact' : '';
  return `Last verified ${formatDate(last.at)}${by} · ${VERIFICATION_METHOD_LABELS[last.method]} · ${VERIFICATION_OUTCOME_LABELS[last.outcome]}${due}`;
}

/**
 * Records a verification of the contact as it stands: its outcome, how it was made and a note. Saved
 * apart from the edit (the dialog closes after it, as the contact has changed); `pendingEdits` keeps it
 * from being recorded over unsaved changes.
 */
export function ContactVerification({ contact, headingId, pendingEdits, onRecorded }: { contact: MedicalContact; headingId: string; pendingEdits: boolean; onRecorded: () => void }) {
  const [outcome, setOutcome] = useState<VerificationOutcome>('confirmed');
  const [method, setMethod] = useState<StaffVerificationMethod>(DEFAULT_VERIFICATION_METHOD);
  const [note, setNote] = useState('');
  const record = useRecordVerification();
  const errors = fieldErrorsOf(record.error);
  const warning = contact.isActive ? deactivationWarning(outcome, contact.lastVerification?.outcome ?? null) : undefined;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        Record a verification
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Outcome" value={outcome} onChange={(event) => setOutcome(event.target.value as VerificationOutcome)} error={errors.outcome}>
          {OUTCOMES.map((choice) => (
            <option key={choice} value={choice}>
              {VERIFICATION_OUTCOME_LABELS[choice]}
            </option>
          ))}
        </SelectField>
        <VerificationMethodField label="Method" value={method} onChange={setMethod} error={errors.method} />
      </div>
      <TextAreaField label="Note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} />
      {warning ? (
        <p role="alert" className="text-tremor-label text-amber-700">
          {warning}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {pendingEdits ? <p className="text-tremor-label text-tremor-content">Save or cancel your changes first.</p> : null}
        <Button
          type="button"
          variant="secondary"
          disabled={pendingEdits || record.isPending}
          onClick={() => record.mutate({ id: contact.id, verification: { outcome, method, note: note.trim() || null } }, { onSuccess: onRecorded })}
        >
          {record.isPending ? 'Recording...' : 'Record verification'}
        </Button>
      </div>
    </section>
  );
}
