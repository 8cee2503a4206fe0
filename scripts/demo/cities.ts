import { gazetteerRows } from '../load-gazetteer.js';
import type { Culture } from './names.js';
import type { Random } from './random.js';

interface DemoCountry {
  culture: Culture;
  /** The language contacts here speak first (ISO 639-1). */
  language: string;
  /** Mobile numbers, # for a digit; without one the city's numbers serve for both. */
  mobile?: string;
  /** Hours ahead of UTC, ignoring summer time: close enough for a daily rhythm. */
  utcOffset: number;
}

const COUNTRIES: Record<string, DemoCountry> = {
  GB: { culture: 'en', language: 'en', mobile: '+44 7700 900###', utcOffset: 0 },
  IE: { culture: 'en', language: 'en', mobile: '+353 85 ### ####', utcOffset: 0 },
  FR: { culture: 'fr', language: 'fr', mobile: '+33 6 ## ## ## ##', utcOffset: 1 },
  DE: { culture: 'de', language: 'de', mobile: '+49 151 ########', utcOffset: 1 },
  ES: { culture: 'es', language: 'es', mobile: '+34 6## ### ###', utcOffset: 1 },
  IT: { culture: 'it', language: 'it', mobile: '+39 3## ### ####', utcOffset: 1 },
  PT: { culture: 'pt', language: 'pt', mobile: '+351 9## ### ###', utcOffset: 0 },
  NL: { culture: 'nl', language: 'nl', mobile: '+31 6 ########', utcOffset: 1 },
  PL: { culture: 'pl', language: 'pl', mobile: '+48 5## ### ###', utcOffset: 1 },
  UA: { culture: 'uk', language: 'uk', mobile: '+380 67 ### ## ##', utcOffset: 2 },
  US: { culture: 'en', language: 'en', utcOffset: -5 },
  CA: { culture: 'en', language: 'en', utcOffset: -5 },
};

interface CitySpec {
  /** The GeoNames id, as in the gazetteer. */
  geonameId: number;
  /** Demo contacts here; 0 for places the directory does not cover yet. */
  contacts: number;
  /** Landline numbers, # for a digit (UK and North American ones in the ranges kept for fiction). */
  landline?: string;
  /** How many bot users live here, relatively. */
  users: number;
  language?: string;
}

const CITY_SPECS: CitySpec[] = [
  { geonameId: 2643743, contacts: 30, landline: '+44 20 7946 0###', users: 20 }, // London
  { geonameId: 2643123, contacts: 14, landline: '+44 161 496 0###', users: 6 }, // Manchester
  { geonameId: 2655603, contacts: 12, landline: '+44 121 496 0###', users: 5 }, // Birmingham
  { geonameId: 2650225, contacts: 3, landline: '+44 131 496 0###', users: 2 }, // Edinburgh
  { geonameId: 2988507, contacts: 24, landline: '+33 1 ## ## ## ##', users: 12 }, // Paris
  { geonameId: 2996944, contacts: 11, landline: '+33 4 72 ## ## ##', users: 4 }, // Lyon
  { geonameId: 2995469, contacts: 2, landline: '+33 4 91 ## ## ##', users: 2 }, // Marseille
  { geonameId: 2950159, contacts: 24, landline: '+49 30 ########', users: 14 }, // Berlin
  { geonameId: 2867714, contacts: 13, landline: '+49 89 #######', users: 5 }, // Munich
  { geonameId: 2911298, contacts: 3, landline: '+49 40 #######', users: 3 }, // Hamburg
  { geonameId: 3117735, contacts: 16, landline: '+34 91# ### ###', users: 7 }, // Madrid
  { geonameId: 3128760, contacts: 13, landline: '+34 93# ### ###', users: 6 }, // Barcelona
  { geonameId: 2509954, contacts: 2, landline: '+34 96# ### ###', users: 2 }, // Valencia
  { geonameId: 3169070, contacts: 13, landline: '+39 06 #### ####', users: 5 }, // Rome
  { geonameId: 3173435, contacts: 13, landline: '+39 02 #### ####', users: 5 }, // Milan
  { geonameId: 3172394, contacts: 2, landline: '+39 081 ### ####', users: 2 }, // Naples
  { geonameId: 2267057, contacts: 11, landline: '+351 21# ### ###', users: 4 }, // Lisbon
  { geonameId: 2735943, contacts: 3, landline: '+351 22# ### ###', users: 2 }, // Porto
  { geonameId: 2759794, contacts: 12, landline: '+31 20 ### ####', users: 5 }, // Amsterdam
  { geonameId: 2747891, contacts: 0, users: 2 }, // Rotterdam: served by Amsterdam's contacts
  { geonameId: 756135, contacts: 17, landline: '+48 22 ### ## ##', users: 10 }, // Warsaw
  { geonameId: 3094802, contacts: 2, landline: '+48 12 ### ## ##', users: 3 }, // Kraków
  { geonameId: 703448, contacts: 20, landline: '+380 44 ### ## ##', users: 14 }, // Kyiv
  { geonameId: 702550, contacts: 13, landline: '+380 32 ### ## ##', users: 8 }, // Lviv
  { geonameId: 698740, contacts: 3, landline: '+380 48 ### ## ##', users: 3 }, // Odesa
  { geonameId: 5128581, contacts: 14, landline: '+1 212 555 01##', users: 7 }, // New York City
  { geonameId: 4930956, contacts: 1, landline: '+1 617 555 01##', users: 2 }, // Boston
  { geonameId: 6167865, contacts: 10, landline: '+1 416 555 01##', users: 5 }, // Toronto
  { geonameId: 6077243, contacts: 2, landline: '+1 514 555 01##', users: 2, language: 'fr' }, // Montréal
  // Places more than the search radius away from every contact: their lookups find nothing.
  { geonameId: 2657832, contacts: 0, users: 1 }, // Aberdeen
  { geonameId: 2640194, contacts: 0, users: 1 }, // Plymouth
  { geonameId: 2965140, contacts: 0, users: 1 }, // Cork
  { geonameId: 3030300, contacts: 0, users: 1 }, // Brest
  { geonameId: 3031582, contacts: 0, users: 1 }, // Bordeaux
  { geonameId: 2879139, contacts: 0, users: 1 }, // Leipzig
  { geonameId: 2510911, contacts: 0, users: 1 }, // Sevilla
  { geonameId: 3182351, contacts: 0, users: 1 }, // Bari
  { geonameId: 706483, contacts: 0, users: 2 }, // Kharkiv
  { geonameId: 709930, contacts: 0, users: 1 }, // Dnipro
  { geonameId: 4887398, contacts: 0, users: 1 }, // Chicago
  { geonameId: 6173331, contacts: 0, users: 1 }, // Vancouver
];

/** A real city of the demo world: the gazetteer's names and coordinates with what the demo adds. */
export interface DemoCity {
  geonameId: number;
  name: string;
  region: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  contacts: number;
  users: number;
  culture: Culture;
  language: string;
  landline: string;
  mobile: string;
  utcOffset: number;
}

/** The demo cities with their real names, regions and coordinates, read from the gazetteer package. */
export async function loadDemoCities(): Promise<DemoCity[]> {
  const ids = new Set(CITY_SPECS.map((spec) => spec.geonameId));
  const rows = new Map((await gazetteerRows((row) => ids.has(row.id))).map((row) => [row.id, row]));
  return CITY_SPECS.map((spec) => {
    const row = rows.get(spec.geonameId);
    if (!row) throw new Error(`Demo city ${spec.geonameId} is missing from the gazetteer: update the demo city list.`);
    const country = COUNTRIES[row.countryCode]!;
    const landline = spec.landline ?? country.mobile ?? '';
    return {
      geonameId: row.id,
      name: row.name,
      region: row.region,
      country: row.country,
      countryCode: row.countryCode,
      latitude: row.latitude,
      longitude: row.longitude,
      contacts: spec.contacts,
      users: spec.users,
      culture: country.culture,
      language: spec.language ?? country.language,
      landline,
      mobile: country.mobile ?? landline,
      utcOffset: country.utcOffset,
    };
  });
}

/** A point within radiusKm of the given one, uniformly over the disc, rounded to about a metre. */
export function jitter(random: Random, point: { latitude: number; longitude: number }, radiusKm: number) {
  const distance = radiusKm * Math.sqrt(random.next());
  const bearing = random.float(0, 2 * Math.PI);
  const latitude = point.latitude + (distance / 111.32) * Math.cos(bearing);
  const longitude = point.longitude + (distance / (111.32 * Math.cos((point.latitude * Math.PI) / 180))) * Math.sin(bearing);
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A number in the given format, # standing for a random digit. */
export function phoneNumber(random: Random, format: string): string {
  return format.replace(/#/g, () => String(random.int(0, 9)));
}
