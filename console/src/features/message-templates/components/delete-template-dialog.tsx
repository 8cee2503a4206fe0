import type { MessageTemplate } from '@contract/message-templates.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { useDeleteTemplate } from '../api/delete-template.js';

interface DeleteTemplateDialogProps {
  template: MessageTemplate | null;
  open: boolean;
  onClose: () => void;
}

export function DeleteTemplateDialog({ template, open, onClose }: DeleteTemplateDialogProps) {
  const deleteTemplate = useDeleteTemplate();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={template ? `Delete ${template.name}?` : 'Delete template?'}
      description="Are you sure you want to delete this template? This cannot be undone."
      pending={deleteTemplate.isPending}
      onConfirm={() => {
        if (template) deleteTemplate.mutate(template.id, { onSettled: onClose });
      }}
    />
  );
}
