import type { MedicalContact } from '@contract/medical-contacts.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
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
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={contact ? `Delete ${contact.name}?` : 'Delete contact?'}
      description="Are you sure you want to delete this contact?"
      pending={deleteContact.isPending}
      onConfirm={() => {
        if (contact) deleteContact.mutate(contact.id, { onSettled: onClose });
      }}
    />
  );
}
