import RiDeleteBack2Line from 'remixicon/icons/System/delete-back-2-line.svg?react';
import RiSendPlaneLine from 'remixicon/icons/Business/send-plane-line.svg?react';
import { Button, Card } from '@tremor/react';
import { useId, type FormEvent } from 'react';
import { DraftRestoredNote } from '../../../components/draft-restored-note.js';
import { SelectField } from '../../../components/select-field.js';
import { TelegramTextProblem } from '../../../components/telegram-text-problem.js';
import { TextField } from '../../../components/text-field.js';
import { formatCount, formatNumber } from '../../../lib/format.js';
import { BROADCAST_TITLE_MAX_LENGTH, broadcastTextProblem, type BroadcastAudience } from '@contract/broadcasts.js';
import { nativeLanguageName, type LanguageCode } from '@contract/languages.js';
import { USER_PLACEHOLDERS, type MessageTemplate } from '@contract/message-templates.js';
import { BROADCAST_TYPES, templateLanguages, wholeAudience, type BroadcastType, type ComposeState } from '../compose-state.js';
import { AudienceLanguages } from './audience-languages.js';
import { LanguageTexts } from './language-texts.js';
import { RecipientChecklist } from './recipient-checklist.js';
import { TextAreaField } from '../../../components/text-area-field.js';

interface ComposeFormProps {
  state: ComposeState;
  onChange: (changes: Partial<ComposeState>) => void;
  /** Active templates only (spec §2.6); undefined while loading. */
  templates: MessageTemplate[] | undefined;
  templatesError: boolean;
  /** Users a broadcast to everyone would reach; undefined when unknown. */
  reachableUsers: number | undefined;
  /** The default language (Message Content's) and the languages the bot offers; undefined until read. */
  languages: { defaultLanguage: LanguageCode; offered: LanguageCode[] } | undefined;
  /** Who the target reaches, by language; undefined while counted or with nobody ticked. */
  audience: BroadcastAudience | undefined;
  audienceLoading: boolean;
  sending: boolean;
  onSend: () => void;
  onClear: () => void;
  /** The form holds the text of a draft from before (a session that ended); Discard empties it. */
  restoredDraft?: { onDiscard: () => void };
}

/** The compose form of spec §2.6: type, recipients or template, title, content, target summary. */
export function ComposeForm({
  state,
  onChange,
  templates,
  templatesError,
  reachableUsers,
  languages,
  audience,
  audienceLoading,
  sending,
  onSend,
  onClear,
  restoredDraft,
}: ComposeFormProps) {
  const headingId = useId();
  const typeHintId = useId();
  const template = templates?.find((candidate) => candidate.id === state.templateId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };

  const chooseTemplate = (value: string) => {
    const chosen = templates?.find((candidate) => String(candidate.id) === value);
    // A template's name is a fair first title; a title already typed is kept.
    onChange({ templateId: chosen?.id ?? null, ...(chosen && !state.title.trim() ? { title: chosen.name } : {}) });
  };

  return (
    <Card className="p-4 sm:p-6">
      <form aria-labelledby={headingId} noValidate onSubmit={submit} className="space-y-5">
        <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          Compose Broadcast
        </h2>

        {restoredDraft ? <DraftRestoredNote message="Restored the text you had not sent." onDiscard={restoredDraft.onDiscard} /> : null}

        <fieldset aria-describedby={typeHintId}>
          <legend className="text-tremor-default font-medium text-tremor-content-strong">Broadcast Type</legend>
          <p id={typeHintId} className="sr-only">
            Who receives the message
          </p>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
            {BROADCAST_TYPES.map(({ value, label, hint }) => (
              <label
                key={value}
                className={`flex cursor-pointer items-start gap-2 rounded-tremor-default border p-3 ${
                  state.type === value ? 'border-tremor-brand bg-tremor-brand-faint' : 'border-tremor-border'
                }`}
              >
                <input
                  type="radio"
                  name="broadcast-type"
                  value={value}
                  checked={state.type === value}
                  onChange={() => onChange({ type: value as BroadcastType })}
                  aria-label={label}
                  aria-describedby={`${typeHintId}-${value}`}
                  className="mt-0.5 h-4 w-4 border-tremor-border text-tremor-brand focus:ring-tremor-brand-muted"
                />
                <span>
                  <span className="block text-tremor-default font-medium text-tremor-content-strong">{label}</span>
                  <span id={`${typeHintId}-${value}`} className="block text-tremor-label text-tremor-content">
                    {hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {state.type === 'selected' ? <RecipientChecklist selected={state.selectedUsers} onChange={(selectedUsers) => onChange({ selectedUsers })} /> : null}

        {state.type === 'template' ? (
          <div className="space-y-2">
            <SelectField
              label="Template"
              value={state.templateId === null ? '' : String(state.templateId)}
              disabled={!templates}
              hint={templatesError ? 'The templates could not be loaded.' : templates?.length === 0 ? 'There are no active templates: activate one on the Templates screen.' : undefined}
              onChange={(event) => chooseTemplate(event.target.value)}
            >
              <option value="">{templates ? 'Choose a template' : 'Loading templates...'}</option>
              {templates?.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name} ({candidate.type}, {nativeLanguageName(candidate.language)})
                </option>
              ))}
            </SelectField>
            {template ? (
              <figure className="rounded-tremor-default bg-tremor-background-muted p-3">
                <figcaption className="text-tremor-label font-medium text-tremor-content">Template content — placeholders are filled for each user</figcaption>
                <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere] text-tremor-default text-tremor-content-strong">{template.content}</p>
              </figure>
            ) : null}
            {template && languages ? <TemplateLanguagesNote languages={templateLanguages(template, templates, languages.offered)} defaultLanguage={languages.defaultLanguage} /> : null}
          </div>
        ) : null}

        <TextField label="Message Title" value={state.title} maxLength={BROADCAST_TITLE_MAX_LENGTH} placeholder="For your records: users do not see it" onChange={(event) => onChange({ title: event.target.value })} />

        {state.type === 'template' ? null : (
          <TextAreaField
            label="Message Content"
            rows={6}
            value={state.content}
            maxLength={4096}
            placeholder="Hello {first_name}, ..."
            onChange={(event) => onChange({ content: event.target.value })}
            hint={
              <span className="flex justify-between gap-2">
                <span>Filled for each user: {USER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.</span>
                <span className="shrink-0">{formatNumber(state.content.length)} / 4,096</span>
              </span>
            }
          >
            <TelegramTextProblem content={state.content} check={broadcastTextProblem} />
          </TextAreaField>
        )}

        {state.type === 'template' ? null : (
          <LanguageTexts
            defaultLanguage={languages?.defaultLanguage}
            offered={languages?.offered ?? []}
            translations={state.translations}
            onChange={(translations) => onChange({ translations })}
          />
        )}

        <TargetSummary state={state} template={template} reachableUsers={reachableUsers} />
        <AudienceLanguages audience={audience} translations={state.type === 'template' ? undefined : state.translations} loading={audienceLoading} />

        <div className="flex flex-col-reverse gap-2 border-t border-tremor-border pt-4 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" icon={RiDeleteBack2Line} onClick={onClear}>
            Clear All
          </Button>
          <Button type="submit" icon={RiSendPlaneLine} disabled={sending}>
            {sending ? 'Sending...' : 'Send Broadcast'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Which languages a template broadcast is sent in, since each reader gets their language's template of the type. */
function TemplateLanguagesNote({ languages, defaultLanguage }: { languages: readonly LanguageCode[]; defaultLanguage: LanguageCode }) {
  if (languages.length < 2) return null;
  const fallback = languages.includes(defaultLanguage) ? `the ${nativeLanguageName(defaultLanguage)} one` : 'this one';
  return (
    <p className="text-tremor-label text-tremor-content">
      Each reader gets this type’s active template in their language: {languages.map(nativeLanguageName).join(', ')}. Everyone else gets {fallback}.
    </p>
  );
}

function TargetSummary({ state, template, reachableUsers }: { state: ComposeState; template: MessageTemplate | undefined; reachableUsers: number | undefined }) {
  const everyone = reachableUsers === undefined ? 'every reachable bot user' : wholeAudience(reachableUsers, 'reachable bot user');
  const text =
    state.type === 'selected'
      ? state.selectedUsers.size === 0
        ? 'No users selected yet: tick them in the list above.'
        : `Sends to ${formatCount(state.selectedUsers.size, 'selected user')}.`
      : state.type === 'template'
        ? template
          ? `Sends the template "${template.name}" to ${everyone}.`
          : `Choose a template to send to ${everyone}.`
        : `Sends to ${everyone}.`;
  return (
    <div className="rounded-tremor-default border border-dashed border-tremor-border px-3 py-2">
      <p className="text-tremor-label font-medium uppercase tracking-wide text-tremor-content">Target</p>
      <p className="text-tremor-default text-tremor-content-strong" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
