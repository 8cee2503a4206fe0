import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginRequest, SessionUser, TwoFactorEnrollment } from '@contract/auth.js';
import { clearStorage } from '../../lib/browser-state.js';
import { removeFormDraftsOf } from '../../lib/form-draft-store.js';
import { clearTokens, storeTokens } from '../../lib/session-tokens.js';
import { postLogin, revokeSession } from './auth-api.js';
import { authenticatedAtom, authLoadingAtom, currentUserAtom, sessionAtom } from './auth-state.js';

/** What a login attempt led to; the login screen shows one step per kind. */
export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'two-factor'; enrollment?: TwoFactorEnrollment }
  /** Enrolment just finished: the codes must be seen before entering the console. */
  | { kind: 'recovery-codes'; recoveryCodes: string[]; continueToConsole: () => void }
  | { kind: 'failed'; error: string; detail?: string };

export interface Auth {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  login(request: LoginRequest): Promise<LoginOutcome>;
  logout(): Promise<void>;
}

function exceptionMessage(error: unknown): string {
  return error instanceof Error && error.message ? `Login failed: ${error.message}` : 'An error occurred during login';
}

/** Client authentication as spec §4 describes it: the session, login and logout. */
export function useAuth(): Auth {
  const user = useAtomValue(currentUserAtom);
  const isAuthenticated = useAtomValue(authenticatedAtom);
  const isLoading = useAtomValue(authLoadingAtom);
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const enterConsole = useCallback(
    (signedIn: SessionUser) => {
      setSession(signedIn);
      void queryClient.invalidateQueries();
      // The timestamp makes the landing address unique, so nothing cached for it is reused.
      navigate(`/dashboard?t=${Date.now()}`);
    },
    [navigate, queryClient, setSession],
  );

  const login = useCallback(
    async (request: LoginRequest): Promise<LoginOutcome> => {
      clearStorage();
      queryClient.clear();
      try {
        const { body, status, message } = await postLogin(request);
        if (body?.success && body.token && body.user) {
          storeTokens(body.token, body.refreshToken);
          const signedIn = body.user;
          if (body.recoveryCodes?.length) {
            return { kind: 'recovery-codes', recoveryCodes: body.recoveryCodes, continueToConsole: () => enterConsole(signedIn) };
          }
          enterConsole(signedIn);
          return { kind: 'signed-in' };
        }
        clearTokens();
        setSession(null);
        if (body?.requiresTwoFactor) return { kind: 'two-factor', enrollment: body.enrollment };
        if (body?.error) return { kind: 'failed', error: body.error, detail: message };
        if (message) return { kind: 'failed', error: message };
        return { kind: 'failed', error: exceptionMessage(new Error(`HTTP error! status: ${status}`)) };
      } catch (error) {
        clearTokens();
        setSession(null);
        return { kind: 'failed', error: exceptionMessage(error) };
      }
    },
    [enterConsole, queryClient, setSession],
  );

  const logout = useCallback(async () => {
    await revokeSession();
    clearTokens();
    // Signing out is the person's own choice, perhaps on a shared computer: their unsent text goes too.
    if (user) removeFormDraftsOf(user.id);
    setSession(null);
    queryClient.clear();
    navigate('/login');
  }, [navigate, queryClient, setSession, user]);

  return { user, isAuthenticated, isLoading, login, logout };
}
