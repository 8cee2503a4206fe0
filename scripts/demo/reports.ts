import type { ContactProblem, ReportStatus } from '../../api/contract/contact-reports.js';
import { ContactListQuerySchema } from '../../api/contract/medical-contacts.js';
import { findAdminUserIdByUsername } from '../../sql/admin-users.js';
import type { Sql } from '../../sql/database.js';
import { resolveContactReport, storeContactReport } from '../../sql/contact-reports.js';
import { reportNotification } from '../../bot/features/reports.js';
import { listMedicalContacts } from '../../sql/medical-contacts.js';
import { localDay } from '../../api/contract/time-zone.js';

const HOUR_MS = 60 * 60 * 1000;

/** What bot users told us over the last days: most still open, a few already checked by the editor. */
const DEMO_REPORTS: { problem: ContactProblem; hoursAgo: number; status: ReportStatus; comment?: string }[] = [
  { problem: 'wrong_number', hoursAgo: 3, status: 'open' },
  { problem: 'no_answer', hoursAgo: 9, status: 'open' },
  { problem: 'closed_or_moved', hoursAgo: 20, status: 'open' },
  { problem: 'other', hoursAgo: 30, status: 'open', comment: 'Only speaks to patients registered with the practice.' },
  // Over four days: open longer than the two business days a correction is given, whatever the weekday.
  { problem: 'wrong_number', hoursAgo: 100, status: 'open' },
  { problem: 'no_answer', hoursAgo: 75, status: 'fixed' },
  { problem: 'closed_or_moved', hoursAgo: 130, status: 'fixed' },
  { problem: 'other', hoursAgo: 200, status: 'not_a_problem', comment: 'The receptionist was rude.' },
];

/**
 * Reports from demo bot users about demo contacts (each with the notification the bot raises), so the
 * console's reports, the "Reported" filter and the analytics cards have something to show.
 */
export async function insertDemoReports(sql: Sql, reporters: number[], now: Date, timeZone: string): Promise<void> {
  const contacts = await listMedicalContacts(sql, ContactListQuerySchema.parse({ findable: 'yes', status: 'active', pageSize: 200 }), now);
  const editorId = (await findAdminUserIdByUsername(sql, 'demo.editor')) ?? null;
  for (const [index, report] of DEMO_REPORTS.entries()) {
    const contact = contacts[(index * 23) % contacts.length];
    const telegramId = reporters[index % reporters.length];
    if (!contact || telegramId === undefined) return;
    const createdAt = new Date(now.getTime() - report.hoursAgo * HOUR_MS);
    const stored = await storeContactReport(
      sql,
      { contactId: contact.id, telegramId, problem: report.problem, reportedOn: localDay(createdAt, timeZone), createdAt, comment: report.comment ?? null },
      reportNotification(contact, report.problem, telegramId),
    );
    if (!stored) continue;
    if (report.status !== 'open') await resolveContactReport(sql, stored.id, { status: report.status, adminId: editorId, at: new Date(createdAt.getTime() + 2 * HOUR_MS) });
  }
}
