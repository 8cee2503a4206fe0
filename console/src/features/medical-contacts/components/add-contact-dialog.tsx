import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import { readOpeningHours } from '@contract/opening-hours.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';
import { duplicatesOf } from '../api/contact-errors.js';
import { useCreateContact } from '../api/create-contact.js';
import { EMPTY_CONTACT_FORM, readFormPhone, toCreateRequest, type ContactFormValues } from '../contact-form-values.js';
import { ContactFormFields } from './contact-form-fields.js';
import { DuplicateWarning } from './duplicate-warning.js';

export function AddContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} size="lg" title="Add Medical Contact" description="Fields marked * are required.">
      {/* Headless UI unmounts a closed dialog's content, so every opening starts empty. */}
      <AddContactForm onClose={onClose} />
    </ModalDialog>
  );
}

function AddContactForm({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [confirmOutsideCountry, setConfirmOutsideCountry] = useState(false);
  const createContact = useCreateContact();
  const duplicates = duplicatesOf(createContact.error);

  function update<K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function save(allowDuplicate: boolean) {
    // The field already says why and offers the likelier hours: the server would refuse them the same way.
    const hours = readOpeningHours(form.availableHours);
    if (hours.kind === 'refused') {
      notifyError(hours.message);
      return;
    }
    // The phone field already says why it cannot be a number: the API would only say it again.
    const phone = readFormPhone(form);
    if (phone && 'error' in phone) return;
    const confirmed = confirmOutsideCountry ? { confirmOutsideCountry } : {};
    createContact.mutate({ ...toCreateRequest(form), ...confirmed, ...(allowDuplicate ? { allowDuplicate } : {}) }, { onSuccess: onClose });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(false);
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      <ContactFormFields
        values={form}
        onChange={update}
        mode="add"
        fieldErrors={fieldErrorsOf(createContact.error)}
        confirmOutsideCountry={confirmOutsideCountry}
        onConfirmOutsideCountry={setConfirmOutsideCountry}
        verifying={form.verified}
      />
      {duplicates ? <DuplicateWarning duplicates={duplicates} saving={createContact.isPending} onSaveAnyway={() => save(true)} /> : null}
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={createContact.isPending}>
          {createContact.isPending ? 'Adding...' : 'Add Contact'}
        </Button>
      </div>
    </form>
  );
}
