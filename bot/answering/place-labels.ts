import type { LanguageCode } from '../../api/contract/languages.js';
import { countryName } from '../../api/contract/countries.js';
import type { Place } from '../../sql/cities.js';
import { placeNameIn } from '../../api/contract/place-names.js';

type NamedPlace = Pick<Place, 'id' | 'name' | 'region' | 'country' | 'countryCode'>;

/** A place's country in a language, as ICU spells it ("Україна", "Deutschland"); the gazetteer's English name if ICU has none. */
function placeCountry(place: NamedPlace, language: LanguageCode): string {
  const name = countryName(place.countryCode, language);
  return name === place.countryCode ? place.country : name;
}

/** A place's name in the user's language: its own there (Київ, München), else the gazetteer's, in English. */
export function placeName(place: Pick<Place, 'id' | 'name'>, language: LanguageCode): string {
  return placeNameIn(place.id, language) ?? placeNameIn(place.id, 'en') ?? place.name;
}

/**
 * How the bot names a place: "London, England, United Kingdom" in English, "Київ, Україна" in Ukrainian.
 * The gazetteer's regions exist in English alone, so other languages leave them out rather than put
 * English in the middle of their sentence; `withRegion` keeps it where it tells namesakes apart.
 */
export function placeLabel(place: NamedPlace, language: LanguageCode, withRegion = language === 'en'): string {
  return [placeName(place, language), withRegion ? place.region : '', placeCountry(place, language)].filter(Boolean).join(', ');
}

/**
 * The labels of places offered to choose from, in the user's language: a place that would read like
 * another of the choice (two Springfields of one country) keeps its region, in English, to tell them apart.
 */
export function choiceLabels(places: NamedPlace[], language: LanguageCode): string[] {
  const labels = places.map((place) => placeLabel(place, language));
  return places.map((place, index) => (labels.indexOf(labels[index]!) !== labels.lastIndexOf(labels[index]!) ? placeLabel(place, language, true) : labels[index]!));
}
