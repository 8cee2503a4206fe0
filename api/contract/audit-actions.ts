/**
 * Every action the audit log records, each with the kind of record it concerns (the row's target
 * type). Routes record them through `audited` (api/audited.ts); the bulk contact changes write theirs
 * in the statement that makes them (sql/medical-contacts.ts), and so do the verifications of a bulk
 * edit or an import (sql/contact-verifications.ts); migration 048 wrote
 * `contact.specialty-mapped` once, and old rows keep it.
 */
export const AUDIT_ACTIONS = {
  'account.change-password': 'admin_user',
  'account.disable-2fa': 'admin_user',
  'account.enable-2fa': 'admin_user',
  'account.end-other-sessions': 'admin_user',
  'account.end-session': 'admin_session',
  'account.regenerate-recovery-codes': 'admin_user',
  'admin-user.create': 'admin_user',
  'admin-user.delete': 'admin_user',
  'admin-user.end-sessions': 'admin_user',
  'admin-user.reset-password': 'admin_user',
  'admin-user.toggle-2fa': 'admin_user',
  'admin-user.update': 'admin_user',
  'admin-whitelist.create': 'admin_whitelist_entry',
  'admin-whitelist.delete': 'admin_whitelist_entry',
  'admin-whitelist.update': 'admin_whitelist_entry',
  'analytics.export': 'analytics',
  'audit-log.export': 'audit_log',
  'authorized-group.create': 'authorized_group',
  'authorized-group.delete': 'authorized_group',
  'authorized-group.update': 'authorized_group',
  'backup.start': 'backup',
  'bot-logs.export': 'bot_logs',
  'broadcast.cancel': 'broadcast',
  'broadcast.retry-failed': 'broadcast',
  'broadcast.send': 'broadcast',
  'broadcast.send-unknown': 'broadcast',
  'confirmation-link.create': 'confirmation_link',
  'confirmation-link.end': 'confirmation_link',
  'contact-analytics.export': 'contact_analytics',
  'contact-report.resolve': 'contact_report',
  'contact.bulk-delete': 'medical_contact',
  'contact.bulk-update': 'medical_contact',
  'contact.create': 'medical_contact',
  'contact.delete': 'medical_contact',
  'contact.export': 'medical_contact',
  'contact.import': 'contact_import',
  'contact.import-undo': 'contact_import',
  'contact.specialty-mapped': 'medical_contact',
  'contact.update': 'medical_contact',
  'contact.verify': 'medical_contact',
  'dashboard.export': 'bot_stats',
  'linked-account.remove': 'contact_linked_account',
  'message-template.create': 'message_template',
  'message-template.delete': 'message_template',
  'message-template.update': 'message_template',
  'notification-settings.update': 'notification_settings',
  'proposed-correction.accept': 'proposed_correction',
  'proposed-correction.reject': 'proposed_correction',
  'specialty.create': 'specialty',
  'specialty.delete': 'specialty',
  'specialty.update': 'specialty',
  'system-settings.update': 'system_settings',
  'telegram-user.block': 'telegram-user',
  'telegram-user.reset-daily-usage': 'telegram-user',
  'telegram-user.unblock': 'telegram-user',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditTargetType = (typeof AUDIT_ACTIONS)[AuditAction];

/**
 * What the Audit Log screen's Action menu offers: every action the product records, so one that has
 * not happened yet can be watched for, and any other the log holds (rows written before an action was
 * renamed, or by hand), so those stay findable. Sorted, each once.
 */
export function auditActionChoices(held: readonly string[]): string[] {
  return [...new Set([...Object.keys(AUDIT_ACTIONS), ...held])].sort();
}
