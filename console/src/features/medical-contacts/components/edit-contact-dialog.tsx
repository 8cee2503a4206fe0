import RiMapPinLine from 'remixicon/icons/Map/map-pin-line.svg?react';
import { Button, Callout } from '@tremor/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { duplicatesOf } from '../api/contact-errors.js';
import { useUpdateContact } from '../api/update-contact.js';
import { toFormValues, toUpdateRequest, type ContactFormValues } from '../contact-form-values.js';
import { changesReadyToSend } from '../check-contact-changes.js';
import { ContactFormFields } from './contact-form-fields.js';
import { ContactHistory } from './contact-history.js';
import { ContactReports } from './contact-reports.js';
import { can } from '@contract/permissions.js';
import { useAuth } from '../../auth/use-auth.js';
import { DuplicateWarning } from './duplicate-warning.js';
import { ContactVerification, lastVerifiedLine } from './contact-verification.js';
import { ContactSelfConfirmation } from './contact-self-confirmation.js';
import { ProposedCorrectionsSection } from '../../verification/proposed-corrections.js';

interface EditContactDialogProps {
  contact: MedicalContact | null;
  open: boolean;
  onClose: () => void;
}

export function EditContactDialog({ contact, open, onClose }: EditContactDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} size="lg" title="Edit Medical Contact" description={contact ? contact.name : undefined}>
      {contact ? <EditContactForm key={contact.id} contact={contact} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function EditContactForm({ contact, onClose }: { contact: MedicalContact; onClose: () => void }) {
  const original = useMemo(() => toFormValues(contact), [contact]);
  const [form, setForm] = useState<ContactFormValues>(original);
  const [confirmOutsideCountry, setConfirmOutsideCountry] = useState(false);
  const updateContact = useUpdateContact();
  const duplicates = duplicatesOf(updateContact.error);
  const historyId = useId();
  const reportsId = useId();
  const verificationId = useId();
  const selfConfirmationId = useId();
  const { user } = useAuth();
  const managesSelfConfirmation = can(user?.role, 'contacts:write');

  function update<K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function save(allowDuplicate: boolean) {
    const changes = toUpdateRequest(original, form);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    if (!changesReadyToSend(changes, form)) return;
    // The contact as the form opened it: a colleague's save since then is not undone without a word.
    const checked = { ...changes, ...(confirmOutsideCountry ? { confirmOutsideCountry } : {}), expectedUpdatedAt: contact.updatedAt };
    updateContact.mutate({ id: contact.id, changes: allowDuplicate ? { ...checked, allowDuplicate } : checked }, { onSuccess: onClose });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(false);
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      {!contact.findable ? (
        <Callout color="amber" icon={RiMapPinLine} title="Not findable by location">
          This contact has no coordinates, and none could be found for its city, so the bot cannot offer it to users sharing a
          location. Add a latitude and longitude, or correct the city, region and country.
        </Callout>
      ) : null}
      {contact.locationApproximate ? (
        <Callout color="amber" icon={RiMapPinLine} title="Location approximate: add the address or the coordinates">
          {`This contact is placed at the centre of ${contact.city}, from its city alone: the bot tells users it is "in ${contact.city}" instead of how far it is, and the map draws it hollow. Enter the latitude and longitude of its address.`}
        </Callout>
      ) : null}
      <p className="text-tremor-label text-tremor-content">{lastVerifiedLine(contact)}</p>
      <ContactFormFields
        values={form}
        onChange={update}
        mode="edit"
        fieldErrors={fieldErrorsOf(updateContact.error)}
        unrecognised={contact}
        confirmOutsideCountry={confirmOutsideCountry}
        onConfirmOutsideCountry={setConfirmOutsideCountry}
        verifying={form.verified && !original.verified}
      />
      {duplicates ? <DuplicateWarning duplicates={duplicates} saving={updateContact.isPending} onSaveAnyway={() => save(true)} /> : null}
      <ContactVerification
        contact={contact}
        headingId={verificationId}
        pendingEdits={Object.keys(toUpdateRequest(original, form)).length > 0}
        onRecorded={onClose}
      />
      {managesSelfConfirmation ? (
        <>
          <ContactSelfConfirmation contactId={contact.id} headingId={selfConfirmationId} />
          {/* Accepting changes the contact: the form's values are then out of date, so the dialog closes, as after a verification. */}
          <ProposedCorrectionsSection contactId={contact.id} onResolved={onClose} />
        </>
      ) : null}
      <ContactReports contactId={contact.id} headingId={reportsId} canResolve={can(user?.role, 'contact-reports:resolve')} />
      <ContactHistory contactId={contact.id} contactName={contact.name} headingId={historyId} />
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateContact.isPending}>
          {updateContact.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
