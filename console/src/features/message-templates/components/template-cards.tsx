import { Badge, Button, Card } from '@tremor/react';
import { memo, useMemo, useState } from 'react';
import { TEMPLATE_TYPES, type MessageTemplate, type TemplateType } from '@contract/message-templates.js';
import { languageName } from '@contract/languages.js';
import { formatCount, formatDate } from '../../../lib/format.js';
import { TEMPLATE_TYPE_LABELS } from '../template-types.js';

export interface TemplateCardActions {
  onPreview: (template: MessageTemplate) => void;
  onEdit: (template: MessageTemplate) => void;
  onDelete: (template: MessageTemplate) => void;
  onSend: (template: MessageTemplate) => void;
  canWrite: boolean;
  /** Send leads to the broadcast screen, which only roles that may broadcast can use (the server's rule). */
  canSend: boolean;
}

const PREVIEW_CHARACTERS = 160;

interface TemplateGroup {
  type: TemplateType;
  templates: MessageTemplate[];
}

/** The templates in runs of one type, in the API's order (each type's default language first). */
function groupByType(templates: MessageTemplate[]): TemplateGroup[] {
  const groups: TemplateGroup[] = [];
  for (const template of templates) {
    const last = groups.at(-1);
    if (last?.type === template.type) last.templates.push(template);
    else groups.push({ type: template.type, templates: [template] });
  }
  return groups;
}

/** A list this short opens with every group open; a longer one (the 72 built-in templates) with all closed. */
const OPEN_UP_TO = 12;

/**
 * The templates grouped by type (spec §2.5), each group's cards drawn only while it is open.
 * Memoised, so typing in the search box does not draw the cards again until the answer changes.
 */
export const TemplateGroups = memo(function TemplateGroups({ templates, actions }: { templates: MessageTemplate[]; actions: TemplateCardActions }) {
  const groups = useMemo(() => groupByType(templates), [templates]);
  const [open, setOpen] = useState<ReadonlySet<TemplateType>>(() => new Set(templates.length <= OPEN_UP_TO ? TEMPLATE_TYPES : []));
  const toggle = (type: TemplateType) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });
  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <TypeGroup key={group.type} group={group} open={open.has(group.type)} onToggle={toggle} actions={actions} />
      ))}
    </div>
  );
});

function TypeGroup({ group, open, onToggle, actions }: { group: TemplateGroup; open: boolean; onToggle: (type: TemplateType) => void; actions: TemplateCardActions }) {
  const listId = `template-group-${group.type}`;
  const label = TEMPLATE_TYPE_LABELS[group.type];
  const languages = [...new Set(group.templates.map((template) => languageName(template.language)))].join(', ');
  return (
    <section aria-label={label} className="rounded-tremor-default border border-tremor-border bg-tremor-background">
      <h2>
        <button
          type="button"
          className="flex w-full flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-left hover:bg-tremor-background-muted"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => onToggle(group.type)}
        >
          <span aria-hidden="true" className="text-tremor-content">{open ? '▾' : '▸'}</span>
          <span className="font-semibold text-tremor-content-strong">{label}</span>
          <span className="text-tremor-default text-tremor-content">{formatCount(group.templates.length, 'template')}</span>
          <span className="min-w-0 basis-full break-words text-tremor-label text-tremor-content sm:basis-auto">{languages}</span>
        </button>
      </h2>
      {open ? (
        <ul id={listId} className="grid gap-4 px-4 pb-4 md:grid-cols-2 xl:grid-cols-3" aria-label={`${label} templates`}>
          {group.templates.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} actions={actions} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const TemplateCard = memo(function TemplateCard({ template, actions }: { template: MessageTemplate; actions: TemplateCardActions }) {
  const headingId = `template-${template.id}-name`;
  const excerpt = template.content.length > PREVIEW_CHARACTERS ? `${template.content.slice(0, PREVIEW_CHARACTERS)}…` : template.content;
  return (
    <Card className="flex h-full flex-col gap-3" aria-labelledby={headingId} role="article">
      {/* The badges go under a long name on a phone rather than past the card's edge. */}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-semibold text-tremor-content-strong">
          {template.name}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Badge color="indigo">{TEMPLATE_TYPE_LABELS[template.type]}</Badge>
          <Badge color="violet">{languageName(template.language)}</Badge>
          <Badge color={template.isActive ? 'emerald' : 'gray'}>{template.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
      </div>
      <p className="line-clamp-4 whitespace-pre-wrap break-words font-mono text-tremor-label text-tremor-content">{excerpt}</p>
      {template.variables.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Variables">
          {template.variables.map((name) => (
            <li key={name}>
              <Badge color="blue" size="xs">
                {name}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-auto grid grid-cols-2 gap-2 text-tremor-label">
        <div>
          <dt className="text-tremor-content">Used</dt>
          <dd className="font-medium text-tremor-content-strong">{formatCount(template.usageCount, 'time')}</dd>
        </div>
        <div>
          <dt className="text-tremor-content">Updated</dt>
          <dd className="font-medium text-tremor-content-strong">{formatDate(template.updatedAt)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2 border-t border-tremor-border pt-3">
        <Button size="xs" variant="secondary" onClick={() => actions.onPreview(template)} aria-label={`Preview ${template.name}`}>
          Preview
        </Button>
        {actions.canWrite ? (
          <>
            <Button size="xs" variant="secondary" onClick={() => actions.onEdit(template)} aria-label={`Edit ${template.name}`}>
              Edit
            </Button>
            <Button size="xs" variant="secondary" color="red" onClick={() => actions.onDelete(template)} aria-label={`Delete ${template.name}`}>
              Delete
            </Button>
          </>
        ) : null}
        {actions.canSend ? <SendButton template={template} onSend={actions.onSend} /> : null}
      </div>
    </Card>
  );
});

/**
 * Broadcasts use active templates only, so an inactive one's Send is disabled and says why, rather
 * than opening an empty broadcast form.
 */
function SendButton({ template, onSend }: { template: MessageTemplate; onSend: (template: MessageTemplate) => void }) {
  const reasonId = `template-${template.id}-send-reason`;
  return (
    <>
      <Button
        size="xs"
        className="ml-auto"
        onClick={() => onSend(template)}
        disabled={!template.isActive}
        aria-label={`Send ${template.name}`}
        aria-describedby={template.isActive ? undefined : reasonId}
      >
        Send
      </Button>
      {/* A line of its own under the buttons, however narrow the card. */}
      {template.isActive ? null : (
        <p id={reasonId} className="basis-full text-right text-tremor-label text-tremor-content">
          Inactive: check Active in Edit to send it.
        </p>
      )}
    </>
  );
}
