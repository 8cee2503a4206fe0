/**
 * Unsent form text kept in the browser (spec §2.5, §2.6): what a staff member had typed survives a
 * session the server ends while a form is open. One localStorage entry per person and form,
 * `medcontacts-draft:{userId}:{form}`, holding `{ savedAt, basis?, values }`. Every access is guarded:
 * storage may be missing (blocked by the browser, full) or hold anything.
 */

import { draftStorage, FORM_DRAFT_KEY_PREFIX, FORM_DRAFT_MAX_AGE_MS } from './form-draft-store.js';

/** A draft stamped later than this ahead of the clock was not written by this browser's clock: garbage. */
const CLOCK_SLACK_MS = 60_000;

/** A draft as it was read back: the values still need the form's own check. */
export interface StoredFormDraft {
  savedAt: number;
  /** The version of the record the form was opened on (its updatedAt), for an edit. */
  basis?: string;
  values: unknown;
}

function keyOf(userId: number, form: string): string {
  return `${FORM_DRAFT_KEY_PREFIX}${userId}:${form}`;
}

function parse(text: string | null, now: number): StoredFormDraft | undefined {
  if (text === null) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null || !('savedAt' in stored) || !('values' in stored)) return undefined;
  const { savedAt, basis, values } = stored as Record<string, unknown>;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt) || savedAt > now + CLOCK_SLACK_MS || now - savedAt > FORM_DRAFT_MAX_AGE_MS) return undefined;
  if (basis !== undefined && typeof basis !== 'string') return undefined;
  return { savedAt, values, ...(basis !== undefined && { basis }) };
}

/** The draft of this person's form, or undefined; one that is too old or unreadable is removed on the way. */
export function readFormDraft(userId: number, form: string, now = Date.now()): StoredFormDraft | undefined {
  const store = draftStorage();
  if (!store) return undefined;
  try {
    const key = keyOf(userId, form);
    const draft = parse(store.getItem(key), now);
    if (!draft) store.removeItem(key);
    return draft;
  } catch {
    return undefined;
  }
}

/** Keeps the form's values as this person's draft. Best effort: a full or blocked storage keeps nothing. */
export function writeFormDraft(userId: number, form: string, values: unknown, basis?: string, now = Date.now()): void {
  try {
    draftStorage()?.setItem(keyOf(userId, form), JSON.stringify({ savedAt: now, ...(basis !== undefined && { basis }), values }));
  } catch {
    // Nothing to do: the form goes on working, only without a safety copy.
  }
}

/** Forgets one draft: the form was sent or saved, discarded, or closed on purpose. */
export function removeFormDraft(userId: number, form: string): void {
  try {
    draftStorage()?.removeItem(keyOf(userId, form));
  } catch {
    // As above.
  }
}
