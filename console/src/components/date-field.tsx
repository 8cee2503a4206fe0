import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useLocalText } from '../lib/use-local-text.js';
import { TextField } from './text-field.js';

/** The years a day is taken from as it is typed: "0002", "0020" and "0202" are a year still being typed. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;
const DAY = /^(\d{4})-\d{2}-\d{2}$/;

/** Whether the input's value is a whole day a person means; the browser gives only real calendar days, or "". */
function isPlausibleDay(value: string): boolean {
  const year = Number(DAY.exec(value)?.[1]);
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'onBlur' | 'onKeyDown'> {
  label: string;
  hint?: string;
  error?: string;
  /** The committed day, YYYY-MM-DD, or undefined for none. */
  value: string | undefined;
  /** Called with a new day (undefined when the field is emptied). */
  onCommit: (day: string | undefined) => void;
  /** What the field says when it is left with a day whose year is not from 1900 to 2100 ("0002" from a half-typed year). */
  notADay: string;
}

/**
 * A labelled date input that keeps its own text and commits a day only once it is whole: Chromium's
 * input reports "0002-11-28" after the first digit of the year, and committing that (to the address
 * bar, say) would replace the input's value and lose the digits still to come. A day with a year from
 * 1900 to 2100 is committed as soon as it is typed; an empty field when it is left or on Enter. A day
 * with any other year is not committed then either: the field keeps it and says `notADay`.
 */
export function DateField({ value, onCommit, notADay, error, ...fieldProps }: DateFieldProps) {
  const [text, setText] = useLocalText(value);
  const [refused, setRefused] = useState(false);
  // A day from elsewhere (the back button, Clear) replaces the text, and with it what was wrong with it.
  useEffect(() => setRefused(false), [value]);
  const commit = (day: string) => {
    if (day !== '' && !isPlausibleDay(day)) {
      setRefused(true);
      return;
    }
    if (day !== (value ?? '')) onCommit(day || undefined);
  };
  return (
    <TextField
      {...fieldProps}
      type="date"
      value={text}
      error={refused ? notADay : error}
      onChange={(event) => {
        setText(event.target.value);
        setRefused(false);
        if (isPlausibleDay(event.target.value)) commit(event.target.value);
      }}
      onBlur={() => commit(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
    />
  );
}
