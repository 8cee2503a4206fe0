import { Badge, Button } from '@tremor/react';
import type { SandboxGroup, SandboxUser } from '@contract/bot-sandbox.js';
import type { MembershipChange } from '../api/change-group-membership.js';
import { formatCount } from '../../../lib/format.js';

interface UserGroupsProps {
  user: SandboxUser;
  groups: SandboxGroup[];
  /** The change in progress, if any. */
  changing?: MembershipChange;
  onChange: (change: MembershipChange) => void;
}

export function isMemberOf(group: SandboxGroup, userId: number): boolean {
  return group.members.some((member) => member.userId === userId);
}

/** The simulated groups, with the chosen user's place in each and a Join or Leave button. */
export function UserGroups({ user, groups, changing, onChange }: UserGroupsProps) {
  if (groups.length === 0) {
    return (
      <p className="rounded-tremor-default border border-dashed border-tremor-border p-4 text-center text-tremor-default text-tremor-content">
        There are no groups. Add an authorized group under Access Control, then restart to bring it into the simulator.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-tremor-border rounded-tremor-default border border-tremor-border" aria-label={`Groups of ${user.firstName}`}>
      {groups.map((group) => {
        const member = isMemberOf(group, user.id);
        const busy = changing?.group.id === group.id && changing.userId === user.id;
        const botAway = group.botStatus !== 'member' && group.botStatus !== 'administrator';
        return (
          <li key={group.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
            <div className="min-w-0">
              <p className="break-words text-tremor-default font-medium text-tremor-content-strong">{group.title}</p>
              <p className="text-tremor-label text-tremor-content">
                {formatCount(group.members.length, 'member')} · ID {group.id}
                {botAway ? ' · the bot is not in this group' : ''}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {member ? <Badge color="emerald" size="xs">Member</Badge> : null}
              <Button
                type="button"
                size="xs"
                variant={member ? 'secondary' : 'primary'}
                loading={busy}
                disabled={changing !== undefined}
                aria-label={`${member ? 'Leave' : 'Join'} ${group.title}`}
                onClick={() => onChange({ action: member ? 'leave' : 'join', group, userId: user.id })}
              >
                {member ? 'Leave' : 'Join'}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
