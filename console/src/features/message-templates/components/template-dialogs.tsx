import type { MessageTemplate } from '@contract/message-templates.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { removeFormDraft } from '../../../lib/form-drafts.js';
import { useAuth } from '../../auth/use-auth.js';
import { useCreateTemplate } from '../api/create-template.js';
import { useUpdateTemplate } from '../api/update-template.js';
import { EMPTY_TEMPLATE, formValuesOf, TemplateForm, templateDraftForm } from './template-form.js';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The dialog's close, which also forgets the form's draft: closing is on purpose (Cancel, Escape, the
 * close button) or follows a save. A session that ends leaves the page without closing it, so the draft stays.
 */
function useClosingForgetsDraft(form: string | undefined, onClose: () => void): () => void {
  const { user } = useAuth();
  return () => {
    if (user && form) removeFormDraft(user.id, form);
    onClose();
  };
}

/** Spec §5: Create stays disabled until name and content are filled in. */
export function CreateTemplateDialog({ open, onClose }: DialogProps) {
  const create = useCreateTemplate();
  const { user } = useAuth();
  const form = templateDraftForm('new');
  const close = useClosingForgetsDraft(form, onClose);
  return (
    <ModalDialog open={open} onClose={close} title="Create Template" description="Write a message the bot or a broadcast can send." size="lg">
      <TemplateForm
        initial={EMPTY_TEMPLATE}
        draft={{ userId: user?.id, form }}
        submitLabel="Create"
        pendingLabel="Creating..."
        pending={create.isPending}
        onCancel={close}
        onSubmit={(values) => create.mutate(values, { onSuccess: close })}
      />
    </ModalDialog>
  );
}

export function EditTemplateDialog({ template, open, onClose }: DialogProps & { template: MessageTemplate | null }) {
  const update = useUpdateTemplate();
  const { user } = useAuth();
  const form = template ? templateDraftForm(template.id) : undefined;
  const close = useClosingForgetsDraft(form, onClose);
  return (
    <ModalDialog open={open} onClose={close} title="Edit Template" description={template ? `Change “${template.name}”.` : undefined} size="lg">
      {template ? (
        <TemplateForm
          key={template.id}
          initial={formValuesOf(template)}
          draft={{ userId: user?.id, form: templateDraftForm(template.id), basis: template.updatedAt }}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          onCancel={close}
          onSubmit={({ variables: _variables, ...changes }, basis) =>
            // The template as the form opened it (a restored draft's, as it was then): a colleague's save since
            // then is not undone without a word.
            update.mutate({ id: template.id, changes: { ...changes, expectedUpdatedAt: basis ?? template.updatedAt } }, { onSuccess: close })
          }
        />
      ) : null}
    </ModalDialog>
  );
}
