import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FieldFrame } from './field-frame.js';

export interface ComboboxChoice {
  value: string;
  /** A second line: what the typed text matched, say. */
  detail?: string | null;
}

interface ComboboxFieldProps {
  label: string;
  /** The text in the box: what was typed, or the choice taken. */
  value: string;
  onChange: (value: string) => void;
  /** The choices for the text as it stands (the caller filters them). */
  choices: readonly ComboboxChoice[];
  /** Shown in the list when no choice fits the text. */
  noChoice: string;
  hint?: ReactNode;
  error?: string;
  placeholder?: string;
  onFocus?: () => void;
  onBlur?: () => void;
  /** Under the hint and the error, such as buttons that take a suggestion. */
  after?: ReactNode;
}

/**
 * A labelled text box that offers choices as one types, to pick with the mouse or the keyboard
 * (Headless UI's Combobox, so it is a `combobox` with its `listbox` to assistive technology). The text
 * stays what was typed until a choice is taken: the form's rules say what becomes of it.
 */
export function ComboboxField({ label, value, onChange, choices, noChoice, hint, error, placeholder, onFocus, onBlur, after }: ComboboxFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} after={after}>
      {(control) => (
        <Combobox value={value} onChange={(chosen: string | null) => onChange(chosen ?? '')} immediate>
          <ComboboxInput
            {...control}
            autoComplete="off"
            placeholder={placeholder}
            displayValue={(text: string) => text}
            onChange={(event) => onChange(event.target.value)}
            onFocus={onFocus}
            onBlur={onBlur}
            className={`mt-1.5 block w-full rounded-tremor-default border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted ${
              error ? 'border-red-500' : 'border-tremor-border'
            }`}
          />
          {/* Not modal: the rest of the form stays usable (and the list closes) while it is open. */}
          <ComboboxOptions
            anchor="bottom start"
            modal={false}
            className="z-50 max-h-60 w-[var(--input-width)] overflow-y-auto rounded-tremor-default border border-tremor-border bg-tremor-background py-1 text-tremor-default shadow-tremor-dropdown [--anchor-gap:4px]"
          >
            {choices.length === 0 ? (
              <p className="px-3 py-2 text-tremor-content">{noChoice}</p>
            ) : (
              choices.map((choice) => (
                <ComboboxOption
                  key={choice.value}
                  value={choice.value}
                  className="cursor-pointer px-3 py-2 text-tremor-content-strong data-[focus]:bg-tremor-background-muted data-[selected]:font-semibold"
                >
                  {choice.value}
                  {choice.detail ? <span className="block text-tremor-label text-tremor-content">{choice.detail}</span> : null}
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </Combobox>
      )}
    </FieldFrame>
  );
}
