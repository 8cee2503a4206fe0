import { Badge, Button, Card } from '@tremor/react';
import { useId, useState, type FormEvent } from 'react';
import type { Account, TwoFactorEnrollment as Enrollment } from '@contract/auth.js';
import { TWO_FACTOR_CODE_LENGTH } from '@contract/password-policy.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { RecoveryCodes } from '../../components/recovery-codes.js';
import { TextField } from '../../components/text-field.js';
import { TwoFactorEnrollment } from '../../components/two-factor-enrollment.js';
import { errorMessage } from '../../lib/api-client.js';
import { formatCount } from '../../lib/format.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import {
  useAccount,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from './account-api.js';

type Mode =
  | { name: 'overview' }
  | { name: 'enrolling'; enrollment: Enrollment }
  | { name: 'confirm-disable' }
  | { name: 'confirm-regenerate' }
  | { name: 'recovery-codes'; codes: string[] };

/** Enrolling in, and leaving, two-factor authentication for one's own account. */
export function TwoFactorSection() {
  const headingId = useId();
  const account = useAccount();
  const [mode, setMode] = useState<Mode>({ name: 'overview' });
  const backToOverview = () => setMode({ name: 'overview' });

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Two-Factor Authentication
          </h2>
          {account.data ? (
            <Badge color={account.data.twoFactorEnabled ? 'emerald' : 'gray'}>{account.data.twoFactorEnabled ? 'On' : 'Off'}</Badge>
          ) : null}
        </div>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Sign-in asks for a code from an authenticator app as well as your password.
        </p>
        <div className="mt-5">
          {account.isPending ? (
            <LoadingSpinner label="Loading your account..." />
          ) : account.isError ? (
            <div className="space-y-3">
              <ErrorAlert title="Could not load your account" detail={errorMessage(account.error, account.error.message)} />
              <Button type="button" variant="secondary" onClick={() => void account.refetch()}>
                Try Again
              </Button>
            </div>
          ) : mode.name === 'recovery-codes' ? (
            <div className="space-y-4">
              <RecoveryCodes codes={mode.codes} />
              <Button type="button" onClick={backToOverview}>
                Done
              </Button>
            </div>
          ) : mode.name === 'enrolling' ? (
            <EnableForm
              enrollment={mode.enrollment}
              onEnabled={(codes) => setMode({ name: 'recovery-codes', codes })}
              onCancel={backToOverview}
            />
          ) : mode.name === 'confirm-disable' ? (
            <DisableForm onDone={backToOverview} />
          ) : mode.name === 'confirm-regenerate' ? (
            <RegenerateForm onRegenerated={(codes) => setMode({ name: 'recovery-codes', codes })} onCancel={backToOverview} />
          ) : (
            <Overview account={account.data} onEnrolling={(enrollment) => setMode({ name: 'enrolling', enrollment })} onChoose={setMode} />
          )}
        </div>
      </section>
    </Card>
  );
}

function Overview({
  account,
  onEnrolling,
  onChoose,
}: {
  account: Account;
  onEnrolling: (enrollment: Enrollment) => void;
  onChoose: (mode: Mode) => void;
}) {
  const setup = useStartTwoFactorSetup();

  function startSetup() {
    setup.mutate(undefined, {
      onSuccess: (enrollment) => {
        onEnrolling(enrollment);
        notifySuccess('Two-Factor Setup Started', 'Scan the QR code, then enter a code to finish.');
      },
      onError: (error) => notifyError('Error', errorMessage(error, 'Failed to start two-factor setup')),
    });
  }

  if (!account.twoFactorEnabled) {
    return (
      <Button type="button" onClick={startSetup} disabled={setup.isPending}>
        {setup.isPending ? 'Preparing...' : 'Enable Two-Factor'}
      </Button>
    );
  }

  return (
    <div className="space-y-4">
      <dl>
        <dt className="text-tremor-label text-tremor-content">Recovery codes remaining</dt>
        <dd className="mt-1 text-tremor-default font-medium text-tremor-content-strong">
          {formatCount(account.recoveryCodesRemaining, 'recovery code')}
        </dd>
      </dl>
      {account.recoveryCodesRemaining <= 2 ? (
        <p className="text-tremor-default text-amber-700">Running low: regenerate your recovery codes so you are not locked out.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => onChoose({ name: 'confirm-regenerate' })}>
          Regenerate Recovery Codes
        </Button>
        <Button type="button" variant="secondary" color="red" onClick={() => onChoose({ name: 'confirm-disable' })}>
          Disable Two-Factor
        </Button>
      </div>
    </div>
  );
}

function EnableForm({
  enrollment,
  onEnabled,
  onCancel,
}: {
  enrollment: Enrollment;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        notifySuccess('Two-Factor Enabled', 'Sign-in now asks for a code from your authenticator app.');
        onEnabled(recoveryCodes);
      },
      onError: (error) => notifyError('Error', errorMessage(error, 'Failed to enable two-factor authentication')),
    });
  }

  return (
    <form className="max-w-sm space-y-4" onSubmit={submit}>
      <TwoFactorEnrollment enrollment={enrollment} />
      {enable.isError ? <ErrorAlert title={errorMessage(enable.error, 'Failed to enable two-factor authentication')} /> : null}
      <TextField
        label="Authentication Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="Enter 6-digit code"
        maxLength={TWO_FACTOR_CODE_LENGTH}
        required
        autoFocus
        disabled={enable.isPending}
        value={code}
        onChange={(event) => setCode(event.target.value.slice(0, TWO_FACTOR_CODE_LENGTH))}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending || code.trim().length !== TWO_FACTOR_CODE_LENGTH}>
          {enable.isPending ? 'Verifying...' : 'Verify and Enable'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Asks for the password before an action that weakens or replaces the second factor. */
function PasswordConfirmForm({
  explanation,
  submitLabel,
  pendingLabel,
  danger,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  explanation: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <form
      className="max-w-sm space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(password);
      }}
    >
      <p className="text-tremor-default text-tremor-content">{explanation}</p>
      {error ? <ErrorAlert title={error} /> : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        disabled={pending}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" color={danger ? 'red' : undefined} disabled={pending || !password}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const fallback = 'Failed to disable two-factor authentication';
  return (
    <PasswordConfirmForm
      explanation="Enter your password to turn two-factor authentication off. Your recovery codes stop working."
      submitLabel="Disable Two-Factor"
      pendingLabel="Disabling..."
      danger
      pending={disable.isPending}
      error={disable.isError ? errorMessage(disable.error, fallback) : null}
      onCancel={onDone}
      onConfirm={(password) =>
        disable.mutate(password, {
          onSuccess: () => {
            notifySuccess('Two-Factor Disabled', 'Sign-in now asks for your password only.');
            onDone();
          },
          onError: (error) => notifyError('Error', errorMessage(error, fallback)),
        })
      }
    />
  );
}

function RegenerateForm({ onRegenerated, onCancel }: { onRegenerated: (codes: string[]) => void; onCancel: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const fallback = 'Failed to regenerate recovery codes';
  return (
    <PasswordConfirmForm
      explanation="Enter your password to get a new set of recovery codes. The old ones stop working."
      submitLabel="Regenerate Recovery Codes"
      pendingLabel="Regenerating..."
      pending={regenerate.isPending}
      error={regenerate.isError ? errorMessage(regenerate.error, fallback) : null}
      onCancel={onCancel}
      onConfirm={(password) =>
        regenerate.mutate(password, {
          onSuccess: ({ recoveryCodes }) => {
            notifySuccess('Recovery Codes Regenerated', 'Save the new codes; the old ones no longer work.');
            onRegenerated(recoveryCodes);
          },
          onError: (error) => notifyError('Error', errorMessage(error, fallback)),
        })
      }
    />
  );
}
