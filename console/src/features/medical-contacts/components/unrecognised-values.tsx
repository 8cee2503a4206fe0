import RiQuestionLine from 'remixicon/icons/System/question-line.svg?react';
import { Button, Callout } from '@tremor/react';
import type { ContactListResponse, UnrecognisedValues } from '@contract/medical-contacts.js';
import { formatCount, pluralForm } from '../../../lib/format.js';

type Unrecognised = ContactListResponse['unrecognised'];

/** "Atlantis (2), Germny (1) and 3 others": the values most contacts hold first. */
function valuesText({ values, otherValues }: UnrecognisedValues): string {
  const listed = values.map(({ value, contacts }) => `“${value}” (${contacts.toLocaleString('en-GB')})`).join(', ');
  return otherValues > 0 ? `${listed} and ${formatCount(otherValues, 'other')}` : listed;
}

/**
 * What the directory does not recognise among the countries and languages written before they were
 * codes (spec §2.7): how many contacts, which values, and a link to those contacts, each of which
 * staff then edit to choose the country or the languages meant.
 */
export function UnrecognisedValuesCallout({ unrecognised, onShow }: { unrecognised: Unrecognised; onShow: (field: keyof Unrecognised) => void }) {
  const { country, languages } = unrecognised;
  if (country.contacts === 0 && languages.contacts === 0) return null;
  return (
    <Callout color="amber" icon={RiQuestionLine} title="Values the directory does not recognise">
      <ul className="space-y-1">
        {country.contacts > 0 ? (
          <li>
            {formatCount(country.contacts, 'contact')} {pluralForm(country.contacts, 'has', 'have')} a country the directory does not recognise: {valuesText(country)}.{' '}
            <Button type="button" variant="light" size="xs" aria-label="Show the contacts with a country not recognised" onClick={() => onShow('country')}>
              Show them
            </Button>
          </li>
        ) : null}
        {languages.contacts > 0 ? (
          <li>
            {formatCount(languages.contacts, 'contact')} {pluralForm(languages.contacts, 'lists', 'list')} languages the directory does not recognise: {valuesText(languages)}.{' '}
            <Button type="button" variant="light" size="xs" aria-label="Show the contacts with languages not recognised" onClick={() => onShow('languages')}>
              Show them
            </Button>
          </li>
        ) : null}
      </ul>
    </Callout>
  );
}
