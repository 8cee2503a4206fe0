import RiTestTubeLine from 'remixicon/icons/Health & Medical/test-tube-line.svg?react';
import { Button, Card } from '@tremor/react';
import { useId, type FormEvent } from 'react';
import { nativeLanguageName, type LanguageCode } from '@contract/languages.js';
import { SelectField } from '../../../components/select-field.js';
import { TextField } from '../../../components/text-field.js';

/** The languages the test can go in, and the one chosen. */
export interface TestLanguageChoice {
  options: readonly LanguageCode[];
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
}

interface TestMessageBoxProps {
  userId: string;
  onUserIdChange: (userId: string) => void;
  /** What will be sent: the composed content, or the chosen template. */
  describes: string;
  /** Offered when the broadcast has texts in more than one language. */
  language: TestLanguageChoice | undefined;
  sending: boolean;
  onSend: () => void;
}

/** Sends the composed message to one Telegram user before it goes to everyone (spec §2.6). */
export function TestMessageBox({ userId, onUserIdChange, describes, language, sending, onSend }: TestMessageBoxProps) {
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <Card className="p-4 sm:p-6">
      <form aria-labelledby={headingId} noValidate onSubmit={submit} className="space-y-4">
        <div>
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Send Test Message
          </h2>
          <p className="mt-1 text-tremor-default text-tremor-content">{describes}</p>
        </div>
        <TextField
          label="Test User ID"
          value={userId}
          inputMode="numeric"
          autoComplete="off"
          placeholder="Telegram user id, e.g. 123456789"
          onChange={(event) => onUserIdChange(event.target.value)}
        />
        {language && language.options.length > 1 ? (
          <SelectField
            label="Test Language"
            value={language.value}
            hint="Sends the text readers of this language will get."
            onChange={(event) => {
              const chosen = language.options.find((code) => code === event.target.value);
              if (chosen) language.onChange(chosen);
            }}
          >
            {language.options.map((code) => (
              <option key={code} value={code}>
                {nativeLanguageName(code)}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button type="submit" variant="secondary" icon={RiTestTubeLine} disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending test...' : 'Send Test'}
        </Button>
      </form>
    </Card>
  );
}
