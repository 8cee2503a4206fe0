import { Field, Label } from '@headlessui/react';
import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import { assignableRoles, type CreateAdminUserForm } from '@contract/admin-users.js';
import { MIN_PASSWORD_LENGTH } from '@contract/password-policy.js';
import type { Role } from '@contract/roles.js';
import { SelectField } from '../../../components/select-field.js';
import { TextField } from '../../../components/text-field.js';
import { fieldErrorsOf } from '../../../lib/api-client.js';
import { useCreateAdminUser } from '../api/create-admin-user.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { isRole, ROLE_OPTIONS } from './role-options.js';
import { ToggleSwitch } from '../../../components/toggle-switch.js';

interface CreateUserFormValues {
  username: string;
  email: string;
  password: string;
  firstName: string;
  role: Role;
  department: string;
  isActive: boolean;
}

/** The create-form defaults of spec §3. */
const EMPTY_FORM: CreateUserFormValues = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  role: 'viewer',
  department: '',
  isActive: true,
};

function blankToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Spec §5: the optional texts go out trimmed, and as null when nothing is left. */
export function toCreateRequest(form: CreateUserFormValues): CreateAdminUserForm {
  return {
    ...form,
    email: blankToNull(form.email),
    firstName: blankToNull(form.firstName),
    department: blankToNull(form.department),
  };
}

interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in user's role: the form offers only the roles the server lets it give. */
  actorRole: Role;
}

export function CreateUserDialog({ open, onClose, actorRole }: CreateUserDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Create New User" description="Add a staff member and choose what they may do.">
      {/* Headless UI unmounts a closed dialog's content, so every opening starts from the defaults. */}
      <CreateUserForm onClose={onClose} actorRole={actorRole} />
    </ModalDialog>
  );
}

function CreateUserForm({ onClose, actorRole }: { onClose: () => void; actorRole: Role }) {
  const [form, setForm] = useState(EMPTY_FORM);
  const createUser = useCreateAdminUser();
  const fieldErrors = fieldErrorsOf(createUser.error);

  function update<K extends keyof CreateUserFormValues>(key: K, value: CreateUserFormValues[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    createUser.mutate(toCreateRequest(form), {
      onSuccess: () => {
        setForm(EMPTY_FORM);
        onClose();
      },
    });
  }

  const allowedRoles = assignableRoles(actorRole);
  const roleOptions = ROLE_OPTIONS.filter((option) => allowedRoles.includes(option.role));
  const selectedRole = roleOptions.find((option) => option.role === form.role);

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Username *"
        value={form.username}
        onChange={(event) => update('username', event.target.value)}
        required
        autoComplete="off"
        autoFocus
        error={fieldErrors.username}
      />
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onChange={(event) => update('email', event.target.value)}
        autoComplete="off"
        error={fieldErrors.email}
      />
      <TextField
        label="Password *"
        type="password"
        value={form.password}
        onChange={(event) => update('password', event.target.value)}
        required
        minLength={MIN_PASSWORD_LENGTH}
        autoComplete="new-password"
        error={fieldErrors.password}
      />
      <TextField
        label="First Name"
        value={form.firstName}
        onChange={(event) => update('firstName', event.target.value)}
        autoComplete="off"
        error={fieldErrors.firstName}
      />
      <SelectField
        label="Role *"
        required
        value={form.role}
        onChange={(event) => {
          if (isRole(event.target.value)) update('role', event.target.value);
        }}
        hint={selectedRole?.description}
      >
        {roleOptions.map(({ role, name, description }) => (
          <option key={role} value={role}>
            {name} – {description}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Department"
        value={form.department}
        onChange={(event) => update('department', event.target.value)}
        placeholder="e.g., IT, Medical, Administration"
        autoComplete="off"
        error={fieldErrors.department}
      />
      <Field className="flex items-center gap-3">
        <ToggleSwitch checked={form.isActive} onChange={(checked) => update('isActive', checked)} />
        <Label className="cursor-pointer text-tremor-default font-medium text-tremor-content-strong">Active User</Label>
      </Field>
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={createUser.isPending}>
          {createUser.isPending ? 'Creating...' : 'Create User'}
        </Button>
      </div>
    </form>
  );
}
