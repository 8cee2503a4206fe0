import { Badge, Button, Card } from '@tremor/react';
import type { MessageTemplate } from '@contract/message-templates.js';
import { formatDate, formatNumber } from '../../../lib/format.js';
import { TEMPLATE_TYPE_LABELS } from '../template-types.js';

export interface TemplateCardActions {
  onPreview: (template: MessageTemplate) => void;
  onEdit: (template: MessageTemplate) => void;
  onDelete: (template: MessageTemplate) => void;
  onSend: (template: MessageTemplate) => void;
  canWrite: boolean;
}

const PREVIEW_CHARACTERS = 160;

/** The card grid of spec §2.5. */
export function TemplateCards({ templates, actions }: { templates: MessageTemplate[]; actions: TemplateCardActions }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Message templates">
      {templates.map((template) => (
        <li key={template.id}>
          <TemplateCard template={template} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

function TemplateCard({ template, actions }: { template: MessageTemplate; actions: TemplateCardActions }) {
  const headingId = `template-${template.id}-name`;
  const excerpt = template.content.length > PREVIEW_CHARACTERS ? `${template.content.slice(0, PREVIEW_CHARACTERS)}…` : template.content;
  return (
    <Card className="flex h-full flex-col gap-3" aria-labelledby={headingId} role="article">
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-tremor-content-strong">
          {template.name}
        </h3>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <Badge color="indigo">{TEMPLATE_TYPE_LABELS[template.type]}</Badge>
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
          <dd className="font-medium text-tremor-content-strong">{formatNumber(template.usageCount)} times</dd>
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
        <Button size="xs" className="ml-auto" onClick={() => actions.onSend(template)} aria-label={`Send ${template.name}`}>
          Send
        </Button>
      </div>
    </Card>
  );
}
