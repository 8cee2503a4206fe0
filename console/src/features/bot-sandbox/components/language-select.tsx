import type { ChangeEvent } from 'react';
import { SANDBOX_LANGUAGE_CODES } from '@contract/bot-sandbox.js';
import { SelectField } from '../../../components/select-field.js';

interface LanguageSelectProps {
  /** The code Telegram reports ('' for none). */
  value: string;
  onChange: (languageCode: string) => void;
  disabled?: boolean;
  hint?: string;
}

/** The language a simulated user's Telegram reports (`language_code`): the bot's languages, and two that show its fallbacks. */
export function LanguageSelect({ value, onChange, disabled, hint }: LanguageSelectProps) {
  const known = value === '' || SANDBOX_LANGUAGE_CODES.some((language) => language.code === value);
  return (
    <SelectField label="Telegram language" value={value} disabled={disabled} hint={hint} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}>
      {SANDBOX_LANGUAGE_CODES.map((language) => (
        <option key={language.code} value={language.code}>
          {language.label}
        </option>
      ))}
      {known ? null : <option value={value}>{value}</option>}
      <option value="">None reported</option>
    </SelectField>
  );
}
