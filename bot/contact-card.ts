import type { NearbyContact } from '../sql/contact-lookup.js';
import { escapeHtml } from '../api/contract/message-templates.js';
import { languageName, type LanguageCode } from '../api/contract/languages.js';

function formatDistance(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** How to reach the contact, as its contact method says, with a link Telegram can open. */
function reachLine(contact: NearbyContact): string {
  const phone = escapeHtml(contact.phone);
  const username = (contact.telegramUsername ?? '').replace(/^@/, '');
  if (contact.contactMethod === 'telegram' && username) {
    return `💬 <a href="https://t.me/${encodeURIComponent(username)}">@${escapeHtml(username)}</a>`;
  }
  if (contact.contactMethod === 'whatsapp' || contact.isWhatsappOnly) {
    return `🟢 <a href="https://wa.me/${contact.phone.replace(/\D/g, '')}">WhatsApp ${phone}</a>`;
  }
  return `📞 ${phone}`;
}

/**
 * The contact's languages, the asker's first and marked ✅ when the contact speaks it: a sign, not
 * a word, so the line reads the same in every language of the bot.
 */
function languagesLine(languages: string[], asker: LanguageCode | undefined): string {
  const spoken = asker ? languages.indexOf(languageName(asker)) : -1;
  if (spoken < 0) return `🗣 ${escapeHtml(languages.join(', '))}`;
  const others = languages.filter((_, index) => index !== spoken);
  return `🗣 ✅ ${escapeHtml([languages[spoken], ...others].join(', '))}`;
}

export interface ContactCardOptions {
  /** The asker's language: the card marks it among the contact's. */
  language?: LanguageCode;
}

/** One contact of an answer: name, specialty, distance, how to reach them, hours, languages, instructions. */
export function formatContact(contact: NearbyContact, position: number, options: ContactCardOptions = {}): string {
  const title = `<b>${position}. ${escapeHtml(contact.name)}</b>${contact.specialty ? ` · ${escapeHtml(contact.specialty)}` : ''}`;
  const facts = [`📏 ${formatDistance(contact.distanceKm)}${contact.city ? ` · ${escapeHtml(contact.city)}` : ''}`];
  if (contact.availableHours) facts.push(`🕒 ${escapeHtml(contact.availableHours)}`);
  if (contact.languages.length) facts.push(languagesLine(contact.languages, options.language));
  const lines = [title, reachLine(contact), facts.join(' · ')];
  if (contact.specialInstructions) lines.push(`ℹ️ ${escapeHtml(contact.specialInstructions)}`);
  return lines.join('\n');
}
