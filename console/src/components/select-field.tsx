import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';

/** Classes of a native select matching Tremor's inputs. */
export const SELECT_CLASSES =
  'block w-full rounded-tremor-default border border-tremor-border bg-tremor-background py-2 pl-3 pr-10 text-tremor-default text-tremor-content-emphasis shadow-tremor-input focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted disabled:cursor-not-allowed disabled:opacity-50';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/**
 * A labelled native select. Tremor's Select cannot be tied to a label, and tests (and screen
 * readers) find fields by their label.
 */
export function SelectField({ label, hint, error, id, className, children, ...selectProps }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={`${SELECT_CLASSES} mt-1.5`} {...selectProps}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
