import { Badge, Button, Card } from '@tremor/react';
import RiDeleteBinLine from 'remixicon/icons/System/delete-bin-line.svg?react';
import RiEditLine from 'remixicon/icons/Design/edit-line.svg?react';
import type { WhitelistEntry } from '@contract/access-control.js';
import { CardField } from './card-field.js';
import { formatDate } from '../../../lib/format.js';
import { whitelistTitle } from '../confirmations.js';

interface WhitelistCardActions {
  onEdit: (entry: WhitelistEntry) => void;
  onDelete: (entry: WhitelistEntry) => void;
}

/** The whitelist cards of spec §2.9. */
export function WhitelistCards({ entries, actions }: { entries: WhitelistEntry[]; actions: WhitelistCardActions }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Whitelisted admins">
      {entries.map((entry) => (
        <li key={entry.id}>
          <WhitelistCard entry={entry} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

function WhitelistCard({ entry, actions }: { entry: WhitelistEntry; actions: WhitelistCardActions }) {
  const headingId = `whitelist-${entry.id}-name`;
  const title = whitelistTitle(entry);
  return (
    <Card className="flex h-full flex-col gap-3" role="article" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="break-words font-semibold text-tremor-content-strong">
          {title}
        </h3>
        <div className="flex shrink-0 items-center gap-1">
          <Badge color={entry.isActive ? 'emerald' : 'gray'}>{entry.isActive ? 'Active' : 'Inactive'}</Badge>
          <Button size="xs" variant="light" icon={RiEditLine} onClick={() => actions.onEdit(entry)} aria-label={`Edit ${title}`} />
          <Button size="xs" variant="light" color="red" icon={RiDeleteBinLine} onClick={() => actions.onDelete(entry)} aria-label={`Delete ${title}`} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-tremor-label">
        <CardField term="Telegram ID" value={String(entry.telegramId)} />
        {entry.username ? <CardField term="Username" value={`@${entry.username}`} /> : null}
        {entry.firstName && entry.lastName ? <CardField term="Full Name" value={`${entry.firstName} ${entry.lastName}`} /> : null}
        {entry.reason ? <CardField term="Reason" value={entry.reason} wide /> : null}
        <CardField term="Added By" value={entry.addedBy ?? '-'} />
        <CardField term="Added" value={formatDate(entry.createdAt)} />
      </dl>
    </Card>
  );
}
