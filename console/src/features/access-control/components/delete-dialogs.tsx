import type { AuthorizedGroup, WhitelistEntry } from '@contract/access-control.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { useDeleteAuthorizedGroup } from '../api/delete-authorized-group.js';
import { useDeleteWhitelistEntry } from '../api/delete-whitelist-entry.js';
import { groupDeleteConsequence, WHITELIST_DELETE_CONSEQUENCE, whitelistTitle } from '../confirmations.js';

interface DeleteDialogProps<T> {
  target: T | null;
  open: boolean;
  onClose: () => void;
}

/** Confirms a group's deletion, naming how many members lose access to the bot. */
export function DeleteGroupDialog({ target: group, open, onClose }: DeleteDialogProps<AuthorizedGroup>) {
  const deleteGroup = useDeleteAuthorizedGroup();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={group ? `Delete "${group.groupName}"?` : 'Delete group?'}
      description={group ? groupDeleteConsequence(group) : ''}
      pending={deleteGroup.isPending}
      onConfirm={() => {
        if (group) deleteGroup.mutate(group.id, { onSettled: onClose });
      }}
    />
  );
}

export function DeleteWhitelistEntryDialog({ target: entry, open, onClose }: DeleteDialogProps<WhitelistEntry>) {
  const deleteEntry = useDeleteWhitelistEntry();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={entry ? `Remove ${whitelistTitle(entry)} from the admin whitelist?` : 'Remove from the admin whitelist?'}
      description={WHITELIST_DELETE_CONSEQUENCE}
      confirmLabel="Remove"
      pending={deleteEntry.isPending}
      onConfirm={() => {
        if (entry) deleteEntry.mutate(entry.id, { onSettled: onClose });
      }}
    />
  );
}
