import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import { CONTACT_METHODS } from '@contract/medical-contacts.js';
import { readOpeningHours } from '@contract/opening-hours.js';
import { checkSpecialty } from '@contract/specialties.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { SelectField } from '../../../components/select-field.js';
import { TextField } from '../../../components/text-field.js';
import { notifyError } from '../../../lib/notify.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { useSpecialtyTaxonomy } from '../../../lib/specialties.js';
import { useBulkUpdateContacts, type BulkChanges, type BulkTarget } from '../api/bulk-contacts.js';
import { CONTACT_METHOD_LABELS, isContactMethod, type ContactMethod } from '../contact-form-values.js';
import { CountryField, LanguagesField } from '../../../components/code-fields.js';
import { formatCount } from '../../../lib/format.js';
import { OpeningHoursField } from './opening-hours-field.js';
import { SpecialtyField } from './specialty-field.js';
import { VerificationMethodField } from './contact-verification.js';
import { DEFAULT_VERIFICATION_METHOD, type StaffVerificationMethod } from '@contract/contact-verifications.js';

interface BulkEditValues {
  specialty: string;
  city: string;
  region: string;
  /** An ISO 3166-1 code; '' leaves each contact's. */
  country: string;
  contactMethod: ContactMethod | '';
  availableHours: string;
  responseTime: string;
  /** ISO 639-1 codes; none leaves each contact's. */
  languages: string[];
  rating: string;
  verified: FlagChoice;
  isMasterOfMedicine: FlagChoice;
  isActive: FlagChoice;
}

/** A yes/no field in bulk edit: left as each contact has it unless the user picks a value. */
type FlagChoice = '' | 'yes' | 'no';
const FLAG_FIELDS = [
  ['verified', 'Verified'],
  ['isMasterOfMedicine', 'Master of Medicine'],
  ['isActive', 'Active'],
] as const;
const isFlagChoice = (value: string): value is FlagChoice => value === '' || value === 'yes' || value === 'no';

const EMPTY_BULK_FORM: BulkEditValues = {
  specialty: '',
  city: '',
  region: '',
  country: '',
  contactMethod: '',
  availableHours: '',
  responseTime: '',
  languages: [],
  rating: '',
  verified: '',
  isMasterOfMedicine: '',
  isActive: '',
};

const TEXT_FIELDS = ['specialty', 'city', 'region', 'availableHours', 'responseTime'] as const;

/**
 * Spec §5: only the fields filled in are sent. The old form's verified, master and active
 * checkboxes always counted as filled, so every bulk edit also overwrote those flags on every
 * contact (reactivating inactive ones, demoting Masters of Medicine): here they are choices that
 * count only when a value is picked.
 */
export function toBulkChanges(form: BulkEditValues): BulkChanges {
  const changes: BulkChanges = {};
  for (const key of TEXT_FIELDS) {
    const value = form[key].trim();
    if (value) changes[key] = value;
  }
  if (form.country) changes.country = form.country;
  if (form.contactMethod) changes.contactMethod = form.contactMethod;
  if (form.languages.length > 0) changes.languages = form.languages;
  if (form.rating.trim()) changes.rating = Number(form.rating);
  for (const [key] of FLAG_FIELDS) {
    if (form[key]) changes[key] = form[key] === 'yes';
  }
  return changes;
}

interface BulkEditDialogProps {
  open: boolean;
  onClose: () => void;
  target: BulkTarget;
  /** How many contacts the target covers, for the dialog's wording. */
  count: number;
  onDone: () => void;
}

export function BulkEditDialog({ open, onClose, target, count, onDone }: BulkEditDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Bulk Edit Contacts"
      description={`Changes apply to ${formatCount(count, 'selected contact')}. Fields left empty are not changed.`}
    >
      <BulkEditForm target={target} onClose={onClose} onDone={onDone} />
    </ModalDialog>
  );
}

function BulkEditForm({ target, onClose, onDone }: { target: BulkTarget; onClose: () => void; onDone: () => void }) {
  const [form, setForm] = useState(EMPTY_BULK_FORM);
  const [verificationMethod, setVerificationMethod] = useState<StaffVerificationMethod>(DEFAULT_VERIFICATION_METHOD);
  const bulkUpdate = useBulkUpdateContacts();
  const specialty = checkSpecialty(form.specialty, useSpecialtyTaxonomy());

  function update<K extends keyof BulkEditValues>(key: K, value: BulkEditValues[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const hours = readOpeningHours(form.availableHours);
    if (hours.kind === 'refused') {
      notifyError(hours.message);
      return;
    }
    if ('error' in specialty) {
      notifyError(specialty.error);
      return;
    }
    const updates = toBulkChanges(form);
    if (Object.keys(updates).length === 0) {
      notifyError('Please select at least one field to update');
      return;
    }
    bulkUpdate.mutate(
      { target, updates, ...(updates.verified ? { verificationMethod } : {}) },
      {
        onSuccess: () => {
          onDone();
          onClose();
        },
      },
    );
  }

  const text = (key: (typeof TEXT_FIELDS)[number], label: string, placeholder?: string) => (
    <TextField label={label} value={form[key]} placeholder={placeholder} autoComplete="off" onChange={(event) => update(key, event.target.value)} />
  );

  return (
    <form onSubmit={submit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SpecialtyField
          value={form.specialty}
          onChange={(value) => update('specialty', value)}
          error={fieldErrorsOf(bulkUpdate.error).specialty}
          hint="Leave empty to keep each contact's specialty."
        />
        <SelectField
          label="Contact Method"
          value={form.contactMethod}
          onChange={(event) => update('contactMethod', isContactMethod(event.target.value) ? event.target.value : '')}
        >
          <option value="">No change</option>
          {CONTACT_METHODS.map((method) => (
            <option key={method} value={method}>
              {CONTACT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        {text('city', 'City')}
        {text('region', 'Region')}
        <CountryField label="Country" value={form.country} onChange={(code) => update('country', code)} placeholder="No change" />
        <OpeningHoursField value={form.availableHours} onChange={(value) => update('availableHours', value)} timeZone={null} />
        {text('responseTime', 'Response Time')}
        <LanguagesField label="Languages" value={form.languages} onChange={(codes) => update('languages', codes)} placeholder="No change" />
        <TextField
          label="Rating"
          type="number"
          min={0}
          max={5}
          step={0.1}
          inputMode="decimal"
          value={form.rating}
          onChange={(event) => update('rating', event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {FLAG_FIELDS.map(([key, label]) => (
          <SelectField
            key={key}
            label={label}
            value={form[key]}
            onChange={(event) => update(key, isFlagChoice(event.target.value) ? event.target.value : '')}
          >
            <option value="">No change</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </SelectField>
        ))}
        {form.verified === 'yes' ? (
          <VerificationMethodField
            label="Verification method"
            value={verificationMethod}
            onChange={setVerificationMethod}
            hint="Each contact's history records this verification."
            className="sm:col-span-3"
          />
        ) : null}
      </div>
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={bulkUpdate.isPending}>
          {bulkUpdate.isPending ? 'Updating...' : 'Update Contacts'}
        </Button>
      </div>
    </form>
  );
}
