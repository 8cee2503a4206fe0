import { Button } from '@tremor/react';
import { useState } from 'react';
import { PREVIEW_USER_SEARCH_MAX_LENGTH, SAMPLE_VALUES_BY_LANGUAGE, type MessageTemplate, type PreviewUser } from '@contract/message-templates.js';
import { BOT_LANGUAGES, type LanguageCode } from '@contract/languages.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { SelectField } from '../../../components/select-field.js';
import { TelegramHtml } from '../../../components/telegram-html.js';
import { TextField } from '../../../components/text-field.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatNumber } from '../../../lib/format.js';
import { usePreviewUsers, useTemplatePreview } from '../api/preview-template.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

const SAMPLE = 'sample';

function userLabel(user: PreviewUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return `${name}${user.username ? ` (@${user.username})` : ''} · ${user.telegramId}`;
}

interface TemplatePreviewDialogProps {
  template: MessageTemplate | null;
  open: boolean;
  onClose: () => void;
}

/** The template as the bot would send it: a language's sample values (daily limit 3) or a real bot user's. */
export function TemplatePreviewDialog({ template, open, onClose }: TemplatePreviewDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} title={template ? `Preview: ${template.name}` : 'Preview'} size="lg">
      {template ? <PreviewBody key={template.id} template={template} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function PreviewBody({ template, onClose }: { template: MessageTemplate; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string>(SAMPLE);
  const [language, setLanguage] = useState<LanguageCode>(template.language);
  const users = usePreviewUsers(useDebouncedValue(search.trim(), 250));
  const telegramUserId = chosen === SAMPLE ? undefined : Number(chosen);
  const preview = useTemplatePreview(template.content, telegramUserId, language);
  const sample = SAMPLE_VALUES_BY_LANGUAGE[language];
  const chosenUser = users.data?.find((user) => user.telegramId === telegramUserId);

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Preview language"
          value={language}
          onChange={(event) => setLanguage(event.target.value as LanguageCode)}
          disabled={telegramUserId !== undefined}
        >
          {BOT_LANGUAGES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} ({option.nativeName})
            </option>
          ))}
        </SelectField>
        <TextField label="Find a bot user" type="search" maxLength={PREVIEW_USER_SEARCH_MAX_LENGTH} value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, @username or id" />
        <SelectField label="Fill placeholders with" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value={SAMPLE}>
            Sample values ({String(sample.first_name)}, {String(sample.city)})
          </option>
          {telegramUserId !== undefined && !chosenUser ? <option value={chosen}>Bot user {chosen}</option> : null}
          {users.data?.map((user) => (
            <option key={user.telegramId} value={String(user.telegramId)}>
              {userLabel(user)}
            </option>
          ))}
        </SelectField>
      </div>
      <section aria-label="Message preview" className="rounded-tremor-default bg-sky-100/60 p-4">
        {preview.isError ? (
          <ErrorAlert title="Preview failed" detail={errorMessage(preview.error, 'The preview could not be rendered')} />
        ) : preview.data ? (
          <div className="max-w-prose whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm text-slate-900 shadow-sm" data-testid="telegram-message">
            <TelegramHtml html={preview.data.html} />
          </div>
        ) : (
          <LoadingSpinner label="Rendering preview" />
        )}
      </section>
      {preview.data ? (
        <div className="space-y-2 text-tremor-label">
          <p className="text-tremor-content">
            {formatNumber(preview.data.length)} of 4,096 characters as Telegram HTML.
          </p>
          {preview.data.unknownPlaceholders.length > 0 ? (
            <p role="status" className="rounded-tremor-default border border-amber-300 bg-amber-50 p-2 text-amber-800">
              Unknown to the bot, rendered as nothing: {preview.data.unknownPlaceholders.map((name) => `{${name}}`).join(', ')}.
            </p>
          ) : null}
          {preview.data.tooLong ? (
            <p role="alert" className="rounded-tremor-default border border-red-300 bg-red-50 p-2 text-red-700">
              Too long for Telegram: over the 4,096-character limit once rendered.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex justify-end border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
