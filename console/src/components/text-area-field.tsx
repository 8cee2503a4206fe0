import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Monospaced, for text with markup in it. */
  mono?: boolean;
  /** Shown under the hint, such as a check of the text. */
  children?: ReactNode;
}

/** A labelled textarea with an optional hint and error, like TextField. */
export function TextAreaField({ label, hint, error, mono = false, id, className, children, ...textareaProps }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} after={children}>
      {(control) => (
        <textarea
          {...control}
          className={`mt-1.5 block w-full rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted ${mono ? 'font-mono' : ''}`}
          {...textareaProps}
        />
      )}
    </FieldFrame>
  );
}
