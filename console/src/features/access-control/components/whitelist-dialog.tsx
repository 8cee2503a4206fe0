import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import type { WhitelistEntry } from '@contract/access-control.js';
import { CheckboxField } from '../../../components/checkbox-field.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { TextField } from '../../../components/text-field.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useCreateWhitelistEntry, useUpdateWhitelistEntry } from '../api/save-whitelist-entry.js';
import {
  checkWhitelistForm,
  EMPTY_WHITELIST_ENTRY,
  serverFieldErrors,
  WHITELIST_LABELS,
  whitelistFormValuesOf,
  type FieldErrors,
  type WhitelistFormValues,
} from '../form-values.js';

interface WhitelistDialogProps {
  open: boolean;
  /** The entry to edit; null opens the dialog in add mode with an empty form. */
  entry: WhitelistEntry | null;
  onClose: () => void;
}

/** Spec §2.9's admin dialog: "Add Admin to Whitelist" or "Edit Admin Whitelist". */
export function WhitelistDialog({ open, entry, onClose }: WhitelistDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={entry ? 'Edit Admin Whitelist' : 'Add Admin to Whitelist'}
      description="Whitelisted admins may use the bot without belonging to a group, and have no daily search limit."
    >
      <WhitelistForm key={entry?.id ?? 'new'} entry={entry} onClose={onClose} />
    </ModalDialog>
  );
}

const TEXT_FIELDS = ['username', 'firstName', 'lastName', 'reason'] as const;

function WhitelistForm({ entry, onClose }: { entry: WhitelistEntry | null; onClose: () => void }) {
  const [values, setValues] = useState<WhitelistFormValues>(entry ? whitelistFormValuesOf(entry) : EMPTY_WHITELIST_ENTRY);
  const [errors, setErrors] = useState<FieldErrors<WhitelistFormValues>>({});
  const create = useCreateWhitelistEntry();
  const update = useUpdateWhitelistEntry();
  const pending = create.isPending || update.isPending;

  function change<K extends keyof WhitelistFormValues>(field: K, value: WhitelistFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiRequestError) setErrors(serverFieldErrors(error.body?.fields, WHITELIST_LABELS));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = checkWhitelistForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    if (entry) update.mutate({ id: entry.id, changes: checked.payload }, { onSuccess: onClose, onError: showServerErrors });
    else create.mutate(checked.payload, { onSuccess: onClose, onError: showServerErrors });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField
        label={WHITELIST_LABELS.telegramId}
        value={values.telegramId}
        inputMode="numeric"
        placeholder="412987654"
        hint="The user's numeric Telegram ID (not their @username)."
        error={errors.telegramId}
        onChange={(event) => change('telegramId', event.target.value)}
        required
      />
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field}
          label={WHITELIST_LABELS[field]}
          value={values[field]}
          error={errors[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      ))}
      <CheckboxField label={WHITELIST_LABELS.isActive} checked={values.isActive} onChange={(event) => change('isActive', event.target.checked)} />
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Admin'}
        </Button>
      </div>
    </form>
  );
}
