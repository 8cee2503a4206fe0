import {
  RiAdminLine,
  RiBarChartBoxLine,
  RiContactsBookLine,
  RiDashboardLine,
  RiFileList3Line,
  RiFileTextLine,
  RiGroupLine,
  RiHistoryLine,
  RiHome5Line,
  RiLineChartLine,
  RiMapPinLine,
  RiMessage2Line,
  RiNotification3Line,
  RiPieChartLine,
  RiRobot2Line,
  RiSendPlaneLine,
  RiSettings3Line,
  RiShieldKeyholeLine,
  RiUserSettingsLine,
  type RemixiconComponentType,
} from '@remixicon/react';
import { can, type Permission } from '@contract/permissions.js';

/** One place for the console's navigation (spec §2.2, §6): the sidebar, the mobile sheet and the bottom bar read it. */
export interface NavLink {
  label: string;
  path: string;
  icon: RemixiconComponentType;
  permission: Permission;
  /** Further path prefixes under which the entry counts as active. */
  activeOn?: readonly string[];
  /** A live count shown beside the label. */
  badge?: 'unread-notifications';
}

export interface NavGroup {
  label: string;
  icon: RemixiconComponentType;
  links: readonly NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'links' in entry;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/', icon: RiDashboardLine, permission: 'dashboard:read', activeOn: ['/dashboard'] },
  { label: 'Users', path: '/users', icon: RiGroupLine, permission: 'bot-users:read' },
  {
    label: 'Messaging',
    icon: RiMessage2Line,
    links: [
      { label: 'Templates', path: '/messaging/templates', icon: RiFileTextLine, permission: 'templates:read', activeOn: ['/templates'] },
      { label: 'Broadcasts', path: '/messaging/broadcasts', icon: RiSendPlaneLine, permission: 'templates:read' },
    ],
  },
  { label: 'Medical Contacts', path: '/medical-contacts', icon: RiContactsBookLine, permission: 'contacts:read' },
  {
    label: 'Analytics',
    icon: RiBarChartBoxLine,
    links: [
      { label: 'Overview', path: '/analytics', icon: RiLineChartLine, permission: 'analytics:read' },
      { label: 'Geographic', path: '/geographic-analytics', icon: RiMapPinLine, permission: 'analytics:read' },
      { label: 'Contact Analytics', path: '/contact-analytics', icon: RiPieChartLine, permission: 'analytics:read' },
      { label: 'Notifications', path: '/notifications', icon: RiNotification3Line, permission: 'notifications:read', badge: 'unread-notifications' },
    ],
  },
  { label: 'Bot Logs', path: '/logs', icon: RiFileList3Line, permission: 'logs:read' },
  { label: 'Bot Sandbox', path: '/bot-sandbox', icon: RiRobot2Line, permission: 'bot-sandbox:use' },
  { label: 'Access Control', path: '/access-control', icon: RiShieldKeyholeLine, permission: 'access-control:manage' },
  { label: 'Admin Users', path: '/admin-users', icon: RiAdminLine, permission: 'admin-users:read' },
  { label: 'Audit Log', path: '/audit-log', icon: RiHistoryLine, permission: 'audit-log:view' },
];

export const SETTINGS_LINK: NavLink = { label: 'Settings', path: '/settings', icon: RiSettings3Line, permission: 'settings:own-account' };

export const BOTTOM_BAR_LINKS: readonly NavLink[] = [
  { label: 'Home', path: '/', icon: RiHome5Line, permission: 'dashboard:read', activeOn: ['/dashboard'] },
  { label: 'Users', path: '/users', icon: RiGroupLine, permission: 'bot-users:read' },
  { label: 'Msgs', path: '/messaging/templates', icon: RiMessage2Line, permission: 'templates:read', activeOn: ['/messaging', '/templates'] },
  { label: 'Contacts', path: '/medical-contacts', icon: RiContactsBookLine, permission: 'contacts:read' },
  {
    label: 'Stats',
    path: '/analytics',
    icon: RiBarChartBoxLine,
    permission: 'analytics:read',
    activeOn: ['/geographic-analytics', '/contact-analytics', '/notifications'],
    badge: 'unread-notifications',
  },
  { label: 'Logs', path: '/logs', icon: RiFileList3Line, permission: 'logs:read' },
  { label: 'Access', path: '/access-control', icon: RiShieldKeyholeLine, permission: 'access-control:manage' },
  { label: 'Admins', path: '/admin-users', icon: RiUserSettingsLine, permission: 'admin-users:read' },
  SETTINGS_LINK,
];

/** The entries a role may see; a group stays only if one of its links does. */
export function entriesForRole(role: string | null | undefined): NavEntry[] {
  return NAV_ENTRIES.flatMap((entry): NavEntry[] => {
    if (!isNavGroup(entry)) return can(role, entry.permission) ? [entry] : [];
    const links = entry.links.filter((link) => can(role, link.permission));
    return links.length ? [{ ...entry, links }] : [];
  });
}

export function bottomBarLinksForRole(role: string | null | undefined): NavLink[] {
  return BOTTOM_BAR_LINKS.filter((link) => can(role, link.permission));
}

function matchesPrefix(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * "/" is active only on an exact match; every other entry matches its path as a prefix (spec §2.2).
 * /dashboard shows the same screen as "/", so the entries for "/" list it in activeOn.
 */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  if (link.path === '/') return pathname === '/' || (link.activeOn ?? []).some((prefix) => matchesPrefix(prefix, pathname));
  return [link.path, ...(link.activeOn ?? [])].some((prefix) => matchesPrefix(prefix, pathname));
}
