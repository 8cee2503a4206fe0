import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string;
}

/**
 * A labelled input with an optional hint and error, wired up with aria-describedby.
 * Tremor's TextInput adds a "Show Password" button to password inputs, whose label would
 * also match a search for "Password"; a plain input keeps each label unique.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className, ...inputProps },
  ref,
) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={`mt-1.5 block w-full rounded-tremor-default border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted disabled:cursor-not-allowed disabled:bg-tremor-background-subtle disabled:text-tremor-content ${
            error ? 'border-red-500' : 'border-tremor-border'
          }`}
          {...inputProps}
        />
      )}
    </FieldFrame>
  );
});
