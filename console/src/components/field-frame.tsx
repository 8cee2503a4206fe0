import { useId, type ReactNode } from 'react';

/** What a form control needs from its frame: its id and what describes it. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The control's id; one is made up when absent. */
  id?: string;
  className?: string;
  /** Draws the control with the props that tie it to its label, hint and error. */
  children: (control: FieldControl) => ReactNode;
  /** Shown under the hint and the error, such as a check of the text. */
  after?: ReactNode;
}

/**
 * The label, hint and error around one form control, wired up with htmlFor and aria-describedby:
 * tests and screen readers find fields by label. TextField, TextAreaField and SelectField use it.
 */
export function FieldFrame({ label, hint, error, id, className, children, after }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-tremor-default font-medium text-tremor-content-strong">
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
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
      {after}
    </div>
  );
}
