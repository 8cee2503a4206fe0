import RiDeleteBinLine from 'remixicon/icons/System/delete-bin-line.svg?react';
import RiLockPasswordLine from 'remixicon/icons/System/lock-password-line.svg?react';
import RiLogoutBoxRLine from 'remixicon/icons/System/logout-box-r-line.svg?react';
import { Button } from '@tremor/react';
import { canManageAdminUser, type AdminUser } from '@contract/admin-users.js';
import type { SessionUser } from '@contract/auth.js';
import { can } from '@contract/permissions.js';
import type { Role } from '@contract/roles.js';
import { isRole, ROLE_OPTIONS, SELECT_CLASSES } from './role-options.js';
import { ToggleSwitch } from '../../../components/toggle-switch.js';

/** What a row needs from the screen that owns the state: who is looking, and what to do on each action. */
export interface UserRowActions {
  viewer: SessionUser;
  /** Users with a change on its way; their switches wait for it. */
  busyUserIds: ReadonlySet<number>;
  onToggleActive: (user: AdminUser) => void;
  onToggleTwoFactor: (user: AdminUser) => void;
  /** A role picked in the dropdown; the screen asks for confirmation before it applies. */
  onChangeRole: (user: AdminUser, role: Role) => void;
  onResetPassword: (user: AdminUser) => void;
  onEndSessions: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

interface ControlProps {
  user: AdminUser;
  actions: UserRowActions;
}

/** The API refuses changes to super admins by anyone but a super admin: do not offer them. */
function canManage(viewer: SessionUser, user: AdminUser): boolean {
  return canManageAdminUser(viewer.role, user.role);
}

/** A switch with its state in words, which goes under the switch when a narrow table column has no room beside it. */
const SWITCH_LAYOUT = 'flex flex-wrap items-center gap-x-2 gap-y-1';

export function ActiveControl({ user, actions }: ControlProps) {
  const { viewer } = actions;
  return (
    <div className={SWITCH_LAYOUT}>
      <ToggleSwitch
        checked={user.isActive}
        onChange={() => actions.onToggleActive(user)}
        label={`Active: ${user.username}`}
        disabled={actions.busyUserIds.has(user.id) || !canManage(viewer, user) || viewer.id === user.id}
      />
      <span className={user.isActive ? 'text-emerald-700' : 'text-tremor-content-subtle'}>
        {user.isActive ? 'Active' : 'Inactive'}
      </span>
    </div>
  );
}

export function TwoFactorControl({ user, actions }: ControlProps) {
  return (
    <div className={SWITCH_LAYOUT}>
      <ToggleSwitch
        checked={user.twoFactorEnabled}
        onChange={() => actions.onToggleTwoFactor(user)}
        label={`Two-factor: ${user.username}`}
        disabled={actions.busyUserIds.has(user.id) || !canManage(actions.viewer, user)}
      />
      <span className={user.twoFactorEnabled ? 'text-emerald-700' : 'text-tremor-content-subtle'}>
        {user.twoFactorEnabled ? 'Enabled' : 'Disabled'}
      </span>
    </div>
  );
}

/** True when the viewer may see the Delete button on this row (spec §6: super_admin, never oneself). */
export function canOfferDelete(viewer: SessionUser, user: AdminUser): boolean {
  return can(viewer.role, 'admin-users:delete') && viewer.id !== user.id;
}

/**
 * The role picker super admins get (spec: only they may change roles). Not on their own row:
 * demoting yourself from a table cell is too easy to do by accident and cannot be undone by you.
 */
export function RoleSelect({ user, actions }: ControlProps) {
  const { viewer } = actions;
  if (!can(viewer.role, 'admin-users:change-role') || viewer.id === user.id) return null;
  return (
    // A native select: it is labelled, keyboard-friendly and found by role in browser tests.
    <select
      aria-label={`Role: ${user.username}`}
      value={user.role}
      disabled={actions.busyUserIds.has(user.id)}
      onChange={(event) => {
        if (isRole(event.target.value)) actions.onChangeRole(user, event.target.value);
      }}
      className={`${SELECT_CLASSES} py-1 pl-2 pr-8 text-xs`}
    >
      {ROLE_OPTIONS.map(({ role, name }) => (
        <option key={role} value={role}>
          {name}
        </option>
      ))}
    </select>
  );
}

interface ActionButtonsProps extends ControlProps {
  /** Icons with their names as tooltips, for the table's narrow Actions column; cards keep the words. */
  compact?: boolean;
}

/** Reset Password and End Sessions for everyone who may manage this user; Delete only where spec §6 allows it. */
export function UserActionButtons({ user, actions, compact = false }: ActionButtonsProps) {
  if (!canManage(actions.viewer, user)) return null;
  const buttons = [
    { label: 'Reset Password', icon: RiLockPasswordLine, onClick: () => actions.onResetPassword(user), danger: false },
    { label: 'End Sessions', icon: RiLogoutBoxRLine, onClick: () => actions.onEndSessions(user), danger: false },
    ...(canOfferDelete(actions.viewer, user) ? [{ label: 'Delete', icon: RiDeleteBinLine, onClick: () => actions.onDelete(user), danger: true }] : []),
  ];
  return (
    <>
      {buttons.map(({ label, icon, onClick, danger }) => (
        <Button
          key={label}
          type="button"
          size="xs"
          variant="secondary"
          onClick={onClick}
          aria-label={`${label}: ${user.username}`}
          title={compact ? label : undefined}
          icon={compact ? icon : undefined}
          className={`whitespace-nowrap ${danger ? 'border-red-300 text-red-700 hover:border-red-400 hover:bg-red-50 hover:text-red-800' : ''}`}
        >
          {compact ? undefined : label}
        </Button>
      ))}
    </>
  );
}
