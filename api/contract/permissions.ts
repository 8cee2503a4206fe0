import type { Role } from './roles.js';

const everyone: readonly Role[] = ['viewer', 'editor', 'admin', 'super_admin'];
const editors: readonly Role[] = ['editor', 'admin', 'super_admin'];
const admins: readonly Role[] = ['admin', 'super_admin'];
const superAdmins: readonly Role[] = ['super_admin'];

/**
 * Which roles may do what. The API enforces it (each route names one permission),
 * and the console reads the same table to hide what a role cannot do.
 */
export const PERMISSIONS = {
  'dashboard:read': everyone,
  'bot-users:read': everyone,
  /** Reset a bot user's count for today; block or unblock them from the bot. */
  'bot-users:manage': admins,
  'contacts:read': everyone,
  /** Also the contacts' own confirmation: their links, the accounts linked, the corrections they proposed. */
  'contacts:write': editors,
  /** The problems bot users reported about a contact: every role reads them, editors and up resolve them. */
  'contact-reports:read': everyone,
  'contact-reports:resolve': editors,
  'analytics:read': everyone,
  /** The Dashboard's CSV: every role sees its figures, so every role may take them away (api/contract/exports.ts). */
  'dashboard:export': everyone,
  /** The exports the specification keeps for editors and up (§6): Analytics, Contact Analytics and Bot Logs. */
  'analytics:export': editors,
  'logs:read': everyone,
  /** Real-time notifications: read them and mark them read for oneself (the Analytics group every role sees). */
  'notifications:read': everyone,
  'notification-settings:manage': admins,
  'templates:read': editors,
  'templates:write': editors,
  'broadcasts:send': admins,
  'access-control:manage': admins,
  'admin-users:read': admins,
  'admin-users:write': admins,
  'admin-users:reset-password': admins,
  'admin-users:change-role': superAdmins,
  'admin-users:delete': superAdmins,
  'settings:own-account': everyone,
  /** System settings (Dashboard → Admin Controls): what the bot does for everyone. */
  'system-settings:manage': admins,
  /** The live health figures behind the Dashboard's System Status banner. */
  'system-health:read': everyone,
  'backups:manage': admins,
  /** The audit log: who changed what, with the before and after; its CSV export too. */
  'audit-log:view': admins,
  /** The Bot Sandbox: chat with the bot as simulated users (only with the built-in simulator). */
  'bot-sandbox:use': editors,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** True when the role holds the permission. An unknown or missing role holds none. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly string[]).includes(role);
}
