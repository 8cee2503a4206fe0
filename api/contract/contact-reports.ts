import { z } from 'zod';

/** What a bot user can report about a contact shown in an answer. */
export const CONTACT_PROBLEMS = ['wrong_number', 'closed_or_moved', 'no_answer', 'other'] as const;
export type ContactProblem = (typeof CONTACT_PROBLEMS)[number];

/** The console's words for each problem. */
export const CONTACT_PROBLEM_LABELS: Record<ContactProblem, string> = {
  wrong_number: 'Wrong number',
  closed_or_moved: 'Closed or moved',
  no_answer: 'Does not answer',
  other: 'Other',
};

/** Open until staff resolve it; an open report makes its contact due for re-verification. */
export const REPORT_STATUSES = ['open', 'fixed', 'not_a_problem'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', fixed: 'Fixed', not_a_problem: 'Not a problem' };

export const ContactReportSchema = z.object({
  id: z.number(),
  contactId: z.number(),
  telegramId: z.number(),
  problem: z.enum(CONTACT_PROBLEMS),
  comment: z.string().nullable(),
  /** The user's day (configured time zone), YYYY-MM-DD. */
  reportedOn: z.string(),
  createdAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** The username of the staff member who resolved it. */
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type ContactReport = z.infer<typeof ContactReportSchema>;

export const ContactReportListSchema = z.array(ContactReportSchema);

const STATUS_RULE = 'Status must be one of open, fixed or not_a_problem.';
export const ResolveReportSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: STATUS_RULE }),
});
export type ResolveReport = z.infer<typeof ResolveReportSchema>;
