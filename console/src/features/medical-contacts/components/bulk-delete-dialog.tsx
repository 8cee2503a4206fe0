import { Button } from '@tremor/react';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { useBulkDeleteContacts, type BulkTarget } from '../api/bulk-contacts.js';

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
    <ModalDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title="Delete contacts?"
      description={`Are you sure you want to delete ${count} contacts? This action cannot be undone.`}
    >
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button
          type="button"
          color="red"
          disabled={bulkDelete.isPending}
          onClick={() =>
            bulkDelete.mutate(target, {
              onSuccess: onDone,
              onSettled: onClose,
            })
          }
        >
          {bulkDelete.isPending ? 'Deleting...' : `Delete ${count} contacts`}
        </Button>
      </div>
    </ModalDialog>
  );
}
