import type { InlineKeyboardButton } from 'grammy/types';
import type { LanguageCode } from '../../api/contract/languages.js';
import type { NearbyContact, Point } from './contact-lookup.js';
import { reachTexts } from '../locales/reach.js';

/** A contact in the map's choice under an answer (and the 📍 of answers sent before it): the bot sends its place as a venue. */
export const VENUE_CALLBACK = /^venue:(\d+)$/;
/** "Report a problem" under an answer: the user then chooses one of the answer's contacts. */
export const REPORT_CALLBACK = 'report';

/** Five decimals (about a metre), without trailing zeros: short links that still lead to the door. Rounded as numbers: toFixed was a thirtieth of an answer's CPU time. */
function coordinate(value: number): string {
  return String(Math.round(value * 1e5) / 1e5);
}

/** OpenStreetMap's car routes from the user's point, to each contact of an answer (its card's link): the start is written once. */
export function directionsFrom(from: Point): (to: Point) => string {
  // The route "lat,lon;lat,lon" as encodeURIComponent writes it (%2C, %3B): the numbers themselves need no escaping.
  const start = `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=${coordinate(from.latitude)}%2C${coordinate(from.longitude)}%3B`;
  return (to) => `${start}${coordinate(to.latitude)}%2C${coordinate(to.longitude)}`;
}

/** A contact of an answer in the map's choice: the bot sends its place as a venue. */
export function venueButton(contact: Pick<NearbyContact, 'id'>, text: string): InlineKeyboardButton {
  return { text, callback_data: `venue:${contact.id}` };
}

/** The last row of an answer's keyboard. */
export function reportButton(language: LanguageCode): InlineKeyboardButton {
  return { text: reachTexts(language).report, callback_data: REPORT_CALLBACK };
}
