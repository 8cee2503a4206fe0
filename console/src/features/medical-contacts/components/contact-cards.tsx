import type { MedicalContact } from '@contract/medical-contacts.js';
import { formatPhone } from '@contract/phone-numbers.js';
import { ContactActionButtons, ContactBadges, ContactMethodText, formatLocation, SelectCheckbox, type ContactRowActions } from './contact-row-parts.js';
import { contactLanguages } from '../contact-names.js';

interface ContactCardsProps {
  contacts: readonly MedicalContact[];
  actions: ContactRowActions;
  labelledBy: string;
}

/** The narrower layout (below 1440 px): one card per contact. */
export function ContactCards({ contacts, actions, labelledBy }: ContactCardsProps) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-tremor-border">
      {contacts.map((contact) => (
        <li key={contact.id} className="space-y-3 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start gap-3">
            {actions.canWrite ? (
              <div className="pt-0.5">
                <SelectCheckbox contact={contact} actions={actions} />
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-tremor-content-strong">{contact.name}</p>
              <p className="text-tremor-default text-tremor-content">{contact.specialty || 'No specialty given'}</p>
            </div>
            <ContactActionButtons contact={contact} actions={actions} />
          </div>
          <ContactBadges contact={contact} actions={actions} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-tremor-default">
            <div>
              <dt className="text-xs text-tremor-content-subtle">Phone</dt>
              <dd className="break-words text-tremor-content-emphasis">{formatPhone(contact.phone)}</dd>
            </div>
            <div>
              <dt className="text-xs text-tremor-content-subtle">Contact</dt>
              <dd className="break-words text-tremor-content-emphasis">
                <ContactMethodText contact={contact} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-tremor-content-subtle">Location</dt>
              <dd className="text-tremor-content-emphasis">{formatLocation(contact)}</dd>
            </div>
            <div>
              <dt className="text-xs text-tremor-content-subtle">Languages</dt>
              <dd className="text-tremor-content-emphasis">{contactLanguages(contact) || '-'}</dd>
            </div>
            <div>
              <dt className="text-xs text-tremor-content-subtle">Rating</dt>
              <dd className="text-tremor-content-emphasis">{contact.rating.toFixed(1)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
