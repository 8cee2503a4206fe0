import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorEnrollment as Enrollment } from '@contract/auth.js';
import { TWO_FACTOR_CODE_LENGTH } from '@contract/password-policy.js';
import { BrandMark } from '../../components/brand-mark.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { PlainButton } from '../../components/plain-button.js';
import { RecoveryCodes } from '../../components/recovery-codes.js';
import { TextField } from '../../components/text-field.js';
import { TwoFactorEnrollment } from '../../components/two-factor-enrollment.js';
import { sessionEndSentence } from '@contract/session-end.js';
import { clearBrowserState } from '../../lib/browser-state.js';
import { sessionEndFromQuery, sessionEndQuery } from '../../lib/session-end.js';
import { useAuth, type LoginOutcome } from './use-auth.js';

type Step =
  | { name: 'credentials' }
  | { name: 'two-factor'; enrollment?: Enrollment; useRecoveryCode: boolean }
  | { name: 'recovery-codes'; codes: string[]; continueToConsole: () => void };

/** The login screen of spec §2.3, with its two-factor, enrolment and recovery-code steps. */
export function LoginScreen() {
  const { login } = useAuth();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: string; detail?: string } | null>(null);
  // Why the server ended the last session, when it did: said above the form instead of a bare login screen.
  const [sessionEnd] = useState(() => sessionEndFromQuery(window.location.search));

  useEffect(() => {
    // A forced sign-out lands here with clear=1: start from a clean page, not one built on the old session.
    void clearBrowserState(queryClient).then(() => {
      if (new URLSearchParams(window.location.search).get('clear') === '1') {
        const reason = sessionEndQuery(sessionEndFromQuery(window.location.search));
        window.history.replaceState(null, '', reason ? `/login?${reason}` : '/login');
        window.location.reload();
      }
    });
  }, [queryClient]);

  function follow(outcome: LoginOutcome) {
    switch (outcome.kind) {
      case 'signed-in':
        return;
      case 'two-factor':
        setFailure(null);
        setStep((current) =>
          current.name === 'two-factor'
            ? current
            : { name: 'two-factor', enrollment: outcome.enrollment, useRecoveryCode: false },
        );
        return;
      case 'recovery-codes':
        setFailure(null);
        setStep({ name: 'recovery-codes', codes: outcome.recoveryCodes, continueToConsole: outcome.continueToConsole });
        return;
      case 'failed':
        setFailure({ error: outcome.error, detail: outcome.detail });
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const secondFactor =
      step.name !== 'two-factor' ? {} : step.useRecoveryCode ? { recoveryCode: code.trim() } : { twoFactorToken: code.trim() };
    const outcome = await login({ identifier, password, ...secondFactor });
    setBusy(false);
    follow(outcome);
  }

  function backToLogin() {
    setCode('');
    setFailure(null);
    setStep({ name: 'credentials' });
  }

  function toggleRecoveryCode() {
    if (step.name !== 'two-factor') return;
    setCode('');
    setStep({ ...step, useRecoveryCode: !step.useRecoveryCode });
  }

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      {/* Tremor's Card, drawn by hand: this screen loads before the rest of the console. */}
      <div className="relative w-full max-w-md rounded-tremor-default bg-tremor-background p-6 text-left shadow-tremor-card ring-1 ring-tremor-ring sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark size="lg" />
          <h1 className="mt-4 text-2xl font-semibold text-tremor-content-strong">Admin Login</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">Enter your credentials to access the admin panel</p>
        </div>

        {step.name === 'recovery-codes' ? (
          <div className="space-y-6">
            <RecoveryCodes codes={step.codes} />
            <PlainButton type="button" className="w-full" onClick={step.continueToConsole}>
              Continue
            </PlainButton>
          </div>
        ) : (
          <form className="space-y-5" onSubmit={(event) => void submit(event)} aria-busy={busy}>
            {failure ? <ErrorAlert title={failure.error} detail={failure.detail} /> : null}
            {sessionEnd && !failure && step.name === 'credentials' ? (
              <p role="status" className="rounded-tremor-default border-l-4 border-tremor-brand bg-tremor-brand-faint px-4 py-3 text-tremor-default text-tremor-content-emphasis">
                {sessionEndSentence(sessionEnd)}
              </p>
            ) : null}

            {step.name === 'credentials' ? (
              <>
                <TextField
                  label="Email or Username"
                  name="identifier"
                  autoComplete="username"
                  placeholder="you@example.org or username"
                  required
                  autoFocus
                  disabled={busy}
                  value={identifier}
                  onChange={(event) => setIdentifier(event.target.value)}
                />
                <TextField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  placeholder="Your password"
                  required
                  disabled={busy}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <PlainButton type="submit" className="w-full" disabled={busy}>
                  {busy ? 'Signing in...' : 'Sign In'}
                </PlainButton>
              </>
            ) : (
              <>
                {step.enrollment && !step.useRecoveryCode ? <TwoFactorEnrollment enrollment={step.enrollment} /> : null}
                {step.useRecoveryCode ? (
                  <TextField
                    key="recovery-code"
                    label="Recovery Code"
                    name="recoveryCode"
                    autoComplete="off"
                    placeholder="Enter a recovery code"
                    hint="Each recovery code works once"
                    required
                    autoFocus
                    disabled={busy}
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                  />
                ) : (
                  <TextField
                    key="two-factor-code"
                    label="Two-Factor Authentication Code"
                    name="twoFactorToken"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder="Enter 6-digit code"
                    hint="Enter the 6-digit code from your authenticator app"
                    maxLength={TWO_FACTOR_CODE_LENGTH}
                    required
                    autoFocus
                    disabled={busy}
                    value={code}
                    onChange={(event) => setCode(event.target.value.slice(0, TWO_FACTOR_CODE_LENGTH))}
                  />
                )}
                <PlainButton type="submit" className="w-full" disabled={busy}>
                  Verify Code
                </PlainButton>
                <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-between">
                  {step.enrollment ? null : (
                    <button
                      type="button"
                      className="text-tremor-default font-medium text-tremor-brand hover:text-tremor-brand-emphasis disabled:opacity-50"
                      disabled={busy}
                      onClick={toggleRecoveryCode}
                    >
                      {step.useRecoveryCode ? 'Use an authenticator code' : 'Use a recovery code'}
                    </button>
                  )}
                  <PlainButton type="button" variant="secondary" disabled={busy} onClick={backToLogin}>
                    Back to Login
                  </PlainButton>
                </div>
              </>
            )}
          </form>
        )}
      </div>
    </main>
  );
}
