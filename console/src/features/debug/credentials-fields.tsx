import { TWO_FACTOR_CODE_LENGTH } from '@contract/password-policy.js';
import type { LoginRequest } from '@contract/auth.js';
import { TextField } from '../../components/text-field.js';

export interface DebugCredentials {
  identifier: string;
  password: string;
  twoFactorToken: string;
}

export const EMPTY_CREDENTIALS: DebugCredentials = { identifier: '', password: '', twoFactorToken: '' };

/** The login body the tools send; the code goes only when one was typed. */
export function toLoginRequest({ identifier, password, twoFactorToken }: DebugCredentials): LoginRequest {
  return twoFactorToken ? { identifier, password, twoFactorToken } : { identifier, password };
}

/** Credentials for the tools. Nothing is prefilled: a default credential would be a standing way in. */
export function CredentialsFields({
  value,
  disabled,
  onChange,
}: {
  value: DebugCredentials;
  disabled: boolean;
  onChange: (value: DebugCredentials) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Email or Username"
        autoComplete="username"
        disabled={disabled}
        value={value.identifier}
        onChange={(event) => onChange({ ...value, identifier: event.target.value })}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        disabled={disabled}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
      <TextField
        label="Two-Factor Code (optional)"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TWO_FACTOR_CODE_LENGTH}
        disabled={disabled}
        value={value.twoFactorToken}
        onChange={(event) => onChange({ ...value, twoFactorToken: event.target.value.slice(0, TWO_FACTOR_CODE_LENGTH) })}
      />
    </div>
  );
}
