import { Button, Card } from '@tremor/react';
import { useId, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH, PasswordSchema } from '@contract/password-policy.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { TextField } from '../../components/text-field.js';
import { errorMessage, fieldErrorsOf } from '../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import { useChangePassword } from './account-api.js';

interface FieldErrors {
  newPassword?: string;
  confirmPassword?: string;
}

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changing one's own password; the current one is required (issue "Sign-in"). */
export function ChangePasswordForm() {
  const headingId = useId();
  const changePassword = useChangePassword();
  const [form, setForm] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  function update(field: keyof typeof emptyForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    const strength = PasswordSchema.safeParse(form.newPassword);
    if (!strength.success) errors.newPassword = strength.error.issues[0]?.message;
    if (form.confirmPassword !== form.newPassword) errors.confirmPassword = 'Passwords do not match';
    return errors;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    setServerError(null);
    if (errors.newPassword || errors.confirmPassword) return;
    changePassword.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          setForm(emptyForm);
          notifySuccess('Password Changed', 'Your password has been changed. Use the new one next time you sign in.');
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to change password');
          // A refused new password is said beside its field; anything else above the form.
          const newPassword = fieldErrorsOf(error).newPassword;
          if (newPassword) setFieldErrors({ newPassword });
          else setServerError(message);
          notifyError('Error', message);
        },
      },
    );
  }

  const busy = changePassword.isPending;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          Change Password
        </h2>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Use at least {MIN_PASSWORD_LENGTH} characters, and nothing you use on another site.
        </p>
        <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
          {serverError ? <ErrorAlert title={serverError} /> : null}
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            required
            disabled={busy}
            value={form.currentPassword}
            onChange={(event) => update('currentPassword', event.target.value)}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            disabled={busy}
            error={fieldErrors.newPassword}
            value={form.newPassword}
            onChange={(event) => update('newPassword', event.target.value)}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            disabled={busy}
            error={fieldErrors.confirmPassword}
            value={form.confirmPassword}
            onChange={(event) => update('confirmPassword', event.target.value)}
          />
          <Button type="submit" disabled={busy || !form.currentPassword || !form.newPassword || !form.confirmPassword}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </section>
    </Card>
  );
}
