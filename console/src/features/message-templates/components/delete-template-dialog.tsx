import { Button } from '@tremor/react';
import type { MessageTemplate } from '../../../../../api/contract/message-templates.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { useDeleteTemplate } from '../api/delete-template.js';

interface DeleteTemplateDialogProps {
  template: MessageTemplate | null;
  open: boolean;
  onClose: () => void;
}

export function DeleteTemplateDialog({ template, open, onClose }: DeleteTemplateDialogProps) {
  const deleteTemplate = useDeleteTemplate();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={template ? `Delete ${template.name}?` : 'Delete template?'}
      description="Are you sure you want to delete this template? This cannot be undone."
    >
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button
          type="button"
          color="red"
          disabled={deleteTemplate.isPending}
          onClick={() => {
            if (template) deleteTemplate.mutate(template.id, { onSettled: onClose });
          }}
        >
          {deleteTemplate.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </ModalDialog>
  );
}
