import { CONTACT_RULES } from './contract/medical-contacts.js';
import { countryName } from './contract/countries.js';
import type { PlacedCountry } from '../sql/cities.js';

interface PlacedContact {
  latitude: number;
  longitude: number;
  country: string;
}

/**
 * For each contact, the sentence refusing its coordinates when they lie outside its country, as
 * `inCountries` tells (pointsInCountries in sql/cities.ts, or the same rule in memory for a file's
 * rows, api/place-countries.ts), or undefined: inside, or a country or gazetteer that cannot tell.
 */
export async function outsideCountryRefusals(
  contacts: readonly PlacedContact[],
  inCountries: (points: PlacedCountry[]) => Promise<(boolean | undefined)[]>,
): Promise<(string | undefined)[]> {
  // A contact whose country was not recognised (an empty code) has no country to be outside of.
  const checked = contacts.flatMap((contact, index) =>
    contact.country ? [{ index, code: contact.country, latitude: contact.latitude, longitude: contact.longitude }] : [],
  );
  const inside = await inCountries(checked.map(({ latitude, longitude, code }) => ({ latitude, longitude, countryCode: code })));
  const refusals: (string | undefined)[] = contacts.map(() => undefined);
  checked.forEach((point, at) => {
    if (inside[at] === false) refusals[point.index] = CONTACT_RULES.outsideCountry(point, countryName(point.code));
  });
  return refusals;
}
