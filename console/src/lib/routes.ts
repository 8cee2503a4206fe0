import type { Permission } from '@contract/permissions.js';

/** Where a route shows in the sidebar and the mobile sheet (spec §2.2). */
/** The icons the navigation draws, by name, so that the table stays plain data. */
export type NavIcon =
  | 'admin'
  | 'bar-chart-box'
  | 'checkbox-circle'
  | 'contacts-book'
  | 'dashboard'
  | 'file-list-3'
  | 'file-text'
  | 'group'
  | 'history'
  | 'home-5'
  | 'line-chart'
  | 'map-pin'
  | 'message-2'
  | 'notification-3'
  | 'pie-chart'
  | 'robot-2'
  | 'send-plane'
  | 'settings-3'
  | 'shield-keyhole'
  | 'user-settings';

/** The live counts the navigation shows beside a label. */
export type NavBadge = 'unread-notifications' | 'verification-due';

export interface NavPlacement {
  label: string;
  /** Its icon's name (app/navigation.ts draws it). */
  icon: NavIcon;
  /** The collapsible group it sits in; groups keep the order of their first route. */
  group?: 'Messaging' | 'Analytics';
  /** Shown only to this permission when it differs from the route's own (Broadcasts: every template editor sees it). */
  permission?: Permission;
  /** Further path prefixes under which the entry counts as active (the route's aliases count already). */
  activeOn?: readonly string[];
  /** A live count shown beside the label. */
  badge?: NavBadge;
  /** At the foot of the sidebar and the sheet (AccountActions), not in the list. */
  foot?: boolean;
}

/** Where a route shows in the mobile bottom bar (spec §2.2). */
export type BottomBarPlacement = Omit<NavPlacement, 'group' | 'foot'>;

/** A screen's heading: its own, and the one above the restricted notice. */
export interface ScreenHeader {
  title: string;
  description: string;
  headingId: string;
}

export interface AppRoute {
  path: string;
  /** Further paths that show the same screen. */
  aliases?: readonly string[];
  /** The page title the shell shows (spec §2.2). */
  title: string;
  /** Who may use the screen; the sidebar and bottom bar hide it from everyone else. */
  permission?: Permission;
  /** With `restricted`, the router shows anyone without the permission this heading and message instead. */
  header?: ScreenHeader;
  restricted?: string;
  /** Open to signed-out visitors too (the sign-in debugging tools). */
  public?: boolean;
  nav?: NavPlacement;
  bottomBar?: BottomBarPlacement;
}

/**
 * The console's routes (spec §2.1), in navigation order: the router, the sidebar, the mobile sheet, the
 * bottom bar, the role gate and every link between screens read their paths and permissions here.
 */
export const ROUTES = {
  dashboard: {
    path: '/',
    aliases: ['/dashboard'],
    title: 'Dashboard',
    permission: 'dashboard:read',
    nav: { label: 'Dashboard', icon: 'dashboard' },
    bottomBar: { label: 'Home', icon: 'home-5' },
  },
  botUsers: {
    path: '/users',
    title: 'Bot Users',
    permission: 'bot-users:read',
    nav: { label: 'Users', icon: 'group' },
    bottomBar: { label: 'Users', icon: 'group' },
  },
  templates: {
    path: '/messaging/templates',
    aliases: ['/templates'],
    title: 'Message Templates',
    permission: 'templates:read',
    header: {
      title: 'Message Templates',
      description: 'Write and manage the messages the bot sends, with placeholders filled in for each user.',
      headingId: 'message-templates-heading',
    },
    restricted: 'Only Editor, Admin and Super Admin users can manage message templates.',
    nav: { label: 'Templates', icon: 'file-text', group: 'Messaging' },
    bottomBar: { label: 'Msgs', icon: 'message-2', activeOn: ['/messaging'] },
  },
  broadcasts: {
    path: '/messaging/broadcasts',
    title: 'Broadcast Messages',
    permission: 'broadcasts:send',
    header: {
      title: 'Broadcast Messages',
      description: 'Send a message to every bot user or to a selection of them, and review past broadcasts.',
      headingId: 'broadcasts-heading',
    },
    restricted: 'Only Admin and Super Admin users can send broadcast messages.',
    nav: { label: 'Broadcasts', icon: 'send-plane', group: 'Messaging', permission: 'templates:read' },
  },
  medicalContacts: {
    path: '/medical-contacts',
    title: 'Medical Contacts Database',
    permission: 'contacts:read',
    nav: { label: 'Medical Contacts', icon: 'contacts-book' },
    // The verification queue has no place of its own in the bar: it is contacts' work.
    bottomBar: { label: 'Contacts', icon: 'contacts-book', activeOn: ['/verification'] },
  },
  verification: {
    path: '/verification',
    title: 'Verification Queue',
    permission: 'contacts:write',
    header: {
      title: 'Verification Queue',
      description: 'The contacts due for a check, most pressing first: call, confirm or correct, and move on to the next.',
      headingId: 'verification-queue-heading',
    },
    restricted: 'Only Editor, Admin and Super Admin users can work through the verification queue.',
    nav: { label: 'Verification', icon: 'checkbox-circle', badge: 'verification-due' },
  },
  analytics: {
    path: '/analytics',
    title: 'Analytics Dashboard',
    permission: 'analytics:read',
    nav: { label: 'Overview', icon: 'line-chart', group: 'Analytics' },
    bottomBar: {
      label: 'Stats',
      icon: 'bar-chart-box',
      activeOn: ['/geographic-analytics', '/contact-analytics', '/notifications'],
      badge: 'unread-notifications',
    },
  },
  geographicAnalytics: {
    path: '/geographic-analytics',
    title: 'Geographic Analytics',
    permission: 'analytics:read',
    nav: { label: 'Geographic', icon: 'map-pin', group: 'Analytics' },
  },
  contactAnalytics: {
    path: '/contact-analytics',
    title: 'Contact Analytics',
    permission: 'analytics:read',
    nav: { label: 'Contact Analytics', icon: 'pie-chart', group: 'Analytics' },
  },
  notifications: {
    path: '/notifications',
    title: 'Notifications',
    permission: 'notifications:read',
    nav: { label: 'Notifications', icon: 'notification-3', group: 'Analytics', badge: 'unread-notifications' },
  },
  botLogs: {
    path: '/logs',
    title: 'Bot Logs',
    permission: 'logs:read',
    nav: { label: 'Bot Logs', icon: 'file-list-3' },
    bottomBar: { label: 'Logs', icon: 'file-list-3' },
  },
  botSandbox: {
    path: '/bot-sandbox',
    title: 'Bot Sandbox',
    permission: 'bot-sandbox:use',
    header: {
      title: 'Bot Sandbox',
      description: 'Chat with the bot as a simulated Telegram user: join groups, send commands, text and locations, press its buttons.',
      headingId: 'bot-sandbox-heading',
    },
    restricted: 'Only Editor, Admin and Super Admin users can use the Bot Sandbox.',
    nav: { label: 'Bot Sandbox', icon: 'robot-2' },
  },
  accessControl: {
    path: '/access-control',
    title: 'Access Control',
    permission: 'access-control:manage',
    header: {
      title: 'Access Control',
      description: 'Manage the groups allowed to use the bot and the admins exempt from the daily request limit.',
      headingId: 'access-control-heading',
    },
    restricted: 'Only Admin and Super Admin users can manage access control.',
    nav: { label: 'Access Control', icon: 'shield-keyhole' },
    bottomBar: { label: 'Access', icon: 'shield-keyhole' },
  },
  adminUsers: {
    path: '/admin-users',
    title: 'User Management',
    permission: 'admin-users:read',
    header: { title: 'User Management', description: 'Manage admin users, roles, and permissions', headingId: 'user-management-heading' },
    restricted: 'Only Admin and Super Admin users can manage admin users.',
    nav: { label: 'Admin Users', icon: 'admin' },
    bottomBar: { label: 'Admins', icon: 'user-settings' },
  },
  auditLog: {
    path: '/audit-log',
    title: 'Audit Log',
    permission: 'audit-log:view',
    header: {
      title: 'Audit Log',
      description: 'Every change staff made: who, when, from where, and what it was before and after.',
      headingId: 'audit-log-heading',
    },
    restricted: 'Only Admin and Super Admin users can read the audit log.',
    nav: { label: 'Audit Log', icon: 'history' },
  },
  settings: {
    path: '/settings',
    title: 'Settings',
    permission: 'settings:own-account',
    nav: { label: 'Settings', icon: 'settings-3', foot: true },
    bottomBar: { label: 'Settings', icon: 'settings-3' },
  },
  loginDebug: { path: '/debug', title: 'Login Debug', public: true },
  mobileTest: { path: '/mobile-test', title: 'Mobile Auth Test', public: true },
} as const satisfies Record<string, AppRoute>;

export type RouteId = keyof typeof ROUTES;

/** The group icons of the sidebar (spec §2.2). */
export const NAV_GROUP_ICONS: Record<NonNullable<NavPlacement['group']>, NavIcon> = {
  Messaging: 'message-2',
  Analytics: 'bar-chart-box',
};
