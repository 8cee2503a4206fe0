import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import RiArrowDownSLine from 'remixicon/icons/Arrows/arrow-down-s-line.svg?react';
import RiCheckLine from 'remixicon/icons/System/check-line.svg?react';
import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldFrame, type FieldControl } from './field-frame.js';

/** A code a picker offers: its name as the reader knows it, and the other name the search matched, if it matched another. */
export interface CodeOption {
  code: string;
  label: string;
  matched?: string;
}

interface PickerProps {
  label: string;
  /** The options for what is typed: every code for nothing typed, else those whose names begin with it. */
  options: (query: string) => CodeOption[];
  /** The name a chosen code shows. */
  nameOf: (code: string) => string;
  /** What the list says when nothing matches ("No country is called …"). */
  noMatch: (query: string) => string;
  hint?: ReactNode;
  error?: string;
  placeholder?: string;
  /** Shown under the hint and the error, such as a value the directory does not recognise. */
  after?: ReactNode;
}

const INPUT_CLASSES =
  'block w-full rounded-tremor-default border bg-tremor-background py-2 pl-3 pr-9 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted';
const OPTIONS_CLASSES =
  'z-50 max-h-60 w-[var(--input-width)] overflow-y-auto rounded-tremor-default border border-tremor-border bg-tremor-background py-1 text-tremor-default shadow-tremor-dropdown [--anchor-gap:4px] empty:invisible';

/** One option: the name, the name it was found by when that is another, and the code. */
function OptionRow({ option, chosen }: { option: CodeOption; chosen: boolean }) {
  return (
    <ComboboxOption
      value={option.code}
      className="flex cursor-default items-center gap-2 px-3 py-1.5 text-tremor-content-emphasis data-[focus]:bg-tremor-background-muted"
    >
      <RiCheckLine aria-hidden="true" className={`size-4 shrink-0 text-tremor-brand ${chosen ? '' : 'invisible'}`} />
      <span className="min-w-0 flex-1 truncate">
        {option.label}
        {option.matched ? <span className="text-tremor-content"> · {option.matched}</span> : null}
      </span>
      <span className="text-tremor-label text-tremor-content-subtle">{option.code}</span>
    </ComboboxOption>
  );
}

function OptionList({ options, query, noMatch, chosen }: { options: CodeOption[]; query: string; noMatch: (query: string) => string; chosen: (code: string) => boolean }) {
  return (
    // Not modal: the list of several stays open after each choice, and the rest of the form stays usable beside it.
    <ComboboxOptions anchor="bottom start" modal={false} className={OPTIONS_CLASSES}>
      {options.length === 0 && query.trim() !== '' ? <div className="px-3 py-1.5 text-tremor-content">{noMatch(query.trim())}</div> : null}
      {options.map((option) => (
        <OptionRow key={option.code} option={option} chosen={chosen(option.code)} />
      ))}
    </ComboboxOptions>
  );
}

/**
 * The combobox's input with the hint and error its frame describes it by: Headless UI gives its input
 * the descriptions of its own Field instead, none here, over what it is handed.
 */
const DescribedInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { describedBy?: string }>(function DescribedInput({ describedBy, ...props }, ref) {
  return <input ref={ref} {...props} aria-describedby={describedBy} />;
});

/** The frame's control props, for ComboboxInput rendered as DescribedInput. */
function inputControl({ 'aria-describedby': describedBy, ...control }: FieldControl) {
  return { ...control, as: DescribedInput, describedBy };
}

function OpenButton() {
  return (
    <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2 text-tremor-content">
      <RiArrowDownSLine aria-hidden="true" className="size-5" />
    </ComboboxButton>
  );
}

/**
 * A labelled combobox that picks one code by any of its names ("Deutschland" finds Germany), and
 * shows the chosen code by its name. The stored value is the code; '' is none.
 */
export function CodePickerField({ label, options, nameOf, noMatch, hint, error, placeholder, after, value, onChange, required }: PickerProps & { value: string; onChange: (code: string) => void; required?: boolean }) {
  const [query, setQuery] = useState('');
  return (
    <FieldFrame label={label} hint={hint} error={error} after={after}>
      {(control) => (
        <Combobox value={value || null} onChange={(code: string | null) => onChange(code ?? '')} onClose={() => setQuery('')} immediate>
          <div className="relative mt-1.5">
            <ComboboxInput
              {...inputControl(control)}
              required={required}
              placeholder={placeholder}
              autoComplete="off"
              className={`${INPUT_CLASSES} ${error ? 'border-red-500' : 'border-tremor-border'}`}
              displayValue={(code: string | null) => (code ? nameOf(code) : '')}
              onChange={(event) => setQuery(event.target.value)}
            />
            <OpenButton />
          </div>
          <OptionList options={options(query)} query={query} noMatch={noMatch} chosen={(code) => code === value} />
        </Combobox>
      )}
    </FieldFrame>
  );
}

/**
 * A labelled combobox that picks several codes by any of their names, each chosen one shown by its
 * name with a button that removes it.
 */
export function CodeListPickerField({ label, options, nameOf, noMatch, hint, error, placeholder, after, value, onChange }: PickerProps & { value: readonly string[]; onChange: (codes: string[]) => void }) {
  const [query, setQuery] = useState('');
  return (
    <FieldFrame label={label} hint={hint} error={error} after={after}>
      {(control) => (
        <Combobox
          multiple
          value={[...value]}
          onChange={(codes: string[]) => {
            onChange(codes);
            setQuery('');
          }}
          onClose={() => setQuery('')}
          immediate
        >
          {value.length > 0 ? (
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {value.map((code) => (
                <li key={code} className="flex items-center gap-1 rounded-tremor-small bg-tremor-background-muted py-0.5 pl-2 pr-1 text-tremor-label text-tremor-content-strong">
                  {nameOf(code)}
                  <button
                    type="button"
                    className="rounded-tremor-small p-0.5 text-tremor-content hover:bg-tremor-background-emphasis hover:text-tremor-content-inverted"
                    aria-label={`Remove ${nameOf(code)}`}
                    onClick={() => onChange(value.filter((chosen) => chosen !== code))}
                  >
                    <RiCloseLine aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="relative mt-1.5">
            <ComboboxInput
              {...inputControl(control)}
              placeholder={placeholder}
              autoComplete="off"
              className={`${INPUT_CLASSES} ${error ? 'border-red-500' : 'border-tremor-border'}`}
              displayValue={() => query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <OpenButton />
          </div>
          <OptionList options={options(query)} query={query} noMatch={noMatch} chosen={(code) => value.includes(code)} />
        </Combobox>
      )}
    </FieldFrame>
  );
}
