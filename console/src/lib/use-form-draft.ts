import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { readFormDraft, removeFormDraft, writeFormDraft } from './form-drafts.js';
import { getAccessToken } from './session-tokens.js';

export interface FormDraftOptions<T> {
  /** The signed-in staff member, whose draft it is; undefined keeps and restores nothing. */
  userId: number | undefined;
  /** Which form of theirs: 'broadcast-compose', 'message-template:12', 'message-template:new'. */
  form: string;
  /** What the form holds when there is no draft, and again after Discard. */
  initial: T;
  /** The form's values from a stored draft, or undefined when they are not the form's (an old shape, garbage). */
  fromStored: (stored: unknown) => T | undefined;
  /** The values as JSON can hold them; the values themselves by default. */
  toStored?: (values: T) => unknown;
  /** Whether the values hold something worth keeping; by default, whether they differ from `initial`. */
  worthKeeping?: (values: T) => boolean;
  /** The version of the record the form edits (its updatedAt), kept with the draft. */
  basis?: string;
  /** false: the form opens on `initial` whatever is stored (the address asked for something else), and replaces the draft. */
  restore?: boolean;
}

export interface FormDraft {
  /** The form holds a draft from before (say so, and offer Discard); false once it is discarded, sent or emptied. */
  restored: boolean;
  /** The version of the record the form's values were written on: the restored draft's, else the option's. */
  basis: string | undefined;
  /** Forgets the draft and returns the form to its initial values. */
  discard: () => void;
}

function signedIn(): boolean {
  try {
    return getAccessToken() !== null;
  } catch {
    return false;
  }
}

/**
 * A form's state (as useState) that is kept in the browser while it holds unsent text, and filled
 * from there when the form opens again (spec §2.5, §2.6): text survives a session the server ends
 * mid-sentence. The draft goes when the values return to nothing worth keeping (sent, cleared),
 * on `discard`, and with removeFormDraft when a form is closed on purpose. Nothing is written once
 * the session's tokens are gone: this browser signed out, and its drafts went with it.
 */
export function useFormDraft<T>({
  userId,
  form,
  initial,
  fromStored,
  toStored = (values) => values,
  worthKeeping,
  basis,
  restore = true,
}: FormDraftOptions<T>): [T, Dispatch<SetStateAction<T>>, FormDraft] {
  const [opened] = useState(() => {
    const draft = userId === undefined || !restore ? undefined : readFormDraft(userId, form);
    const values = draft ? fromStored(draft.values) : undefined;
    return values === undefined ? undefined : { values, basis: draft?.basis };
  });
  const [values, setValues] = useState<T>(opened ? opened.values : initial);
  const [restored, setRestored] = useState(opened !== undefined);
  const [draftBasis, setDraftBasis] = useState(opened ? opened.basis : basis);
  // The JSON last stored, so that opening a draft does not stamp it anew: it ages from its last change.
  const written = useRef<string | undefined>(opened ? JSON.stringify(toStored(opened.values)) : undefined);

  const initialJson = JSON.stringify(toStored(initial));
  const json = JSON.stringify(toStored(values));
  const keep = worthKeeping ? worthKeeping(values) : json !== initialJson;

  useEffect(() => {
    if (userId === undefined) return;
    if (!keep) {
      // Also one the form could not read back: nothing of it is worth keeping either.
      removeFormDraft(userId, form);
      written.current = undefined;
      setRestored(false);
      setDraftBasis(basis);
      return;
    }
    if (json === written.current || !signedIn()) return;
    writeFormDraft(userId, form, JSON.parse(json), draftBasis);
    written.current = json;
  }, [userId, form, json, keep, basis, draftBasis]);

  const discard = useCallback(() => {
    if (userId !== undefined) removeFormDraft(userId, form);
    written.current = undefined;
    setRestored(false);
    setDraftBasis(basis);
    setValues(initial);
  }, [userId, form, basis, initial]);

  return [values, setValues, { restored, basis: draftBasis, discard }];
}
