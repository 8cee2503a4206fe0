import { Badge, Button } from '@tremor/react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import {
  TEMPLATE_NAME_MAX,
  type CreateMessageTemplate,
  type MessageTemplate,
  KNOWN_TEMPLATE_VARIABLES,
  TEMPLATE_TYPES,
  templateVariables,
  TemplateTypeSchema,
  type TemplateType,
} from '@contract/message-templates.js';
import { BOT_LANGUAGES, LanguageCodeSchema, type LanguageCode } from '@contract/languages.js';
import { CheckboxField } from '../../../components/checkbox-field.js';
import { DraftRestoredNote } from '../../../components/draft-restored-note.js';
import { SelectField } from '../../../components/select-field.js';
import { TelegramTextProblem } from '../../../components/telegram-text-problem.js';
import { TextField } from '../../../components/text-field.js';
import { formatCount, formatNumber, pluralForm } from '../../../lib/format.js';
import { useTemplatePreview } from '../api/preview-template.js';
import { TEMPLATE_TYPE_LABELS } from '../template-types.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { TextAreaField } from '../../../components/text-area-field.js';
import { useFormDraft } from '../../../lib/use-form-draft.js';

const TELEGRAM_LIMIT = 4096;
const KNOWN = new Set<string>(KNOWN_TEMPLATE_VARIABLES);

export type TemplateFormValues = Required<Pick<CreateMessageTemplate, 'name' | 'type' | 'language' | 'content' | 'isActive'>>;

export const EMPTY_TEMPLATE: TemplateFormValues = { name: '', type: 'custom', language: 'en', content: '', isActive: true };

export function formValuesOf(template: MessageTemplate): TemplateFormValues {
  return { name: template.name, type: template.type, language: template.language, content: template.content, isActive: template.isActive };
}

const TemplateDraftSchema = z.object({ name: z.string(), type: TemplateTypeSchema, language: LanguageCodeSchema, content: z.string(), isActive: z.boolean() });

function templateValuesFromDraft(stored: unknown): TemplateFormValues | undefined {
  const parsed = TemplateDraftSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** Which draft of whose the form keeps (lib/use-form-draft.ts): one per template, and one for a new template. */
export interface TemplateDraftKey {
  userId: number | undefined;
  form: string;
  /** The template's updatedAt, for an edit. */
  basis?: string;
}

/** The draft key of a template's edit form, or of the create form. */
export function templateDraftForm(id: number | 'new'): string {
  return `message-template:${id}`;
}

interface TemplateFormProps {
  initial: TemplateFormValues;
  draft: TemplateDraftKey;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** `basis`: the template's updatedAt the values were written on, which a restored draft keeps from its own day. */
  onSubmit: (values: TemplateFormValues & { variables: string[] }, basis: string | undefined) => void;
  onCancel: () => void;
}

/**
 * The create and edit form: variables are detected as the content is typed, with warnings for
 * placeholders the bot does not know and for content Telegram would refuse once rendered.
 */
export function TemplateForm({ initial, draft: draftKey, submitLabel, pendingLabel, pending, onSubmit, onCancel }: TemplateFormProps) {
  const [values, setValues, draft] = useFormDraft({ ...draftKey, initial, fromStored: templateValuesFromDraft });
  const variables = templateVariables(values.content);
  const unknown = variables.filter((name) => !KNOWN.has(name));
  const debouncedContent = useDebouncedValue(values.content, 250);
  const preview = useTemplatePreview(debouncedContent);
  const renderedLength = debouncedContent && preview.data ? preview.data.length : undefined;
  const ready = values.name.trim().length > 0 && values.content.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || pending) return;
    onSubmit({ ...values, name: values.name.trim(), variables }, draft.basis);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {draft.restored ? <DraftRestoredNote message="Restored your unsaved changes." onDiscard={draft.discard} /> : null}
      <TextField
        label="Name"
        value={values.name}
        maxLength={TEMPLATE_NAME_MAX}
        onChange={(event) => setValues({ ...values, name: event.target.value })}
        placeholder="e.g. Weekly reminder"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" value={values.type} onChange={(event) => setValues({ ...values, type: event.target.value as TemplateType })}>
          {TEMPLATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {TEMPLATE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Language"
          value={values.language}
          onChange={(event) => setValues({ ...values, language: event.target.value as LanguageCode })}
          hint="Users answered in this language get this text."
        >
          {BOT_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name} ({language.nativeName})
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Content"
        mono
        value={values.content}
        rows={8}
        required
        onChange={(event) => setValues({ ...values, content: event.target.value })}
        placeholder="Hello {first_name}! You have {remaining} of {daily_limit} searches left today."
        hint={
          <>
            Telegram HTML (&lt;b&gt;, &lt;i&gt;, &lt;a href&gt;…); placeholders in curly braces, such as {'{first_name}'}, are filled for each user. Lines with {'{remaining}'} or {'{searches_left}'} are left
            out for users with no daily limit.
            {renderedLength !== undefined ? ` ${formatNumber(renderedLength)} of ${formatCount(TELEGRAM_LIMIT, 'character')} once rendered.` : ''}
          </>
        }
      >
        <TelegramTextProblem content={values.content} />
      </TextAreaField>
      <section aria-label="Detected variables" className="space-y-1">
        <p className="text-tremor-default font-medium text-tremor-content-strong">Variables</p>
        {variables.length === 0 ? (
          <p className="text-tremor-label text-tremor-content">No variables yet: add a placeholder like {'{first_name}'}.</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {variables.map((name) => (
              <li key={name}>
                <Badge color={KNOWN.has(name) ? 'blue' : 'amber'}>{name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      {unknown.length > 0 ? (
        <p role="status" className="rounded-tremor-default border border-amber-300 bg-amber-50 p-2 text-tremor-label text-amber-800">
          The bot does not know {unknown.map((name) => `{${name}}`).join(', ')}: {pluralForm(unknown.length, 'it renders', 'they render')} as
          nothing. Known placeholders: {KNOWN_TEMPLATE_VARIABLES.join(', ')}.
        </p>
      ) : null}
      {preview.data?.tooLong && debouncedContent ? (
        <p role="alert" className="rounded-tremor-default border border-red-300 bg-red-50 p-2 text-tremor-label text-red-700">
          Too long for Telegram: {formatCount(preview.data.length, 'character')} once rendered, over the {formatNumber(TELEGRAM_LIMIT)}-character limit.
        </p>
      ) : null}
      <div>
        <CheckboxField label="Active" checked={values.isActive} onChange={(event) => setValues({ ...values, isActive: event.target.checked })} />
        <p className="mt-1 text-tremor-label text-tremor-content">
          One template per type and language is active: saving this one active deactivates the other.
        </p>
      </div>
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
