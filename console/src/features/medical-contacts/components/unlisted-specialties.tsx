import { Callout } from '@tremor/react';
import { Link } from 'react-router';
import type { ContactFilterOptions } from '@contract/medical-contacts.js';
import { formatCount, pluralForm } from '@contract/plural.js';
import { settingsSectionPath } from '../../../lib/links.js';

interface UnlistedSpecialtiesProps {
  unlisted: ContactFilterOptions['unlistedSpecialties'];
  /** Shows the contacts of one of them (the list's specialty filter). */
  onShow: (specialty: string) => void;
  /** May add specialties: Settings → Specialties is linked. */
  canAddSpecialties: boolean;
}

/**
 * The contacts whose specialty is outside the taxonomy (from before it, or written by hand), listed for
 * staff to settle rather than guessed at: each value shows its contacts, to give them one from the
 * list with Bulk Edit; an admin may add it as a specialty instead.
 */
export function UnlistedSpecialties({ unlisted, onShow, canAddSpecialties }: UnlistedSpecialtiesProps) {
  if (unlisted.length === 0) return null;
  const contacts = unlisted.reduce((sum, { contacts: count }) => sum + count, 0);
  return (
    <Callout role="status" aria-label="Specialties outside the list" color="amber" title={`${formatCount(contacts, 'contact')} ${pluralForm(contacts, 'has', 'have')} a specialty outside the list`}>
      <p>
        The bot finds {pluralForm(contacts, 'it', 'them')} only by that exact name and shows it untranslated. Open each one and give{' '}
        {pluralForm(contacts, 'it', 'them')} a specialty from the list with Bulk Edit
        {canAddSpecialties ? (
          <>
            , or add the specialty in{' '}
            <Link to={settingsSectionPath('specialties')} className="font-medium underline">
              Settings → Specialties
            </Link>
          </>
        ) : null}
        .
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {unlisted.map(({ specialty, contacts: count }) => (
          <li key={specialty}>
            <button type="button" className="font-medium underline" onClick={() => onShow(specialty)}>
              {specialty}
            </button>{' '}
            · {formatCount(count, 'contact')}
          </li>
        ))}
      </ul>
    </Callout>
  );
}
