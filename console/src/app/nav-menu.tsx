import RiArrowDownSLine from 'remixicon/icons/Arrows/arrow-down-s-line.svg?react';
import RiLogoutBoxRLine from 'remixicon/icons/System/logout-box-r-line.svg?react';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { can } from '@contract/permissions.js';
import { useAuth } from '../features/auth/use-auth.js';
import { UnreadCountBadge } from '../features/notifications/components/unread-count-badge.js';
import { QueueCountBadge } from '../features/verification/components/queue-count-badge.js';
import { displayName, roleLabel } from '../lib/format.js';
import { entriesForRole, isLinkActive, isNavGroup, SETTINGS_LINK, type NavGroup, type NavLink } from './navigation.js';
import { expandedGroupsAtom } from './shell-state.js';

const itemClass =
  'flex w-full items-center gap-3 rounded-tremor-default px-3 py-2 text-tremor-default font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted';
const idleClass = 'text-tremor-content-emphasis hover:bg-tremor-background-subtle hover:text-tremor-content-strong';
const activeClass = 'bg-tremor-brand-faint text-tremor-brand-emphasis';

function MenuLink({ link, onNavigate, nested = false }: { link: NavLink; onNavigate?: () => void; nested?: boolean }) {
  const { pathname } = useLocation();
  const active = isLinkActive(link, pathname);
  const Icon = link.icon;
  return (
    <Link
      to={link.path}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={`${itemClass} ${active ? activeClass : idleClass} ${nested ? 'pl-9' : ''}`}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
      <span className="truncate">{link.label}</span>
      {link.badge === 'unread-notifications' ? <UnreadCountBadge /> : null}
      {link.badge === 'verification-due' ? <QueueCountBadge /> : null}
    </Link>
  );
}

function MenuGroup({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const [expanded, setExpanded] = useAtom(expandedGroupsAtom);
  const listId = useId();
  const open = expanded.has(group.label);
  const Icon = group.icon;

  function toggle() {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.delete(group.label);
      else next.add(group.label);
      return next;
    });
  }

  return (
    <li>
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={toggle} className={`${itemClass} ${idleClass}`}>
        <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <RiArrowDownSLine className={`h-4 w-4 shrink-0 transition-transform ${open ? '' : '-rotate-90'}`} aria-hidden="true" />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 space-y-1">
        {group.links.map((link) => (
          <li key={link.path}>
            <MenuLink link={link} onNavigate={onNavigate} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The role-filtered navigation list shared by the desktop sidebar and the mobile sheet. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  return (
    <ul className="space-y-1">
      {entriesForRole(user?.role).map((entry) =>
        isNavGroup(entry) ? (
          <MenuGroup key={entry.label} group={entry} onNavigate={onNavigate} />
        ) : (
          <li key={entry.path}>
            <MenuLink link={entry} onNavigate={onNavigate} />
          </li>
        ),
      )}
    </ul>
  );
}

/** Settings and Logout, at the foot of the sidebar and the sheet. */
export function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logout } = useAuth();
  return (
    <ul className="space-y-1">
      {can(user?.role, SETTINGS_LINK.permission) ? (
        <li>
          <MenuLink link={SETTINGS_LINK} onNavigate={onNavigate} />
        </li>
      ) : null}
      <li>
        <button type="button" onClick={() => void logout()} className={`${itemClass} ${idleClass}`}>
          <RiLogoutBoxRLine className="h-5 w-5 shrink-0" aria-hidden="true" />
          <span>Logout</span>
        </button>
      </li>
    </ul>
  );
}

/** Who is signed in, and as what. */
export function UserSummary() {
  const { user } = useAuth();
  const name = displayName(user);
  return (
    <div className="flex items-center gap-3 px-3 py-2">
      <span
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-tremor-brand-muted text-tremor-default font-semibold text-tremor-brand-emphasis"
        aria-hidden="true"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="truncate text-tremor-default font-medium text-tremor-content-strong">{name}</p>
        <p className="truncate text-tremor-label text-tremor-content">{roleLabel(user?.role)}</p>
      </div>
    </div>
  );
}
