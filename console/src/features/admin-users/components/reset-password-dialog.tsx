import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import type { AdminUser } from '@contract/admin-users.js';
import { MIN_PASSWORD_LENGTH } from '@contract/password-policy.js';
import { TextField } from '../../../components/text-field.js';
import { useResetAdminUserPassword } from '../api/reset-admin-user-password.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { notifyError } from '../../../lib/notify.js';

interface ResetPasswordDialogProps {
  /** The user whose password is being reset; kept while the dialog animates out. */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

export function ResetPasswordDialog({ user, open, onClose }: ResetPasswordDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Reset Password"
      description={user ? `Choose a new password for ${user.firstName || user.username}. Their current sessions will end.` : undefined}
    >
      {user ? <ResetPasswordForm user={user} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ResetPasswordForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const resetPassword = useResetAdminUserPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec §5: an empty entry is a cancel, and a short one is refused before anything is sent.
    if (newPassword === '') {
      onClose();
      return;
    }
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      notifyError('Invalid Password', `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`, { alone: true });
      return;
    }
    resetPassword.mutate({ id: user.id, newPassword }, { onSuccess: onClose });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label={`Enter new password for user (minimum ${MIN_PASSWORD_LENGTH} characters):`}
        type="password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        autoComplete="new-password"
        autoFocus
      />
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </div>
    </form>
  );
}
