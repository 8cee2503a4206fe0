import { useId } from 'react';
import type { BroadcastAudience, BroadcastTranslations } from '@contract/broadcasts.js';
import { isLanguageCode, nativeLanguageName } from '@contract/languages.js';
import { formatCount } from '../../../lib/format.js';

interface AudienceLanguagesProps {
  audience: BroadcastAudience | undefined;
  /** Undefined for a template broadcast: each language gets its own template of that type, or the default's. */
  translations: BroadcastTranslations | undefined;
  loading: boolean;
}

/** A language's name for people: its own name when the console knows it, else its code. */
export function languageLabel(code: string): string {
  return isLanguageCode(code) ? nativeLanguageName(code) : code;
}

/** How many recipients each language reaches, and which text they get. */
export function AudienceLanguages({ audience, translations, loading }: AudienceLanguagesProps) {
  const headingId = useId();
  /** Which text a language's speakers get; undefined for a template, whose texts this form does not hold. */
  const textOf = (language: string): { label: string; fallsBack: boolean } | undefined => {
    if (!translations) return undefined;
    if (language === audience?.defaultLanguage) return { label: 'Message Content', fallsBack: false };
    return isLanguageCode(language) && translations[language] !== undefined
      ? { label: 'their own text', fallsBack: false }
      : { label: 'falls back to Message Content', fallsBack: true };
  };
  return (
    <section aria-labelledby={headingId} className="space-y-1.5">
      <h3 id={headingId} className="text-tremor-label font-medium uppercase tracking-wide text-tremor-content">
        Recipients by language
      </h3>
      {!audience ? (
        <p className="text-tremor-default text-tremor-content">{loading ? 'Counting recipients...' : 'Tick users to see their languages.'}</p>
      ) : audience.languages.length === 0 ? (
        <p className="text-tremor-default text-tremor-content">Nobody this broadcast could reach.</p>
      ) : (
        <ul className="divide-y divide-tremor-border rounded-tremor-default border border-tremor-border">
          {audience.languages.map(({ language, recipients }) => {
            const text = textOf(language);
            return (
              <li key={language} className="flex flex-col px-3 py-1.5 text-tremor-default sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
                <span className="text-tremor-content-strong">
                  {languageLabel(language)} · {formatCount(recipients, 'recipient')}
                </span>
                {text ? <span className={`text-tremor-label ${text.fallsBack ? 'text-amber-700' : 'text-tremor-content'}`}>{text.fallsBack ? text.label : `gets ${text.label}`}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
