import { forwardRef, useId, type InputHTMLAttributes } from 'react';

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
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-tremor-default font-medium text-tremor-content-strong">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={`mt-1.5 block w-full rounded-tremor-default border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted disabled:cursor-not-allowed disabled:bg-tremor-background-subtle disabled:text-tremor-content ${
          error ? 'border-red-500' : 'border-tremor-border'
        }`}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-tremor-label text-tremor-content">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-tremor-label text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
