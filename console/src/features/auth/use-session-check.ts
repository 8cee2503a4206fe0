import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { clearTokens, getAccessToken } from '../../lib/session-tokens.js';
import { verifySession } from './auth-api.js';
import { authLoadingAtom, sessionAtom } from './auth-state.js';

/** The token check on start (spec §4): a stored token is verified, else the client stays signed out. */
export function useSessionCheck(): void {
  const setSession = useSetAtom(sessionAtom);
  const setLoading = useSetAtom(authLoadingAtom);

  useEffect(() => {
    let current = true;
    async function check() {
      if (!getAccessToken()) return;
      let user: Awaited<ReturnType<typeof verifySession>>;
      try {
        user = await verifySession();
      } catch {
        // No answer (offline, or the page is being left): not a refusal, so the tokens stay.
        return;
      }
      if (!current) return;
      if (!user) clearTokens();
      setSession(user);
    }
    void check().finally(() => {
      if (current) setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [setLoading, setSession]);
}
