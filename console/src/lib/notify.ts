import { toast } from 'sonner';
import { errorMessage } from './api-client.js';

/** The one toast that `alone` toasts share: a new one updates it in place instead of stacking under it. */
const ALONE_TOAST_ID = 'alone';

export interface NotifyOptions {
  /** Replace whatever toast is showing rather than stack under it (spec §9: one toast at a time on User Management). */
  alone?: boolean;
}

/** A success toast with a title and an optional sentence (spec §8, success toasts). */
export function notifySuccess(title: string, description?: string, { alone = false }: NotifyOptions = {}): void {
  if (alone) toast.dismiss();
  toast.success(title, { description, id: alone ? ALONE_TOAST_ID : undefined });
}

/** A destructive toast; the console titles most of them "Error" (spec §8). */
export function notifyError(title: string, description?: string, { alone = false }: NotifyOptions = {}): void {
  if (alone) toast.dismiss();
  toast.error(title, { description, id: alone ? ALONE_TOAST_ID : undefined });
}

/**
 * The spec §8 failure toast: its fixed title, with the server's message beneath when it gave one,
 * else `fallback` (nothing by default).
 */
export function notifyFailure(error: unknown, title: string, { fallback = '', ...options }: NotifyOptions & { fallback?: string } = {}): void {
  notifyError(title, errorMessage(error, fallback) || undefined, options);
}

/**
 * A failure toast with the reason in its title, "Failed to send broadcast: {server message}". When the
 * server gave no message (the connection dropped), the request's own error says what happened.
 */
export function notifyFailureWithReason(error: unknown, prefix: string): void {
  const fallback = error instanceof Error ? error.message : 'unknown error';
  notifyError(`${prefix}: ${errorMessage(error, fallback)}`);
}
