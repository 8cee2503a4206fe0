import RiLockLine from 'remixicon/icons/System/lock-line.svg?react';
import { Button, Callout } from '@tremor/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  DEFAULT_VERIFICATION_METHOD,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_OUTCOME_LABELS,
  type StaffVerificationMethod,
  type VerificationOutcome,
} from '@contract/contact-verifications.js';
import type { ContactCorrections } from '@contract/medical-contacts.js';
import { formatPhone } from '@contract/phone-numbers.js';
import type { QueueItem } from '@contract/verification-queue.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { SelectField } from '../../../components/select-field.js';
import { TextAreaField } from '../../../components/text-area-field.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { duplicatesOf } from '../../medical-contacts/api/contact-errors.js';
import { useRecordVerification } from '../../medical-contacts/api/contact-verifications.js';
import { changesReadyToSend } from '../../medical-contacts/check-contact-changes.js';
import { toFormValues, toUpdateRequest, type ContactFormValues } from '../../medical-contacts/contact-form-values.js';
import { ContactFormFields } from '../../medical-contacts/components/contact-form-fields.js';
import { ContactReports } from '../../medical-contacts/components/contact-reports.js';
import { DuplicateWarning } from '../../medical-contacts/components/duplicate-warning.js';
import { CHOSEN_OUTCOMES, VerificationMethodField, WhatSavingDoes } from '../../medical-contacts/components/contact-verification.js';
import { ProposedCorrectionsSection } from '../proposed-corrections.js';
import { useClaimContact, useContactVerifications, useReleaseClaim } from '../api/verification-queue.js';
import { reasonText } from './queue-reasons.js';

/** How many of the contact's last verifications the panel lists. */
const VERIFICATIONS_SHOWN = 5;

/** The form's corrections: what changed, without Verified and Active (the verification decides them). */
function correctionsOf(original: ContactFormValues, form: ContactFormValues): ContactCorrections {
  const { verified: _verified, isActive: _isActive, verificationMethod: _method, ...corrections } = toUpdateRequest(original, form);
  return corrections;
}

/** The 400's field messages, named as the contact's fields (the API names corrections "changes.phone"). */
function correctionErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, message]) => [field.replace(/^changes\./, ''), message]));
}

function LastVerifications({ contactId, headingId }: { contactId: number; headingId: string }) {
  const verifications = useContactVerifications(contactId);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        Last verifications
      </h3>
      {verifications.isPending ? (
        <p role="status" className="text-tremor-label text-tremor-content">
          Loading verifications...
        </p>
      ) : verifications.isError ? (
        <p className="text-tremor-label text-red-600">The verifications could not be loaded.</p>
      ) : verifications.data.length === 0 ? (
        <p className="text-tremor-label text-tremor-content">Never verified.</p>
      ) : (
        <ol className="space-y-1 text-tremor-label">
          {verifications.data.slice(0, VERIFICATIONS_SHOWN).map((verification) => (
            <li key={verification.id} className="text-tremor-content-strong">
              <time dateTime={verification.verifiedAt}>{formatDateTime(verification.verifiedAt)}</time> ·{' '}
              {VERIFICATION_OUTCOME_LABELS[verification.outcome]} · {VERIFICATION_METHOD_LABELS[verification.method]}
              {verification.verifiedBy ? ` · ${verification.verifiedBy}` : ''}
              {verification.changes.length > 0 ? ` · changed ${verification.changes.map((change) => change.field).join(', ')}` : ''}
              {verification.note ? <span className="block text-tremor-content">“{verification.note}”</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface VerifyPanelProps {
  item: QueueItem | null;
  onClose: () => void;
  /** The verification was saved: the queue moves on to the next contact. */
  onSaved: (contactId: number) => void;
}

/** "Verify": the contact to call, what is known of it, and one form for the verification, claimed while it is open. */
export function VerifyPanel({ item, onClose, onSaved }: VerifyPanelProps) {
  return (
    <ModalDialog open={item !== null} onClose={onClose} size="lg" title={item ? `Verify ${item.contact.name}` : 'Verify'} description={item ? reasonText(item.reasons) : undefined}>
      {item ? (
        <div className="space-y-5">
          {/* Outside the verification's form: Enter in a proposal's value is not "Save and next". Accepting records a
              verification of its own, so the queue moves on as after a save. */}
          {item.reasons.some((reason) => reason.kind === 'proposed_correction') ? (
            <ProposedCorrectionsSection contactId={item.contact.id} onResolved={() => onSaved(item.contact.id)} />
          ) : null}
          <VerifyForm key={item.contact.id} item={item} onClose={onClose} onSaved={onSaved} />
        </div>
      ) : null}
    </ModalDialog>
  );
}

function VerifyForm({ item, onClose, onSaved }: { item: QueueItem; onClose: () => void; onSaved: (contactId: number) => void }) {
  const { contact } = item;
  const original = useMemo(() => toFormValues(contact), [contact]);
  const [form, setForm] = useState<ContactFormValues>(original);
  const [chosen, setChosen] = useState<VerificationOutcome>('confirmed');
  const [method, setMethod] = useState<StaffVerificationMethod>(DEFAULT_VERIFICATION_METHOD);
  const [note, setNote] = useState('');
  const [confirmOutsideCountry, setConfirmOutsideCountry] = useState(false);
  const claim = useClaimContact();
  const release = useReleaseClaim();
  const record = useRecordVerification();
  const verificationsId = useId();
  const reportsId = useId();

  const { mutate: claimContact } = claim;
  const { mutate: releaseContact } = release;
  const saved = useRef(false);
  // Opening the contact claims it; leaving it unsaved (Cancel, Escape) lets it go: saving ends the claim on the server.
  useEffect(() => {
    claimContact(contact.id);
    return () => {
      if (!saved.current) releaseContact(contact.id);
    };
  }, [claimContact, releaseContact, contact.id]);
  const heldByAnother = claim.data && !claim.data.claimed ? claim.data.claimedBy : null;

  const corrections = correctionsOf(original, form);
  const corrected = Object.keys(corrections).length > 0;
  const outcome: VerificationOutcome = corrected ? 'corrected' : chosen;
  const errors = correctionErrors(record.error);
  const duplicates = duplicatesOf(record.error);

  function save(allowDuplicate: boolean) {
    if (heldByAnother || record.isPending) return;
    if (!changesReadyToSend(corrections, form)) return;
    const verification = {
      outcome,
      method,
      note: note.trim() || null,
      ...(corrected ? { changes: corrections } : {}),
      ...(confirmOutsideCountry ? { confirmOutsideCountry } : {}),
      ...(allowDuplicate ? { allowDuplicate } : {}),
    };
    record.mutate(
      { id: contact.id, verification },
      {
        onSuccess: () => {
          saved.current = true;
          onSaved(contact.id);
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(false);
  }

  // Enter saves from anywhere in the form but a note (new lines) or a button; a list that took the key for itself (a picker) keeps it.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || event.defaultPrevented || event.shiftKey || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement || target.tagName === 'SUMMARY') return;
    event.preventDefault();
    save(false);
  }

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} className="space-y-5" aria-label={`Verification of ${contact.name}`}>
      {heldByAnother ? (
        <Callout color="amber" icon={RiLockLine} title={`${heldByAnother.username} is verifying this contact`}>
          {`Their claim runs until ${formatDateTime(heldByAnother.until)}. Choose another contact, or come back when they are done.`}
        </Callout>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <a
          href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
          className="text-tremor-title font-semibold text-tremor-brand underline-offset-4 hover:text-tremor-brand-emphasis hover:underline"
        >
          {/* No phone icon: every icon the console draws is in the login screen's bundle (bench/console.ts budget). */}
          {formatPhone(contact.phone)}
        </a>
        <span className="text-tremor-default text-tremor-content">
          {[contact.specialty, contact.city, contact.country].filter(Boolean).join(' · ')}
        </span>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <LastVerifications contactId={contact.id} headingId={verificationsId} />
        <ContactReports contactId={contact.id} headingId={reportsId} canResolve={false} />
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-tremor-default font-semibold text-tremor-content-strong">Verification</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Outcome"
            value={outcome}
            disabled={corrected}
            autoFocus
            hint={corrected ? 'Corrections made: saved as corrected.' : undefined}
            onChange={(event) => setChosen(event.target.value as VerificationOutcome)}
            error={fieldErrorsOf(record.error).outcome}
          >
            {(corrected ? ['corrected' as const] : CHOSEN_OUTCOMES).map((choice) => (
              <option key={choice} value={choice}>
                {VERIFICATION_OUTCOME_LABELS[choice]}
              </option>
            ))}
          </SelectField>
          <VerificationMethodField label="Method" value={method} onChange={setMethod} error={fieldErrorsOf(record.error).method} />
        </div>
        <details className="sm:rounded-tremor-default sm:border sm:border-tremor-border sm:p-3" open={corrected || Object.keys(errors).length > 0}>
          <summary className="cursor-pointer text-tremor-default font-medium text-tremor-content-strong">
            Correct the details (phone, address, hours, specialty, languages...)
          </summary>
          <div className="mt-4">
            <ContactFormFields
              values={form}
              onChange={(key, value) => setForm((current) => ({ ...current, [key]: value }))}
              mode="correct"
              fieldErrors={errors}
              unrecognised={contact}
              confirmOutsideCountry={confirmOutsideCountry}
              onConfirmOutsideCountry={setConfirmOutsideCountry}
              verifying={false}
            />
          </div>
        </details>
        <TextAreaField label="Note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} />
      </fieldset>

      <WhatSavingDoes contact={contact} outcome={outcome} />
      {duplicates ? <DuplicateWarning duplicates={duplicates} saving={record.isPending} onSaveAnyway={() => save(true)} /> : null}

      <div className="flex flex-col-reverse gap-3 border-t border-tremor-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="hidden text-tremor-label text-tremor-content sm:block">Enter saves · Esc closes</p>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending || heldByAnother !== null || !claim.isSuccess}>
            {record.isPending ? 'Saving...' : 'Save and next'}
          </Button>
        </div>
      </div>
    </form>
  );
}
