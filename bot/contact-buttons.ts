import type { InlineKeyboardButton } from 'grammy/types';
import type { LanguageCode } from '../api/contract/languages.js';
import type { NearbyContact, Point } from '../sql/contact-lookup.js';
import { reachTexts } from './locales/reach.js';

/** The 📍 button of a contact: the bot sends its place as a venue. */
export const VENUE_CALLBACK = /^venue:(\d+)$/;
/** "Report a problem" under an answer: the user then chooses one of the answer's contacts. */
export const REPORT_CALLBACK = 'report';

/** Five decimals (about a metre), without trailing zeros: short links that still lead to the door. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(5)));
}

/** OpenStreetMap's car routes from the user's point, to each contact of an answer: the start is written once. */
export function directionsFrom(from: Point): (to: Point) => string {
  // The route "lat,lon;lat,lon" as encodeURIComponent writes it (%2C, %3B): the numbers themselves need no escaping.
  const start = `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=${coordinate(from.latitude)}%2C${coordinate(from.longitude)}%3B`;
  return (to) => `${start}${coordinate(to.latitude)}%2C${coordinate(to.longitude)}`;
}

/** The contact's WhatsApp chat, when it is reached on WhatsApp and its phone has digits. */
function whatsappUrl(contact: NearbyContact): string | undefined {
  if (contact.contactMethod !== 'whatsapp' && !contact.isWhatsappOnly) return undefined;
  const digits = contact.phone.replace(/\D/g, '');
  return digits === '' ? undefined : `https://wa.me/${digits}`;
}

/** Usernames are stored with or without the @. */
function telegramUrl(contact: NearbyContact): string | undefined {
  const username = contact.telegramUsername?.trim().replace(/^@/, '');
  return username ? `https://t.me/${username}` : undefined;
}

/**
 * The buttons of one contact of an answer, in one row under it, each label led by the contact's
 * number in the answer: its Telegram, its WhatsApp, the route from the user's point, and 📍.
 */
export function contactButtons(contact: NearbyContact, position: number, routeTo: (to: Point) => string, language: LanguageCode): InlineKeyboardButton[] {
  const buttons: InlineKeyboardButton[] = [];
  const telegram = telegramUrl(contact);
  if (telegram) buttons.push({ text: `${position} · Telegram`, url: telegram });
  const whatsapp = whatsappUrl(contact);
  if (whatsapp) buttons.push({ text: `${position} · WhatsApp`, url: whatsapp });
  buttons.push({ text: `${position} · 🧭 ${reachTexts(language).route}`, url: routeTo(contact) });
  buttons.push({ text: `${position} · 📍`, callback_data: `venue:${contact.id}` });
  return buttons;
}

/** The last row of an answer. */
export function reportButton(language: LanguageCode): InlineKeyboardButton {
  return { text: reachTexts(language).report, callback_data: REPORT_CALLBACK };
}
