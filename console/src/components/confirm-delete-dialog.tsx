import { Button } from '@tremor/react';
import { ModalDialog } from './modal-dialog.js';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The spec's confirmation sentence. */
  description: string;
  /** The delete is on its way: the button waits for it. */
  pending: boolean;
  onConfirm: () => void;
  confirmLabel?: string;
  /** The confirm button's text while the action runs. */
  pendingLabel?: string;
}

/** The confirmation every destructive delete (or other risky action) asks for, Cancel focused first. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  description,
  pending,
  onConfirm,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
}: ConfirmDeleteDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} role="alertdialog" title={title} description={description}>
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button type="button" color="red" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
