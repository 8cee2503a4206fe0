import { Button, Card } from '@tremor/react';
import RiAddLine from 'remixicon/icons/System/add-line.svg?react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { MessageTemplate } from '@contract/message-templates.js';
import { can } from '@contract/permissions.js';
import { BOT_LANGUAGES, LanguageCodeSchema } from '@contract/languages.js';
import { MessageTemplateListQuerySchema, TEMPLATE_SEARCH_MAX_LENGTH, TEMPLATE_TYPES, TemplateTypeSchema } from '@contract/message-templates.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { SelectField } from '../../components/select-field.js';
import { SearchField } from '../../components/search-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { filterProblems, hasProblem } from '../../lib/filter-problems.js';
import { formatCount } from '../../lib/format.js';
import { useAuth } from '../auth/use-auth.js';
import { useTemplates } from './api/get-templates.js';
import { useMissingLanguages } from './api/get-missing-languages.js';
import { MissingLanguages } from './components/missing-languages.js';
import { DeleteTemplateDialog } from './components/delete-template-dialog.js';
import { CreateTemplateDialog, EditTemplateDialog } from './components/template-dialogs.js';
import { TemplateGroups, type TemplateCardActions } from './components/template-cards.js';
import { TemplatePreviewDialog } from './components/template-preview-dialog.js';
import { TEMPLATE_TYPE_LABELS } from './template-types.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { ROUTES } from '../../lib/routes.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';
import { withParam } from '../../components/period-select.js';

const HEADER = ROUTES.templates.header;

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'preview'; template: MessageTemplate } | null;

/** The Message Templates screen (spec §2.5), at /templates and /messaging/templates, for editors and up (the router's RouteGate). */
export function MessageTemplatesScreen() {
  const { user } = useAuth();
  return (
    <section aria-labelledby={HEADER.headingId} className="space-y-6">
      <MessageTemplates canWrite={can(user?.role, 'templates:write')} canSend={can(user?.role, 'broadcasts:send')} />
    </section>
  );
}

function Heading({ actions }: { actions?: ReactNode }) {
  return (
    <PageHeader {...HEADER} actions={actions} />
  );
}


function MessageTemplates({ canWrite, canSend }: { canWrite: boolean; canSend: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParamsInOrder();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const parsedType = TemplateTypeSchema.safeParse(params.get('type'));
  const type = parsedType.success ? parsedType.data : undefined;
  const parsedLanguage = LanguageCodeSchema.safeParse(params.get('language'));
  const language = parsedLanguage.success ? parsedLanguage.data : undefined;
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const filter = { search: debouncedSearch || undefined, type, language };
  // A search the API would refuse (a long one from the address) is not asked for: the box says why, as a form does.
  const problems = filterProblems(MessageTemplateListQuerySchema, filter);
  const refused = hasProblem(problems);
  const templates = useTemplates(filter, { enabled: !refused });
  const missingLanguages = useMissingLanguages();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [lastTemplate, setLastTemplate] = useState<MessageTemplate | null>(null);
  const filtered = Boolean(debouncedSearch || type || language);

  const setParam = (name: string, value: string) => {
    setParams((current) => withParam(current, name, value), { replace: true });
  };
  const open = useCallback((kind: 'edit' | 'delete' | 'preview') => (template: MessageTemplate) => {
    setLastTemplate(template);
    setDialog({ kind, template });
  }, []);
  // One object for the life of the screen, so the memoised cards are not drawn again on each keystroke.
  const actions = useMemo<TemplateCardActions>(
    () => ({
      canWrite,
      canSend,
      onPreview: open('preview'),
      onEdit: open('edit'),
      onDelete: open('delete'),
      onSend: (template) => void navigate(`${ROUTES.broadcasts.path}?templateId=${template.id}`),
    }),
    [canWrite, canSend, open, navigate],
  );
  const close = () => setDialog(null);
  // The dialog keeps showing its template while it closes.
  const dialogTemplate = dialog && dialog.kind !== 'create' ? dialog.template : lastTemplate;

  return (
    <>
      <Heading
        actions={
          canWrite ? (
            <Button icon={RiAddLine} onClick={() => setDialog({ kind: 'create' })}>
              Create Template
            </Button>
          ) : null
        }
      />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <SearchField
          label="Search templates"
          maxLength={TEMPLATE_SEARCH_MAX_LENGTH}
          value={search}
          onChange={(text) => {
            setSearch(text);
            setParam('search', text.trim());
          }}
          placeholder="Name or content"
          error={problems.search}
        />
        <SelectField label="Type" value={type ?? ''} onChange={(event) => setParam('type', event.target.value)}>
          <option value="">All types</option>
          {TEMPLATE_TYPES.map((option) => (
            <option key={option} value={option}>
              {TEMPLATE_TYPE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Language" value={language ?? ''} onChange={(event) => setParam('language', event.target.value)}>
          <option value="">All languages</option>
          {BOT_LANGUAGES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
      </div>
      {missingLanguages.data ? <MissingLanguages rows={missingLanguages.data} /> : null}

      {refused ? (
        <Card className="py-12 text-center text-tremor-default text-tremor-content">Change the search to see the templates that match it.</Card>
      ) : templates.isPending ? (
        <LoadingSpinner label="Loading templates..." />
      ) : templates.isError ? (
        <ErrorAlert title="Failed to load templates" detail={errorMessage(templates.error, 'The templates could not be loaded')} />
      ) : templates.data.length === 0 ? (
        <Card className="py-12 text-center">
          <h2 className="font-semibold text-tremor-content-strong">{filtered ? 'No templates match' : 'No templates yet'}</h2>
          <p className="mt-1 text-tremor-default text-tremor-content">
            {filtered ? 'Try another search, type or language.' : 'Create a template for the bot’s replies or for broadcasts.'}
          </p>
          {!filtered && canWrite ? (
            <Button className="mt-4" icon={RiAddLine} onClick={() => setDialog({ kind: 'create' })}>
              Create your first template
            </Button>
          ) : null}
        </Card>
      ) : (
        <>
          <p className="text-tremor-default text-tremor-content" aria-live="polite">
            {formatCount(templates.data.length, 'template')}
          </p>
          {/* Opened afresh for each search and filter once its answer is in (not on the previous answer shown
              meanwhile), so a list narrowed to a few templates shows them; a refetch keeps the groups as they are. */}
          <TemplateGroups key={`${JSON.stringify(filter)}${templates.isPlaceholderData ? ':previous' : ''}`} templates={templates.data} actions={actions} />
        </>
      )}

      <CreateTemplateDialog open={dialog?.kind === 'create'} onClose={close} />
      <EditTemplateDialog open={dialog?.kind === 'edit'} template={dialogTemplate} onClose={close} />
      <DeleteTemplateDialog open={dialog?.kind === 'delete'} template={dialogTemplate} onClose={close} />
      <TemplatePreviewDialog open={dialog?.kind === 'preview'} template={dialogTemplate} onClose={close} />
    </>
  );
}
