import type { Permission } from './permissions.js';

/**
 * Every CSV export, with what it carries and the permission its route needs. One rule decides who
 * may take which (the README's "Who may export what" states it, and a test holds the two together):
 * the exports the specification restricts — the analytics screens' and the bot logs' (§6) — are for
 * editors and up; any other export is for every role that sees its screen, as it holds nothing that
 * role does not already see: the Dashboard's figures and the contacts directory for everyone, the
 * audit log for admins.
 */
export const EXPORTS: readonly { screen: string; route: string; carries: string; permission: Permission }[] = [
  { screen: 'Dashboard', route: '/api/bot-stats/export', carries: 'requests, success rate and response time per day', permission: 'dashboard:export' },
  { screen: 'Contact Analytics', route: '/api/contact-analytics/export', carries: 'figures per region, specialty and contact', permission: 'analytics:export' },
  { screen: 'Medical Contacts', route: '/api/medical-contacts/export', carries: 'the contacts directory', permission: 'contacts:read' },
  { screen: 'Analytics', route: '/api/analytics/export', carries: 'figures, and the top bot users by name', permission: 'analytics:export' },
  { screen: 'Bot Logs', route: '/api/bot-logs/export', carries: "bot users' and chats' ids, and what they sent", permission: 'analytics:export' },
  { screen: 'Audit Log', route: '/api/audit-log/export', carries: "staff names and addresses, each change's before and after", permission: 'audit-log:view' },
];
