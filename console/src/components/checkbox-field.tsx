import { useId, type InputHTMLAttributes } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

/** A checkbox with its label beside it; the whole label is the hit area. */
export function CheckboxField({ label, id, className, ...inputProps }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={`flex items-center gap-2 ${className ?? ''}`}>
      <input
        id={inputId}
        type="checkbox"
        className="h-4 w-4 rounded border-tremor-border text-tremor-brand focus:ring-tremor-brand-muted"
        {...inputProps}
      />
      <label htmlFor={inputId} className="cursor-pointer text-tremor-default text-tremor-content-strong">
        {label}
      </label>
    </div>
  );
}
