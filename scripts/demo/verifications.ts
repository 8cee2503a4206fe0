import type { VerificationMethod } from '../../api/contract/contact-verifications.js';
import { ContactListQuerySchema } from '../../api/contract/medical-contacts.js';
import { findAdminUserIdByUsername } from '../../sql/admin-users.js';
import { loadLinkedAccounts, loadVerificationHistory, type LoadedLinkedAccount, type LoadedVerification } from '../../sql/contact-verifications.js';
import type { Sql } from '../../sql/database.js';
import { listMedicalContacts } from '../../sql/medical-contacts.js';
import { createRandom } from './random.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Its own seed: the history is drawn apart from the world, which stays as it was. */
const SEED = 53_055;

const EARLIER_METHODS: [VerificationMethod, number][] = [['phone_call', 6], ['website', 2], ['in_person', 1], ['report_review', 1]];
const CORRECTED_NOTES = ['Opening hours changed; updated after the call.', 'New reception number; the old one now reaches a fax.'];
const UNREACHABLE_NOTE = 'No answer after three calls at different times.';
/** Contacts whose last call went unanswered, by their place in the list (due again at once). */
const UNREACHABLE = [5, 17, 29, 41];
/** Contacts linked to a demo Telegram account that confirms their listing itself, by their place in the list. */
const LINKED = [3, 11, 19, 27, 35, 43];

/**
 * The verification history the demo shows (Verification history, the bot's freshness lines, the
 * figures): earlier verifications of the verified contacts by both demo staff members and every
 * method, a few calls nobody answered, and a few contacts linked to demo Telegram users (`telegramIds`)
 * who confirmed their own listing through the bot. Drawn over the findable active contacts, as the
 * reports are (scripts/demo/reports.ts).
 */
export async function insertDemoVerifications(sql: Sql, telegramIds: number[], now: Date): Promise<void> {
  const random = createRandom(SEED);
  const contacts = await listMedicalContacts(sql, ContactListQuerySchema.parse({ findable: 'yes', status: 'active', pageSize: 200 }), now);
  const staff = (await Promise.all(['demo.editor', 'demo.admin'].map((username) => findAdminUserIdByUsername(sql, username)))).map((id) => id ?? null);
  const daysAgo = (days: number, from = now) => new Date(from.getTime() - days * DAY_MS - random.int(0, 8) * 60 * 60 * 1000);
  const staffRow = (contactId: number, at: Date, method: VerificationMethod): LoadedVerification => ({
    contactId, at, verifiedBy: random.pick(staff), verifiedByTelegramId: null, method, outcome: 'confirmed', changes: [], note: null,
  });

  const rows: LoadedVerification[] = [];
  for (const contact of contacts) {
    // About one cycle apart, back to when the contact was added.
    let at = contact.verifiedAt;
    for (let n = random.int(0, 2); at && n > 0; n -= 1) {
      at = daysAgo(random.int(80, 120), at);
      if (at < contact.createdAt) break;
      const row = staffRow(contact.id, at, random.weighted(EARLIER_METHODS));
      if (random.chance(0.15)) rows.push({ ...row, outcome: 'corrected', changes: [{ field: 'availableHours', before: 'Mo-Fr 09:00-17:00', after: contact.availableHours }], note: random.pick(CORRECTED_NOTES) });
      else rows.push(row);
    }
  }
  for (const index of UNREACHABLE) {
    const contact = contacts[index];
    if (contact) rows.push({ ...staffRow(contact.id, daysAgo(random.int(1, 4)), 'phone_call'), outcome: 'unreachable', note: UNREACHABLE_NOTE });
  }

  const linked: LoadedLinkedAccount[] = [];
  LINKED.forEach((index, n) => {
    const contact = contacts[index];
    const telegramId = telegramIds[n];
    if (!contact || telegramId === undefined) return;
    const linkedAt = daysAgo(random.int(30, 60));
    // The last one stopped its reminders after confirming once, when it was linked.
    const stopped = n === LINKED.length - 1;
    // After the staff's last check: the contact's own word is the newest.
    const confirmedAt = stopped ? linkedAt : new Date(Math.max(daysAgo(random.int(0, 12)).getTime(), (contact.lastVerifiedAt?.getTime() ?? 0) + 60 * 60 * 1000));
    linked.push({ contactId: contact.id, telegramId, linkedAt, lastRemindedAt: stopped ? null : confirmedAt, remindersStoppedAt: stopped ? daysAgo(random.int(10, 20)) : null });
    const self = (at: Date): LoadedVerification => ({
      contactId: contact.id, at, verifiedBy: null, verifiedByTelegramId: telegramId, method: 'self_confirmed', outcome: 'confirmed', changes: [], note: null,
    });
    rows.push(self(linkedAt));
    if (!stopped) rows.push(self(confirmedAt));
  });
  await loadLinkedAccounts(sql, linked);
  await loadVerificationHistory(sql, rows);
}
