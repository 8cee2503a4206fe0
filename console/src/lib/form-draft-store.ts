/**
 * Where the form drafts (form-drafts.ts) live, and what the sign-in path needs of them: keeping them
 * through a clearing of the storage and removing one person's. Kept apart from their reading and
 * writing, which only the screens with drafts load: the login screen's JavaScript has a budget.
 */

/** `medcontacts-draft:{userId}:{form}`. */
export const FORM_DRAFT_KEY_PREFIX = 'medcontacts-draft:';

/** A draft is dropped once it is this old: text from last week is more likely a trap than a help. */
export const FORM_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** localStorage, or undefined where the browser blocks it. */
export function draftStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function draftKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(FORM_DRAFT_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Forgets every draft of one person: they signed out themselves, perhaps on a shared computer. */
export function removeFormDraftsOf(userId: number): void {
  const store = draftStorage();
  if (!store) return;
  try {
    const own = `${FORM_DRAFT_KEY_PREFIX}${userId}:`;
    for (const key of draftKeys(store).filter((candidate) => candidate.startsWith(own))) store.removeItem(key);
  } catch {
    // Nothing to do: a blocked storage holds no drafts either.
  }
}

/** The stamp writeFormDraft puts first in every draft's text. */
const SAVED_AT = /^\{"savedAt":(\d+)[,}]/;

/**
 * Runs `clear` (which empties the storage) and puts back the drafts younger than FORM_DRAFT_MAX_AGE_MS:
 * the other entries belong to the session that ended, these to the person. Read by their stamp alone;
 * the form checks the rest when it opens one.
 */
export function keepingFormDrafts(clear: () => void, now = Date.now()): void {
  const store = draftStorage();
  let kept: [key: string, text: string][] = [];
  try {
    if (store) {
      kept = draftKeys(store).flatMap((key) => {
        const text = store.getItem(key) ?? '';
        const stamp = SAVED_AT.exec(text);
        return stamp && now - Number(stamp[1]) <= FORM_DRAFT_MAX_AGE_MS ? [[key, text] as [string, string]] : [];
      });
    }
  } catch {
    kept = [];
  }
  clear();
  try {
    for (const [key, text] of kept) store?.setItem(key, text);
  } catch {
    // As above.
  }
}
