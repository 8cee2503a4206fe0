import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { useBulkDeleteContacts, type BulkTarget } from '../api/bulk-contacts.js';
import { formatCount } from '../../../lib/format.js';

interface BulkDeleteDialogProps {
  open: boolean;
  onClose: () => void;
  target: BulkTarget;
  count: number;
  onDone: () => void;
}

/** Spec §5's confirmation before a bulk delete. */
export function BulkDeleteDialog({ open, onClose, target, count, onDone }: BulkDeleteDialogProps) {
  const bulkDelete = useBulkDeleteContacts();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title="Delete contacts?"
      description={`Are you sure you want to delete ${formatCount(count, 'contact')}? This action cannot be undone.`}
      pending={bulkDelete.isPending}
      confirmLabel={`Delete ${formatCount(count, 'contact')}`}
      onConfirm={() => bulkDelete.mutate(target, { onSuccess: onDone, onSettled: onClose })}
    />
  );
}
