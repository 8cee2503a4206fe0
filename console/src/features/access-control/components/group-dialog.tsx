import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import { GROUP_TYPES, MAX_DAILY_LIMIT, type AuthorizedGroup, type GroupType } from '@contract/access-control.js';
import { CheckboxField } from '../../../components/checkbox-field.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { SelectField } from '../../../components/select-field.js';
import { TextField } from '../../../components/text-field.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { formatCount, pluralForm } from '../../../lib/format.js';
import { useCreateAuthorizedGroup, useUpdateAuthorizedGroup } from '../api/save-authorized-group.js';
import {
  checkGroupForm,
  EMPTY_GROUP,
  GROUP_LABELS,
  groupFormValuesOf,
  serverFieldErrors,
  type FieldErrors,
  type GroupFormValues,
} from '../form-values.js';

const TYPE_LABELS: Record<GroupType, string> = { supergroup: 'Supergroup', group: 'Group', channel: 'Channel' };

interface GroupDialogProps {
  open: boolean;
  /** The group to edit; null opens the dialog in add mode with an empty form. */
  group: AuthorizedGroup | null;
  onClose: () => void;
}

/** Spec §2.9's group dialog: "Add Authorized Group" or "Edit Authorized Group". */
export function GroupDialog({ open, group, onClose }: GroupDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={group ? 'Edit Authorized Group' : 'Add Authorized Group'}
      description="The bot answers only in active authorized groups, and in private to their members."
    >
      {/* Headless UI unmounts a closed dialog's content, so every opening starts from the values given. */}
      <GroupForm key={group?.id ?? 'new'} group={group} onClose={onClose} />
    </ModalDialog>
  );
}

function GroupForm({ group, onClose }: { group: AuthorizedGroup | null; onClose: () => void }) {
  const [values, setValues] = useState<GroupFormValues>(group ? groupFormValuesOf(group) : EMPTY_GROUP);
  const [errors, setErrors] = useState<FieldErrors<GroupFormValues>>({});
  const create = useCreateAuthorizedGroup();
  const update = useUpdateAuthorizedGroup();
  const pending = create.isPending || update.isPending;
  const losing = group && group.isActive && !values.isActive ? group.membersLosingAccess : 0;

  function change<K extends keyof GroupFormValues>(field: K, value: GroupFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiRequestError) setErrors(serverFieldErrors(error.body?.fields, GROUP_LABELS));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = checkGroupForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    // The group as the form opened it: a colleague's save since then is not undone without a word.
    if (group) update.mutate({ id: group.id, changes: { ...checked.payload, expectedUpdatedAt: group.updatedAt } }, { onSuccess: onClose, onError: showServerErrors });
    else create.mutate(checked.payload, { onSuccess: onClose, onError: showServerErrors });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField
        label={GROUP_LABELS.groupId}
        value={values.groupId}
        inputMode="numeric"
        placeholder="-1001234567890"
        hint="The chat id: negative; supergroups and channels start with -100."
        error={errors.groupId}
        onChange={(event) => change('groupId', event.target.value)}
        required
      />
      <TextField
        label={GROUP_LABELS.groupName}
        value={values.groupName}
        error={errors.groupName}
        onChange={(event) => change('groupName', event.target.value)}
        required
      />
      <SelectField label={GROUP_LABELS.groupType} value={values.groupType} onChange={(event) => change('groupType', event.target.value as GroupType)}>
        {GROUP_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={GROUP_LABELS.dailyLimit}
        value={values.dailyLimit}
        inputMode="numeric"
        hint={`Searches a member may make each day, 1 to ${MAX_DAILY_LIMIT}.`}
        error={errors.dailyLimit}
        onChange={(event) => change('dailyLimit', event.target.value)}
        required
      />
      <TextField
        label={GROUP_LABELS.description}
        value={values.description}
        error={errors.description}
        onChange={(event) => change('description', event.target.value)}
      />
      <CheckboxField label={GROUP_LABELS.isActive} checked={values.isActive} onChange={(event) => change('isActive', event.target.checked)} />
      {losing > 0 ? (
        <p role="status" className="rounded-tremor-default border border-amber-300 bg-amber-50 p-2 text-tremor-label text-amber-800">
          Deactivating it takes access to the bot from {formatCount(losing, 'member')} who {pluralForm(losing, 'has', 'have')} no other way in.
        </p>
      ) : null}
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Group'}
        </Button>
      </div>
    </form>
  );
}
