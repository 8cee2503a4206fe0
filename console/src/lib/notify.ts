import { toast } from 'sonner';

/** A success toast with a title and an optional sentence (spec §8, success toasts). */
export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description });
}

/** A destructive toast; the console titles most of them "Error" (spec §8). */
export function notifyError(title: string, description?: string): void {
  toast.error(title, { description });
}
