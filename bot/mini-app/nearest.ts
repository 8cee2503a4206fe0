import type { MiniAppContact, MiniAppNearest, MiniAppNearestQuery } from '../../api/contract/mini-app.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { answerPage, shownContacts } from '../answering/answer-page.js';
import { freshnessLine, openingLine } from '../answering/contact-card.js';
import { hiddenBefore, type ContactDirectory, type NearbyContact } from '../answering/contact-lookup.js';
import { openingStateKept } from '../answering/opening-states.js';
import { directorySpecialties, nearbySpecialties, shownSpecialties } from '../answering/search-filters.js';
import { specialtyKey, specialtyOfKey } from '../answering/specialties.js';
import type { SystemSettings } from '../../sql/settings.js';

/** A search of the Mini App, answered from the bot's directory in memory, before it is charged. */
export interface MiniAppPage extends Omit<MiniAppNearest, 'charged'> {
  /** The contacts shown, as the bot's answers count them (contact analytics). */
  shown: NearbyContact[];
}

/** How a contact is reached by message: its Telegram, else WhatsApp, as its card links them (contact-card.ts); null for a phone alone. */
function messageUrl(contact: NearbyContact): string | null {
  const username = (contact.telegramUsername ?? '').replace(/^@/, '');
  if (contact.contactMethod === 'telegram' && username) return `https://t.me/${encodeURIComponent(username)}`;
  if (contact.contactMethod === 'whatsapp' || contact.isWhatsappOnly) return `https://wa.me/${contact.phone.replace(/\D/g, '')}`;
  return username ? `https://t.me/${encodeURIComponent(username)}` : null;
}

function miniAppContact(contact: NearbyContact, directory: ContactDirectory, settings: SystemSettings, language: LanguageCode, at: Date): MiniAppContact {
  const state = openingStateKept(contact.hours, contact.timeZone, at).kind;
  return {
    id: contact.id,
    name: contact.name,
    specialtyKey: specialtyKey(contact.specialty),
    specialty: directory.taxonomy.label(contact.specialty, language),
    city: contact.city,
    latitude: contact.latitude,
    longitude: contact.longitude,
    distanceKm: Math.round(contact.distanceKm * 1000) / 1000,
    locationApproximate: contact.locationApproximate,
    isMasterOfMedicine: contact.isMasterOfMedicine,
    phone: contact.phone,
    messageUrl: messageUrl(contact),
    hours: contact.availableHours ? openingLine(contact, at, language) : '',
    openNow: state === 'unverified' ? null : state !== 'closed',
    languages: contact.languages,
    freshness: freshnessLine(contact, at, settings.reverifyAfterDays, language),
  };
}

/** The directory's specialties a contact the bot shows has, as the session lists them: key and name in the user's language. */
export function miniAppSpecialties(directory: ContactDirectory, settings: SystemSettings, language: LanguageCode, at: Date): { key: string; label: string }[] {
  return shownSpecialties(directory, hiddenBefore(settings.hideUnverifiedAfterDays, at)).map((specialty) => ({
    key: specialtyKey(specialty),
    label: directory.taxonomy.label(specialty, language),
  }));
}

/**
 * The bot's answer to a point, as the Mini App shows it: the same page (answerPage: its order, its
 * filters, the open contact it brings into sight after a page of closed ones), the specialty counts of
 * its buttons, and the offset of More results while more lie within max_radius_km. Undefined for a
 * specialty key the directory does not have.
 */
export function miniAppPage(directory: ContactDirectory, query: MiniAppNearestQuery, settings: SystemSettings, language: LanguageCode, at: Date): MiniAppPage | undefined {
  const point = { latitude: query.latitude, longitude: query.longitude };
  const specialty = query.specialty === undefined ? null : specialtyOfKey(query.specialty, directorySpecialties(directory));
  if (specialty === undefined) return undefined;
  const filters = { specialty, openNow: query.openNow, ...(query.myLanguages ? { speaks: language } : {}) };
  const page = answerPage(directory, { point, filters, offset: query.offset }, settings, language, at);
  const shown = shownContacts(page);
  return {
    shown,
    contacts: shown.map((contact) => miniAppContact(contact, directory, settings, language, at)),
    specialtyCounts: nearbySpecialties(directory, point, settings, query.openNow, at).map(({ specialty: name, count }) => ({
      key: specialtyKey(name),
      label: directory.taxonomy.label(name, language),
      count,
    })),
    nextOffset: page.hasMore ? query.offset + page.contacts.length : null,
  };
}
