import type { AdminUser } from '@contract/admin-users.js';
import { ROLE_DESCRIPTIONS, roleName, type Role } from '@contract/roles.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';

/** A role picked in a row's dropdown, waiting for the super admin to confirm it. */
export interface RoleChange {
  user: AdminUser;
  role: Role;
}

interface ChangeRoleDialogProps {
  /** Kept while the dialog animates out. */
  change: RoleChange | null;
  open: boolean;
  onClose: () => void;
  pending: boolean;
  onConfirm: (change: RoleChange) => void;
}

/**
 * The confirmation before a role changes: the API ends every session of that user with it, so the
 * dialog says both. Cancel leaves the role as it was (the dropdown shows the stored role).
 */
export function ChangeRoleDialog({ change, open, onClose, pending, onConfirm }: ChangeRoleDialogProps) {
  const name = change ? change.user.firstName || change.user.username : '';
  const description = change
    ? `${name} becomes ${roleName(change.role)} (${ROLE_DESCRIPTIONS[change.role]}) instead of ${roleName(change.user.role)}. ` +
      'They are signed out on every device at once and must sign in again.'
    : '';
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={change ? `Change the role of ${name} to ${roleName(change.role)}?` : 'Change the role?'}
      description={description}
      confirmLabel="Change Role"
      pendingLabel="Changing..."
      pending={pending}
      onConfirm={() => {
        if (change) onConfirm(change);
      }}
    />
  );
}
