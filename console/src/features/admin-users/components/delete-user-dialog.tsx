import { Button } from '@tremor/react';
import type { AdminUser } from '../../../../../api/contract/admin-users.js';
import { useDeleteAdminUser } from '../api/delete-admin-user.js';
import { ModalDialog } from '../../../components/modal-dialog.js';

interface DeleteUserDialogProps {
  /** The user to delete; kept while the dialog animates out. */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** The confirmation of spec §5 before a user is deleted. */
export function DeleteUserDialog({ user, open, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteAdminUser();

  function confirm() {
    if (user) deleteUser.mutate(user.id, { onSettled: onClose });
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={user ? `Delete ${user.firstName || user.username}?` : 'Delete user?'}
      description="Are you sure you want to delete this user? This action cannot be undone."
    >
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button
          type="button"
          onClick={confirm}
          disabled={deleteUser.isPending}
          className="border-red-600 bg-red-600 hover:border-red-700 hover:bg-red-700"
        >
          {deleteUser.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </ModalDialog>
  );
}
