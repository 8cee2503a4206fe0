import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** Classes of a native select matching Tremor's inputs. */
export const SELECT_CLASSES =
  'block w-full rounded-tremor-default border border-tremor-border bg-tremor-background py-2 pl-3 pr-10 text-tremor-default text-tremor-content-emphasis shadow-tremor-input focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted disabled:cursor-not-allowed disabled:opacity-50';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  children: ReactNode;
}

/**
 * A labelled native select. Tremor's Select cannot be tied to a label, and tests (and screen
 * readers) find fields by their label.
 */
export function SelectField({ label, hint, id, className, children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-tremor-default font-medium text-tremor-content-strong">
        {label}
      </label>
      <select id={selectId} aria-describedby={hintId} className={`${SELECT_CLASSES} mt-1.5`} {...selectProps}>
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-tremor-label text-tremor-content">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
