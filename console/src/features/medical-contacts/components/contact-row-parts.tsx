import RiDeleteBinLine from 'remixicon/icons/System/delete-bin-line.svg?react';
import RiEditLine from 'remixicon/icons/Design/edit-line.svg?react';
import { Badge, Button } from '@tremor/react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { readPhone } from '@contract/phone-numbers.js';
import { formatCount } from '../../../lib/format.js';
import { CONTACT_METHOD_LABELS } from '../contact-form-values.js';
import { contactCountry } from '../contact-names.js';

/** What a row or card can do; a viewer gets `canWrite: false` and sees no write controls. */
export interface ContactRowActions {
  canWrite: boolean;
  isSelected: (id: number) => boolean;
  onToggleSelected: (id: number, selected: boolean) => void;
  onEdit: (contact: MedicalContact) => void;
  onDelete: (contact: MedicalContact) => void;
  /** Every role: what bot users reported about the contact (resolving them is for editors and up). */
  onShowReports: (contact: MedicalContact) => void;
}

export function ContactBadges({ contact, actions }: { contact: MedicalContact; actions: ContactRowActions }) {
  return (
    <div className="flex flex-wrap gap-1">
      {contact.openReports > 0 ? (
        <button
          type="button"
          aria-label={`Reports about ${contact.name}`}
          onClick={() => actions.onShowReports(contact)}
          className="rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted"
        >
          <Badge color="rose" size="xs">
            {formatCount(contact.openReports, 'open report')}
          </Badge>
        </button>
      ) : null}
      {contact.isMasterOfMedicine ? <Badge color="violet" size="xs">Master of Medicine</Badge> : null}
      {contact.dueForReverification ? (
        <Badge color="amber" size="xs">Re-verify</Badge>
      ) : contact.verified ? (
        <Badge color="emerald" size="xs">Verified</Badge>
      ) : (
        <Badge color="gray" size="xs">Unverified</Badge>
      )}
      {contact.isActive ? null : <Badge color="red" size="xs">Inactive</Badge>}
      {contact.findable ? null : <Badge color="orange" size="xs">No location</Badge>}
      {contact.locationApproximate ? <Badge color="amber" size="xs">City centre only</Badge> : null}
      {'error' in readPhone(contact.phone, contact.country) ? <Badge color="orange" size="xs">Phone to correct</Badge> : null}
    </div>
  );
}

export function ContactMethodText({ contact }: { contact: MedicalContact }) {
  return (
    <span>
      {CONTACT_METHOD_LABELS[contact.contactMethod]}
      {contact.contactMethod === 'telegram' && contact.telegramUsername ? ` @${contact.telegramUsername.replace(/^@/, '')}` : ''}
    </span>
  );
}

export function SelectCheckbox({ contact, actions }: { contact: MedicalContact; actions: ContactRowActions }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${contact.name}`}
      checked={actions.isSelected(contact.id)}
      onChange={(event) => actions.onToggleSelected(contact.id, event.target.checked)}
      className="h-4 w-4 rounded border-tremor-border text-tremor-brand focus:ring-tremor-brand-muted"
    />
  );
}

export function ContactActionButtons({ contact, actions }: { contact: MedicalContact; actions: ContactRowActions }) {
  if (!actions.canWrite) return null;
  return (
    <div className="flex items-center gap-1">
      <Button type="button" size="xs" variant="secondary" icon={RiEditLine} aria-label={`Edit ${contact.name}`} onClick={() => actions.onEdit(contact)}>
        Edit
      </Button>
      <Button
        type="button"
        size="xs"
        variant="light"
        color="red"
        icon={RiDeleteBinLine}
        aria-label={`Delete ${contact.name}`}
        onClick={() => actions.onDelete(contact)}
      />
    </div>
  );
}

export function formatLocation(contact: MedicalContact): string {
  return [contact.city, contact.region, contactCountry(contact)].filter(Boolean).join(', ');
}
