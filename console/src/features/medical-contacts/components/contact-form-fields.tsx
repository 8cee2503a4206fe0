import { CheckboxField } from '../../../components/checkbox-field.js';
import { CountryField, LanguagesField } from '../../../components/code-fields.js';
import { SelectField } from '../../../components/select-field.js';
import { TextAreaField } from '../../../components/text-area-field.js';
import { TextField } from '../../../components/text-field.js';
import { CONTACT_METHOD_LABELS, isContactMethod, parseDecimal, readFormPhone, type ContactFormValues } from '../contact-form-values.js';
import { CONTACT_METHODS, type MedicalContact } from '@contract/medical-contacts.js';
import { timeZoneAt } from '@contract/place-zone.js';
import { formatPhone } from '@contract/phone-numbers.js';
import { OpeningHoursField } from './opening-hours-field.js';
import { SpecialtyField } from './specialty-field.js';
import { VerificationMethodField } from './contact-verification.js';

interface ContactFormFieldsProps {
  values: ContactFormValues;
  onChange: <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => void;
  /**
   * Spec §5: adding needs the location too; editing needs only name and phone. Correcting (the
   * verification queue's form) leaves out Verified and Active, which the verification itself decides,
   * and does not take the focus from the outcome above it.
   */
  mode: 'add' | 'edit' | 'correct';
  fieldErrors: Record<string, string>;
  /** What the contact holds that the directory does not recognise (written before countries and languages were codes). */
  unrecognised?: Pick<MedicalContact, 'countryUnrecognised' | 'languagesUnrecognised'>;
  /** The coordinates are saved though the API found them outside the country (its `location` refusal). */
  confirmOutsideCountry: boolean;
  onConfirmOutsideCountry: (confirmed: boolean) => void;
  /** Verified is being ticked now (not as the contact was opened): saving records a verification, asked how it was made. */
  verifying: boolean;
}

/** The note under a field whose old value the directory does not recognise, until the field is saved. */
function UnrecognisedNote({ children }: { children: string }) {
  return <p className="mt-1.5 text-tremor-label text-amber-700">{children}</p>;
}

/** Every field of a contact (spec §3), labelled, for the add and edit dialogs. */
export function ContactFormFields({ values, onChange, mode, fieldErrors, unrecognised, confirmOutsideCountry, onConfirmOutsideCountry, verifying }: ContactFormFieldsProps) {
  const unknownCountry = unrecognised?.countryUnrecognised;
  const unknownLanguages = unrecognised?.languagesUnrecognised ?? [];
  const locationRequired = mode === 'add';
  // The API's rule, checked as staff type: what it says now replaces what the last save was told.
  const phone = readFormPhone(values);
  const mark = (label: string, required: boolean) => (required ? `${label} *` : label);
  const text = (key: keyof ContactFormValues, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[key] as string}
      onChange={(event) => onChange(key, event.target.value)}
      autoComplete="off"
      error={fieldErrors[key]}
      {...extra}
    />
  );

  return (
    <div className="space-y-5">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-tremor-default font-semibold text-tremor-content-strong">Contact</legend>
        {text('name', 'Name *', { required: true, autoFocus: mode !== 'correct' })}
        {text('phone', 'Phone *', {
          required: true,
          type: 'tel',
          error: phone ? ('error' in phone ? phone.error : undefined) : fieldErrors.phone,
          hint: phone && 'phone' in phone ? `Saved as ${formatPhone(phone.phone)}` : 'As the contact\'s country writes it, or with + and the country code',
        })}
        <SpecialtyField
          value={values.specialty}
          onChange={(value) => onChange('specialty', value)}
          error={fieldErrors.specialty}
          hint="Pick from the list: names and synonyms in any of the bot's languages are understood."
        />
        <SelectField
          label="Contact Method"
          value={values.contactMethod}
          onChange={(event) => {
            if (isContactMethod(event.target.value)) onChange('contactMethod', event.target.value);
          }}
        >
          {CONTACT_METHODS.map((method) => (
            <option key={method} value={method}>
              {CONTACT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        {values.contactMethod === 'telegram'
          ? text('telegramUsername', 'Telegram Username *', { required: true, placeholder: 'e.g., dr_amal' })
          : null}
        {text('startMessage', 'Start Message', { placeholder: 'What to say when first writing' })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-tremor-default font-semibold text-tremor-content-strong">Location</legend>
        {text('city', mark('City', locationRequired), { required: locationRequired })}
        {text('region', mark('Region', locationRequired), { required: locationRequired })}
        <CountryField
          label={mark('Country', locationRequired)}
          required={locationRequired}
          value={values.country}
          onChange={(code) => onChange('country', code)}
          placeholder="Type its name in any language"
          error={fieldErrors.country}
          after={
            unknownCountry && !values.country ? (
              <UnrecognisedNote>{`Written as “${unknownCountry}”, which the directory does not recognise. Choose the country it means.`}</UnrecognisedNote>
            ) : null
          }
        />
        <div className="hidden sm:block" aria-hidden="true" />
        {text('latitude', 'Latitude', {
          type: 'number',
          step: 'any',
          min: -90,
          max: 90,
          inputMode: 'decimal',
          hint: "Leave blank to place it at the city's centre, approximately",
        })}
        {text('longitude', 'Longitude', { type: 'number', step: 'any', min: -180, max: 180, inputMode: 'decimal' })}
        {fieldErrors.location ? (
          <div className="space-y-2 sm:col-span-2" role="alert">
            <p className="text-tremor-label text-red-600">{fieldErrors.location}</p>
            <CheckboxField
              label="The coordinates are right: save them outside the country"
              checked={confirmOutsideCountry}
              onChange={(event) => onConfirmOutsideCountry(event.target.checked)}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-tremor-default font-semibold text-tremor-content-strong">Availability</legend>
        <OpeningHoursField
          value={values.availableHours}
          onChange={(value) => onChange('availableHours', value)}
          error={fieldErrors.availableHours}
          timeZone={timeZoneAt(parseDecimal(values.latitude), parseDecimal(values.longitude))}
        />
        {text('responseTime', 'Response Time', { placeholder: 'e.g., within 1 hour' })}
        <LanguagesField
          label="Languages"
          value={values.languages}
          onChange={(codes) => onChange('languages', codes)}
          placeholder="Type a language in any language"
          error={fieldErrors.languages}
          after={
            unknownLanguages.length > 0 ? (
              <UnrecognisedNote>{`Also written: ${unknownLanguages.map((name) => `“${name}”`).join(', ')}. The directory does not recognise these: choose the languages meant, and they go when the languages are saved.`}</UnrecognisedNote>
            ) : null
          }
        />
        {text('rating', 'Rating', { type: 'number', min: 0, max: 5, step: 0.1, inputMode: 'decimal', hint: 'From 0 to 5' })}
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-tremor-default font-semibold text-tremor-content-strong">Status</legend>
        {mode === 'correct' ? null : (
          <CheckboxField label="Verified" checked={values.verified} onChange={(event) => onChange('verified', event.target.checked)} />
        )}
        {verifying ? (
          <VerificationMethodField
            label="Verification method"
            value={values.verificationMethod}
            onChange={(method) => onChange('verificationMethod', method)}
            hint="Saving records this verification in the contact's history."
            error={fieldErrors.verificationMethod}
            className="sm:col-span-2"
          />
        ) : null}
        {mode === 'correct' ? null : (
          <CheckboxField label="Active" checked={values.isActive} onChange={(event) => onChange('isActive', event.target.checked)} />
        )}
        <CheckboxField
          label="Master of Medicine"
          checked={values.isMasterOfMedicine}
          onChange={(event) => onChange('isMasterOfMedicine', event.target.checked)}
        />
        <CheckboxField
          label="Password Required"
          checked={values.passwordRequired}
          onChange={(event) => onChange('passwordRequired', event.target.checked)}
        />
        <CheckboxField
          label="WhatsApp Only"
          checked={values.isWhatsappOnly}
          onChange={(event) => onChange('isWhatsappOnly', event.target.checked)}
        />
      </fieldset>

      <div className="grid gap-4">
        <TextAreaField
          label="Special Instructions"
          rows={2}
          value={values.specialInstructions}
          error={fieldErrors.specialInstructions}
          onChange={(event) => onChange('specialInstructions', event.target.value)}
        />
        <TextAreaField label="Comments" rows={2} value={values.comments} error={fieldErrors.comments} onChange={(event) => onChange('comments', event.target.value)} />
      </div>
    </div>
  );
}
