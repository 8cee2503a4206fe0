import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../lib/use-submit-mutation.js';
import type { z } from 'zod';
import type {
  Account,
  ChangePasswordRequest,
  ClockFormatRequest,
  EnableTwoFactorRequestSchema,
  PasswordConfirmationSchema,
  RecoveryCodesResponse,
  TwoFactorEnrollment,
} from '@contract/auth.js';
import { ACCOUNT_QUERY_KEY } from '../../lib/account-query-key.js';
import { apiRequest } from '../../lib/api-client.js';

/** The signed-in user's own account; the default query function GETs the key's first element. */
export function useAccount() {
  return useQuery<Account>({ queryKey: ACCOUNT_QUERY_KEY });
}

/** A mutation on the own account that refreshes the account afterwards, whatever the outcome. */
function useAccountMutation<TVariables, TResult>(send: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}

export function useChangePassword() {
  return useAccountMutation((body: ChangePasswordRequest) => apiRequest<{ success: true }>('POST', '/api/account/password', body));
}

export function useSetClockFormat() {
  return useAccountMutation((body: ClockFormatRequest) => apiRequest<{ success: true }>('PUT', '/api/account/clock-format', body));
}

export function useStartTwoFactorSetup() {
  return useAccountMutation(() => apiRequest<TwoFactorEnrollment>('POST', '/api/account/two-factor/setup'));
}

export function useEnableTwoFactor() {
  return useAccountMutation((code: string) => apiRequest<RecoveryCodesResponse>('POST', '/api/account/two-factor/enable', { code } satisfies z.input<typeof EnableTwoFactorRequestSchema>));
}

export function useDisableTwoFactor() {
  return useAccountMutation((password: string) => apiRequest<{ success: true }>('POST', '/api/account/two-factor/disable', { password } satisfies z.input<typeof PasswordConfirmationSchema>));
}

export function useRegenerateRecoveryCodes() {
  return useAccountMutation((password: string) =>
    apiRequest<RecoveryCodesResponse>('POST', '/api/account/two-factor/recovery-codes', { password } satisfies z.input<typeof PasswordConfirmationSchema>),
  );
}
