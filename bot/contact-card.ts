import type { NearbyContact } from '../sql/contact-lookup.js';
import { escapeHtml } from '../api/contract/message-templates.js';

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

/** One contact of an answer: name, specialty, distance, how to reach them, hours, languages, instructions. */
export function formatContact(contact: NearbyContact, position: number): string {
  const title = `<b>${position}. ${escapeHtml(contact.name)}</b>${contact.specialty ? ` · ${escapeHtml(contact.specialty)}` : ''}`;
  const facts = [`📏 ${formatDistance(contact.distanceKm)}${contact.city ? ` · ${escapeHtml(contact.city)}` : ''}`];
  if (contact.availableHours) facts.push(`🕒 ${escapeHtml(contact.availableHours)}`);
  if (contact.languages.length) facts.push(`🗣 ${escapeHtml(contact.languages.join(', '))}`);
  const lines = [title, reachLine(contact), facts.join(' · ')];
  if (contact.specialInstructions) lines.push(`ℹ️ ${escapeHtml(contact.specialInstructions)}`);
  return lines.join('\n');
}
