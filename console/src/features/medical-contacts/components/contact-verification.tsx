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
import { formatCount, formatDate } from '../../../lib/format.js';
import { reportResolution } from '@contract/verification-queue.js';
import { REPORT_STATUS_LABELS } from '@contract/contact-reports.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { useRecordVerification } from '../api/contact-verifications.js';

/**
 * The outcomes chosen by hand: corrected follows from corrections (made in the edit dialog's fields
 * and saved as an edit; in the verification queue, sent with the verification).
 */
export const CHOSEN_OUTCOMES: VerificationOutcome[] = ['confirmed', 'unreachable', 'closed'];

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

/** What saving a verification does to the contact's open reports (api/contract/verification-queue.ts `reportResolution`); undefined when it has none. */
function reportsSentence(openReports: number, outcome: VerificationOutcome, deactivates: boolean): string | undefined {
  if (openReports === 0) return undefined;
  const status = reportResolution(outcome, deactivates);
  return status
    ? `Saving marks its ${formatCount(openReports, 'open report')} “${REPORT_STATUS_LABELS[status]}”.`
    : 'Unreachable once settles nothing: its open reports stay open.';
}

/** What saving this outcome does, said before saving: a deactivation, and the open reports it resolves. */
export function WhatSavingDoes({ contact, outcome }: { contact: Pick<MedicalContact, 'isActive' | 'lastVerification' | 'openReports'>; outcome: VerificationOutcome }) {
  const warning = contact.isActive ? deactivationWarning(outcome, contact.lastVerification?.outcome ?? null) : undefined;
  const reports = reportsSentence(contact.openReports, outcome, warning !== undefined);
  return (
    <>
      {warning ? (
        <p role="alert" className="text-tremor-label text-amber-700">
          {warning}
        </p>
      ) : null}
      {reports ? <p className="text-tremor-label text-tremor-content">{reports}</p> : null}
    </>
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
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        Record a verification
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Outcome" value={outcome} onChange={(event) => setOutcome(event.target.value as VerificationOutcome)} error={errors.outcome}>
          {CHOSEN_OUTCOMES.map((choice) => (
            <option key={choice} value={choice}>
              {VERIFICATION_OUTCOME_LABELS[choice]}
            </option>
          ))}
        </SelectField>
        <VerificationMethodField label="Method" value={method} onChange={setMethod} error={errors.method} />
      </div>
      <TextAreaField label="Note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} />
      <WhatSavingDoes contact={contact} outcome={outcome} />
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
