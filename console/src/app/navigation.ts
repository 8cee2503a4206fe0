import RiAdminLine from 'remixicon/icons/User & Faces/admin-line.svg?react';
import RiBarChartBoxLine from 'remixicon/icons/Business/bar-chart-box-line.svg?react';
import RiCheckboxCircleLine from 'remixicon/icons/System/checkbox-circle-line.svg?react';
import RiContactsBookLine from 'remixicon/icons/Document/contacts-book-line.svg?react';
import RiDashboardLine from 'remixicon/icons/System/dashboard-line.svg?react';
import RiFileList3Line from 'remixicon/icons/Document/file-list-3-line.svg?react';
import RiFileTextLine from 'remixicon/icons/Document/file-text-line.svg?react';
import RiGroupLine from 'remixicon/icons/User & Faces/group-line.svg?react';
import RiHistoryLine from 'remixicon/icons/System/history-line.svg?react';
import RiHome5Line from 'remixicon/icons/Buildings/home-5-line.svg?react';
import RiLineChartLine from 'remixicon/icons/Business/line-chart-line.svg?react';
import RiMapPinLine from 'remixicon/icons/Map/map-pin-line.svg?react';
import RiMessage2Line from 'remixicon/icons/Communication/message-2-line.svg?react';
import RiNotification3Line from 'remixicon/icons/Media/notification-3-line.svg?react';
import RiPieChartLine from 'remixicon/icons/Business/pie-chart-line.svg?react';
import RiRobot2Line from 'remixicon/icons/User & Faces/robot-2-line.svg?react';
import RiSendPlaneLine from 'remixicon/icons/Business/send-plane-line.svg?react';
import RiSettings3Line from 'remixicon/icons/System/settings-3-line.svg?react';
import RiShieldKeyholeLine from 'remixicon/icons/System/shield-keyhole-line.svg?react';
import RiUserSettingsLine from 'remixicon/icons/User & Faces/user-settings-line.svg?react';
import type { Icon } from '../components/icon.js';
import { can, type Permission } from '@contract/permissions.js';
import { NAV_GROUP_ICONS, ROUTES, type AppRoute, type BottomBarPlacement, type NavBadge, type NavIcon, type NavPlacement } from '../lib/routes.js';

/** The console's navigation (spec §2.2, §6), built from the route table: the sidebar, the mobile sheet and the bottom bar read it. */
export interface NavLink {
  label: string;
  path: string;
  icon: Icon;
  permission: Permission;
  /** Further path prefixes under which the entry counts as active. */
  activeOn?: readonly string[];
  /** A live count shown beside the label. */
  badge?: NavBadge;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  links: readonly NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'links' in entry;
}

const ICONS: Record<NavIcon, Icon> = {
  'dashboard': RiDashboardLine,
  'home-5': RiHome5Line,
  'group': RiGroupLine,
  'file-text': RiFileTextLine,
  'message-2': RiMessage2Line,
  'send-plane': RiSendPlaneLine,
  'contacts-book': RiContactsBookLine,
  'line-chart': RiLineChartLine,
  'bar-chart-box': RiBarChartBoxLine,
  'checkbox-circle': RiCheckboxCircleLine,
  'map-pin': RiMapPinLine,
  'pie-chart': RiPieChartLine,
  'notification-3': RiNotification3Line,
  'file-list-3': RiFileList3Line,
  'robot-2': RiRobot2Line,
  'shield-keyhole': RiShieldKeyholeLine,
  'admin': RiAdminLine,
  'user-settings': RiUserSettingsLine,
  'history': RiHistoryLine,
  'settings-3': RiSettings3Line,
};

const routes: readonly AppRoute[] = Object.values(ROUTES);

function linkOf(route: AppRoute, placement: NavPlacement | BottomBarPlacement): NavLink {
  const activeOn = [...(route.aliases ?? []), ...(placement.activeOn ?? [])];
  return {
    label: placement.label,
    path: route.path,
    icon: ICONS[placement.icon],
    permission: placement.permission ?? route.permission!,
    ...(activeOn.length ? { activeOn } : {}),
    ...(placement.badge ? { badge: placement.badge } : {}),
  };
}

function navEntries(): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const route of routes) {
    if (!route.nav || route.nav.foot) continue;
    const link = linkOf(route, route.nav);
    const groupLabel = route.nav.group;
    if (!groupLabel) {
      entries.push(link);
      continue;
    }
    const group = entries.find((entry): entry is NavGroup => isNavGroup(entry) && entry.label === groupLabel);
    if (group) (group.links as NavLink[]).push(link);
    else entries.push({ label: groupLabel, icon: ICONS[NAV_GROUP_ICONS[groupLabel]], links: [link] });
  }
  return entries;
}

export const NAV_ENTRIES: readonly NavEntry[] = navEntries();

export const SETTINGS_LINK: NavLink = linkOf(ROUTES.settings, ROUTES.settings.nav);

export const BOTTOM_BAR_LINKS: readonly NavLink[] = routes.flatMap((route) => (route.bottomBar ? [linkOf(route, route.bottomBar)] : []));

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
