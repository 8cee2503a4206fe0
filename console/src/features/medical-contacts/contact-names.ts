import { countryName } from '@contract/countries.js';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { spokenLanguageName } from '@contract/spoken-languages.js';

/** A value written before countries and languages were codes that the directory does not recognise, marked for staff. */
const unrecognised = (text: string) => `${text} (not recognised)`;

/** The contact's country as the console shows it: its English name, or the text the directory does not recognise. */
export function contactCountry(contact: Pick<MedicalContact, 'country' | 'countryUnrecognised'>): string {
  if (contact.country) return countryName(contact.country);
  return contact.countryUnrecognised ? unrecognised(contact.countryUnrecognised) : '';
}

/** The contact's languages by their English names, then those the directory does not recognise. */
export function contactLanguages(contact: Pick<MedicalContact, 'languages' | 'languagesUnrecognised'>): string {
  return [...contact.languages.map((code) => spokenLanguageName(code)), ...contact.languagesUnrecognised.map(unrecognised)].join(', ');
}
