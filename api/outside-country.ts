import { CONTACT_RULES } from './contract/medical-contacts.js';
import { countryCode, countryName } from './contract/country-code.js';
import type { Sql } from '../sql/database.js';
import { pointsInCountries } from '../sql/cities.js';

interface PlacedContact {
  latitude: number;
  longitude: number;
  country: string;
}

/**
 * For each contact, the sentence refusing its coordinates when they lie outside its country
 * (`pointsInCountries`), or undefined: inside, or a country or gazetteer that cannot tell.
 */
export async function outsideCountryRefusals(sql: Sql, contacts: readonly PlacedContact[]): Promise<(string | undefined)[]> {
  const checked = contacts.flatMap((contact, index) => {
    const code = countryCode(contact.country);
    return code ? [{ index, code, latitude: contact.latitude, longitude: contact.longitude }] : [];
  });
  const inside = await pointsInCountries(sql, checked.map(({ latitude, longitude, code }) => ({ latitude, longitude, countryCode: code })));
  const refusals: (string | undefined)[] = contacts.map(() => undefined);
  checked.forEach((point, at) => {
    if (inside[at] === false) refusals[point.index] = CONTACT_RULES.outsideCountry(point, countryName(point.code));
  });
  return refusals;
}
