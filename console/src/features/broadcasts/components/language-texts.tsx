import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import { Button } from '@tremor/react';
import { broadcastTextProblem, type BroadcastTranslations } from '@contract/broadcasts.js';
import { isLanguageCode, LANGUAGE_CODES, nativeLanguageName, type LanguageCode } from '@contract/languages.js';
import { SelectField } from '../../../components/select-field.js';
import { TelegramTextProblem } from '../../../components/telegram-text-problem.js';
import { TextAreaField } from '../../../components/text-area-field.js';
import { formatNumber } from '../../../lib/format.js';

interface LanguageTextsProps {
  /** The language of Message Content; undefined until System Settings are read. */
  defaultLanguage: LanguageCode | undefined;
  /** The languages the bot offers: a text in any other would reach nobody. */
  offered: readonly LanguageCode[];
  translations: BroadcastTranslations;
  onChange: (translations: BroadcastTranslations) => void;
}

/** The languages a server answer names that the console knows, in the contract's order. */
export function knownLanguages(codes: readonly string[] | undefined): LanguageCode[] {
  return LANGUAGE_CODES.filter((code) => codes?.includes(code));
}

export function asLanguageCode(code: string | undefined): LanguageCode | undefined {
  return code !== undefined && isLanguageCode(code) ? code : undefined;
}

/**
 * A text per language besides Message Content (the default language's): each recipient gets the one in
 * their language, and whoever has none gets Message Content.
 */
export function LanguageTexts({ defaultLanguage, offered, translations, onChange }: LanguageTextsProps) {
  const added = Object.keys(translations) as LanguageCode[];
  const addable = offered.filter((code) => code !== defaultLanguage && !added.includes(code));
  const remove = (language: LanguageCode) => {
    const { [language]: _removed, ...rest } = translations;
    onChange(rest);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-tremor-default font-medium text-tremor-content-strong">Texts per language</legend>
      <p className="text-tremor-label text-tremor-content">
        {defaultLanguage
          ? `Message Content is the ${nativeLanguageName(defaultLanguage)} text, the default: users whose language has no text of its own get it.`
          : 'Message Content is the default language’s text: users whose language has no text of its own get it.'}
      </p>
      {added.map((language) => {
        const text = translations[language] ?? '';
        return (
          <div key={language} className="space-y-1">
            <TextAreaField
              label={`${nativeLanguageName(language)} text`}
              rows={4}
              value={text}
              maxLength={4096}
              onChange={(event) => onChange({ ...translations, [language]: event.target.value })}
              hint={
                <span className="flex justify-between gap-2">
                  <span>Sent to users who read {nativeLanguageName(language)}.</span>
                  <span className="shrink-0">{formatNumber(text.length)} / 4,096</span>
                </span>
              }
            >
              <TelegramTextProblem content={text} check={broadcastTextProblem} />
            </TextAreaField>
            <Button type="button" size="xs" variant="light" icon={RiCloseLine} onClick={() => remove(language)}>
              Remove {nativeLanguageName(language)}
            </Button>
          </div>
        );
      })}
      {addable.length > 0 ? (
        <SelectField
          label="Add a language"
          value=""
          onChange={(event) => {
            const language = asLanguageCode(event.target.value);
            if (language) onChange({ ...translations, [language]: '' });
          }}
        >
          <option value="">Choose a language to write its text</option>
          {addable.map((code) => (
            <option key={code} value={code}>
              {nativeLanguageName(code)}
            </option>
          ))}
        </SelectField>
      ) : null}
    </fieldset>
  );
}
