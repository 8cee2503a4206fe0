import type { AdminUser } from '@contract/admin-users.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { useDeleteAdminUser } from '../api/delete-admin-user.js';

interface DeleteUserDialogProps {
  /** The user to delete; kept while the dialog animates out. */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** The confirmation of spec §5 before a user is deleted. */
export function DeleteUserDialog({ user, open, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteAdminUser();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={user ? `Delete ${user.firstName || user.username}?` : 'Delete user?'}
      description="Are you sure you want to delete this user? This action cannot be undone."
      pending={deleteUser.isPending}
      onConfirm={() => {
        if (user) deleteUser.mutate(user.id, { onSettled: onClose });
      }}
    />
  );
}
