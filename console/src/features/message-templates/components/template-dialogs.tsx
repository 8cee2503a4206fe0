import type { MessageTemplate } from '@contract/message-templates.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { useCreateTemplate } from '../api/create-template.js';
import { useUpdateTemplate } from '../api/update-template.js';
import { EMPTY_TEMPLATE, formValuesOf, TemplateForm } from './template-form.js';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §5: Create stays disabled until name and content are filled in. */
export function CreateTemplateDialog({ open, onClose }: DialogProps) {
  const create = useCreateTemplate();
  return (
    <ModalDialog open={open} onClose={onClose} title="Create Template" description="Write a message the bot or a broadcast can send." size="lg">
      <TemplateForm
        initial={EMPTY_TEMPLATE}
        submitLabel="Create"
        pendingLabel="Creating..."
        pending={create.isPending}
        onCancel={onClose}
        onSubmit={(values) => create.mutate(values, { onSuccess: onClose })}
      />
    </ModalDialog>
  );
}

export function EditTemplateDialog({ template, open, onClose }: DialogProps & { template: MessageTemplate | null }) {
  const update = useUpdateTemplate();
  return (
    <ModalDialog open={open} onClose={onClose} title="Edit Template" description={template ? `Change “${template.name}”.` : undefined} size="lg">
      {template ? (
        <TemplateForm
          key={template.id}
          initial={formValuesOf(template)}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          onCancel={onClose}
          onSubmit={({ variables: _variables, ...changes }) =>
            // The template as the form opened it: a colleague's save since then is not undone without a word.
            update.mutate({ id: template.id, changes: { ...changes, expectedUpdatedAt: template.updatedAt } }, { onSuccess: onClose })
          }
        />
      ) : null}
    </ModalDialog>
  );
}
