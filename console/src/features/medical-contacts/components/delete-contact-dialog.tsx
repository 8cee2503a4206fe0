import { Button } from '@tremor/react';
import type { MedicalContact } from '../../../../../api/contract/medical-contacts.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { useDeleteContact } from '../api/delete-contact.js';

interface DeleteContactDialogProps {
  contact: MedicalContact | null;
  open: boolean;
  onClose: () => void;
}

/** Spec §5: a single delete confirms with "Are you sure you want to delete this contact?". */
export function DeleteContactDialog({ contact, open, onClose }: DeleteContactDialogProps) {
  const deleteContact = useDeleteContact();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={contact ? `Delete ${contact.name}?` : 'Delete contact?'}
      description="Are you sure you want to delete this contact?"
    >
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button
          type="button"
          color="red"
          disabled={deleteContact.isPending}
          onClick={() => {
            if (contact) deleteContact.mutate(contact.id, { onSettled: onClose });
          }}
        >
          {deleteContact.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </ModalDialog>
  );
}
