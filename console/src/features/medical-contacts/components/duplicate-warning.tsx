import RiErrorWarningLine from 'remixicon/icons/System/error-warning-line.svg?react';
import { Button, Callout } from '@tremor/react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { contactCountry } from '../contact-names.js';
import { formatPhone } from '@contract/phone-numbers.js';

interface DuplicateWarningProps {
  duplicates: readonly MedicalContact[];
  saving: boolean;
  onSaveAnyway: () => void;
}

/** The 409 answer shown in the form: the existing contacts this one looks like, and "Save anyway". */
export function DuplicateWarning({ duplicates, saving, onSaveAnyway }: DuplicateWarningProps) {
  return (
    <Callout role="alert" color="amber" icon={RiErrorWarningLine} title="This looks like an existing contact">
      <p>The same phone number, or the same name in the same city, is already in the directory:</p>
      <ul className="mt-2 space-y-1">
        {duplicates.map((contact) => (
          <li key={contact.id} className="font-medium">
            {contact.name} · {formatPhone(contact.phone)} · {[contact.city, contactCountry(contact)].filter(Boolean).join(', ')}
          </li>
        ))}
      </ul>
      <Button type="button" size="xs" variant="secondary" className="mt-3" onClick={onSaveAnyway} disabled={saving}>
        Save anyway
      </Button>
    </Callout>
  );
}
