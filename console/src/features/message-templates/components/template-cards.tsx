import { Badge, Button, Card } from '@tremor/react';
import type { MessageTemplate } from '@contract/message-templates.js';
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
}

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
