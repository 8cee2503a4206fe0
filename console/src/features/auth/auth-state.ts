import { atom } from 'jotai';
import type { SessionUser } from '@contract/auth.js';

/** The three pieces of client authentication state of spec §4. */
export const authenticatedAtom = atom(false);
export const authLoadingAtom = atom(true);
export const currentUserAtom = atom<SessionUser | null>(null);

/** Signs the client in with a user, or out with null, keeping the two atoms in step. */
export const sessionAtom = atom(null, (_get, set, user: SessionUser | null) => {
  set(currentUserAtom, user);
  set(authenticatedAtom, user !== null);
});
