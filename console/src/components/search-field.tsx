import RiSearchLine from 'remixicon/icons/System/search-line.svg?react';
import { useId, type InputHTMLAttributes } from 'react';

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value' | 'maxLength'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * The server schema's limit for this search (a constant of api/contract): a longer paste is cut
   * here instead of making the whole screen fail with a 400.
   */
  maxLength: number;
  /** Screens whose heading already says what is searched keep the label for screen readers only. */
  hideLabel?: boolean;
  /** What is wrong with the search (one from the address bar the server would refuse), under the box. */
  error?: string | undefined;
}

/** A labelled search box with the magnifier, as every list's filter bar has it. */
export function SearchField({ label, value, onChange, maxLength, hideLabel = false, error, id, className, ...inputProps }: SearchFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'block text-tremor-default font-medium text-tremor-content-strong'}>
        {label}
      </label>
      <div className={`relative ${hideLabel ? '' : 'mt-1.5'}`}>
        <RiSearchLine className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-tremor-content-subtle" aria-hidden="true" />
        <input
          id={inputId}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={`block w-full rounded-tremor-default border ${error ? 'border-red-500' : 'border-tremor-border'} bg-tremor-background py-2 pl-9 pr-3 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted`}
          {...inputProps}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-tremor-label text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
