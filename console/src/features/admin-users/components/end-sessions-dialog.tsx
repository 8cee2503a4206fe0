import type { AdminUser } from '@contract/admin-users.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { useEndAdminUserSessions } from '../api/end-admin-user-sessions.js';

interface EndSessionsDialogProps {
  /** The user whose sessions end; kept while the dialog animates out. */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** The confirmation before every session of a user ends. */
export function EndSessionsDialog({ user, open, onClose }: EndSessionsDialogProps) {
  const endSessions = useEndAdminUserSessions();
  const name = user ? user.firstName || user.username : '';
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={`End all sessions of ${name}?`}
      description="They are signed out on every device at their next request, and must sign in again."
      confirmLabel="End Sessions"
      pendingLabel="Ending..."
      pending={endSessions.isPending}
      onConfirm={() => {
        if (user) endSessions.mutate({ id: user.id, name }, { onSettled: onClose });
      }}
    />
  );
}
