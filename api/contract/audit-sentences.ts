import { AUDIT_ACTIONS, type AuditAction } from './audit-actions.js';
import { fieldLabel } from './fields.js';
import { formatPhone } from './phone-numbers.js';
import { ROLES, roleName, type Role } from './roles.js';
import { withoutTags } from './message-templates.js';

/**
 * The audit log in words for people: each action as a sentence ("Anna created the admin user
 * Boris"), each recorded field under the label its screen gives it, each value as the screens show
 * it. Shared by the Audit Log screen and a contact's History (console), and checked in
 * test/api/audit-sentences.test.ts.
 */

/** What names a record in its before/after JSON, first found first. */
const NAME_KEYS = ['name', 'title', 'username', 'firstName', 'chatTitle', 'key'] as const;

type Json = unknown;
const isRecord = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changed record's name from its after (else before) side, else "#id", else nothing. */
export function auditTargetName(entry: { targetId: string | null; before: Json; after: Json }): string | null {
  for (const side of [entry.after, entry.before]) {
    if (!isRecord(side)) continue;
    for (const key of NAME_KEYS) {
      const value = side[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return entry.targetId === null ? null : `#${entry.targetId}`;
}

type Sentence = (who: string, target: string | null) => string;
/** "the admin user Boris", or "an admin user" when the row does not name it. */
const the = (noun: string, target: string | null) => (target === null ? `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}` : `the ${noun} ${target}`);
const act = (verb: string, noun: string): Sentence => (who, target) => `${who} ${verb} ${the(noun, target)}`;
const plain = (rest: string): Sentence => (who) => `${who} ${rest}`;

/** One sentence per action: the type makes a new action in AUDIT_ACTIONS fail to compile until it has one. */
export const AUDIT_SENTENCES: Record<AuditAction, Sentence> = {
  'account.change-password': plain('changed their password'),
  'account.disable-2fa': plain('turned off two-factor authentication for their account'),
  'account.enable-2fa': plain('turned on two-factor authentication for their account'),
  'account.end-other-sessions': plain('signed out their other sessions'),
  'account.end-session': plain('ended one of their sessions'),
  'account.regenerate-recovery-codes': plain('made new recovery codes'),
  'admin-user.create': act('created', 'admin user'),
  'admin-user.delete': act('deleted', 'admin user'),
  'admin-user.end-sessions': (who, target) => `${who} signed out every session of ${the('admin user', target)}`,
  'admin-user.reset-password': (who, target) => `${who} reset the password of ${the('admin user', target)}`,
  'admin-user.toggle-2fa': (who, target) => `${who} changed two-factor authentication of ${the('admin user', target)}`,
  'admin-user.update': act('updated', 'admin user'),
  'admin-whitelist.create': act('added', 'whitelist entry'),
  'admin-whitelist.delete': act('removed', 'whitelist entry'),
  'admin-whitelist.update': act('updated', 'whitelist entry'),
  'analytics.export': plain('exported the analytics'),
  'audit-log.export': plain('exported the audit log'),
  'authorized-group.create': act('authorized', 'group'),
  'authorized-group.delete': act('removed', 'authorized group'),
  'authorized-group.update': act('updated', 'authorized group'),
  'backup.start': plain('started a backup'),
  'bot-logs.export': plain('exported the bot logs'),
  'broadcast.cancel': act('cancelled', 'broadcast'),
  'broadcast.retry-failed': (who, target) => `${who} retried the failed messages of ${the('broadcast', target)}`,
  'broadcast.send': act('sent', 'broadcast'),
  'broadcast.send-unknown': (who, target) => `${who} sent ${the('broadcast', target)} to users the bot has not reached yet`,
  'confirmation-link.create': act('created', 'confirmation link'),
  'confirmation-link.end': act('ended', 'confirmation link'),
  'contact-analytics.export': plain('exported the contact analytics'),
  'contact-report.resolve': act('resolved', 'contact report'),
  'contact.bulk-delete': plain('deleted medical contacts in bulk'),
  'contact.bulk-update': plain('updated medical contacts in bulk'),
  'contact.create': act('added', 'medical contact'),
  'contact.delete': act('deleted', 'medical contact'),
  'contact.export': plain('exported the medical contacts'),
  'contact.import': plain('imported medical contacts'),
  'contact.import-undo': plain('undid an import of medical contacts'),
  'contact.specialty-mapped': (who, target) => `${who} mapped the specialty of ${the('medical contact', target)}`,
  'contact.update': act('updated', 'medical contact'),
  'contact.verify': act('verified', 'medical contact'),
  'dashboard.export': plain('exported the dashboard'),
  'linked-account.remove': act('removed', 'linked account'),
  'message-template.create': act('created', 'message template'),
  'message-template.delete': act('deleted', 'message template'),
  'message-template.update': act('updated', 'message template'),
  'notification-settings.update': plain('updated the notification settings'),
  'proposed-correction.accept': act('accepted', 'proposed correction'),
  'proposed-correction.reject': act('rejected', 'proposed correction'),
  'specialty.create': act('added', 'specialty'),
  'specialty.delete': act('deleted', 'specialty'),
  'specialty.update': act('updated', 'specialty'),
  'system-settings.update': plain('updated the system settings'),
  'telegram-user.block': act('blocked', 'bot user'),
  'telegram-user.reset-daily-usage': (who, target) => `${who} reset the daily usage of ${the('bot user', target)}`,
  'telegram-user.unblock': act('unblocked', 'bot user'),
};

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/**
 * "Anna created the admin user Boris". An action the product no longer records (older rows) reads
 * as the action and its target, since there are no words for it.
 */
export function auditSentence(entry: { action: string; actorUsername: string | null; targetId: string | null; before: Json; after: Json }): string {
  return actionSentence(entry.action, entry.actorUsername, auditTargetName(entry));
}

/** The sentence of one action by `actor` (null for a change no staff member made: "The system") on the record named `target`. */
export function actionSentence(action: string, actor: string | null, target: string | null): string {
  const who = actor ?? 'The system';
  if (isAuditAction(action)) return AUDIT_SENTENCES[action](who, target);
  return `${who}: ${action}${target === null ? '' : ` on ${target}`}`;
}

/**
 * How the Audit Log's Action menu names an action: its sentence without who or which record, "Created an
 * admin user", "Exported the bot logs". An action without words (older rows) stays as recorded.
 */
export function auditActionLabel(action: string): string {
  if (!isAuditAction(action)) return action;
  const sentence = AUDIT_SENTENCES[action]('', null).trimStart();
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The labels the screens give fields whose names do not read as words by themselves (fieldLabel does the rest). */
const FIELD_LABELS: Record<string, string> = {
  availableHours: 'Opening hours',
  contactMethod: 'Contact method',
  countryUnrecognised: 'Country as typed',
  createdAt: 'Created',
  isActive: 'Active',
  isBlocked: 'Blocked',
  isMasterOfMedicine: 'Master of Medicine',
  isWhatsappOnly: 'WhatsApp only',
  languagesUnrecognised: 'Languages as typed',
  lastLogin: 'Last sign-in',
  lastLoginAt: 'Last sign-in',
  requestsToday: 'Requests today',
  telegramId: 'Telegram ID',
  twoFactorEnabled: 'Two-factor authentication',
  updatedAt: 'Updated',
  verifiedAt: 'Verified on',
};

/** "Two-factor authentication" for `twoFactorEnabled`, "Phone" for `phone`. */
export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? fieldLabel(field);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A recorded value as people read it: "(empty)" for nothing, Yes/No, a list joined with commas, an
 * instant in the console's date format (`formatDateTime`, given by the caller), a phone in its
 * international format, a role as the screens write it, text without HTML tags, an object as "label: value" pairs.
 */
export function auditValue(field: string | null, value: Json, formatDateTime: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    if (field !== null && /phone/i.test(field)) return formatPhone(value);
    if (field === 'role' && (ROLES as readonly string[]).includes(value)) return roleName(value as Role);
    return withoutTags(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map((item) => auditValue(field, item, formatDateTime)).join(', ');
  if (isRecord(value)) {
    const pairs = Object.entries(value).map(([key, item]) => `${auditFieldLabel(key)}: ${auditValue(key, item, formatDateTime)}`);
    return pairs.length === 0 ? '(empty)' : pairs.join('; ');
  }
  return String(value);
}
