import { Badge, Button, Card } from '@tremor/react';
import RiDeleteBinLine from 'remixicon/icons/System/delete-bin-line.svg?react';
import RiEditLine from 'remixicon/icons/Design/edit-line.svg?react';
import type { AuthorizedGroup } from '@contract/access-control.js';
import { CardField } from './card-field.js';
import { formatCount, formatDate } from '../../../lib/format.js';

interface GroupCardActions {
  onEdit: (group: AuthorizedGroup) => void;
  onDelete: (group: AuthorizedGroup) => void;
}

/** The group cards of spec §2.9, with the members the bot has on record for each. */
export function GroupCards({ groups, actions }: { groups: AuthorizedGroup[]; actions: GroupCardActions }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Authorized groups">
      {groups.map((group) => (
        <li key={group.id}>
          <GroupCard group={group} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

function GroupCard({ group, actions }: { group: AuthorizedGroup; actions: GroupCardActions }) {
  const headingId = `group-${group.id}-name`;
  return (
    <Card className="flex h-full flex-col gap-3" role="article" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="break-words font-semibold text-tremor-content-strong">
          {group.groupName}
        </h3>
        <div className="flex shrink-0 items-center gap-1">
          <Badge color={group.isActive ? 'emerald' : 'gray'}>{group.isActive ? 'Active' : 'Inactive'}</Badge>
          <Button size="xs" variant="light" icon={RiEditLine} onClick={() => actions.onEdit(group)} aria-label={`Edit ${group.groupName}`} />
          <Button size="xs" variant="light" color="red" icon={RiDeleteBinLine} onClick={() => actions.onDelete(group)} aria-label={`Delete ${group.groupName}`} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-tremor-label">
        <CardField term="Group ID" value={String(group.groupId)} />
        <CardField term="Type" value={group.groupType} />
        <CardField term="Daily Limit" value={formatCount(group.dailyLimit, 'request')} />
        <CardField term="Members" value={formatCount(group.memberCount, 'member')} />
        {group.description ? <CardField term="Description" value={group.description} wide /> : null}
        <CardField term="Created" value={formatDate(group.createdAt)} />
      </dl>
    </Card>
  );
}
