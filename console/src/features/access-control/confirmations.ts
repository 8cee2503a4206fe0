import type { AuthorizedGroup, WhitelistEntry } from '@contract/access-control.js';
import { formatCount, pluralForm } from '../../lib/format.js';

/** A whitelist card's title (spec §2.9): first name, else username, else "User" and the id. */
export function whitelistTitle(entry: WhitelistEntry): string {
  return entry.firstName || entry.username || `User ${entry.telegramId}`;
}

/**
 * What deleting a group does to its members, from the counts the server computed: how many lose
 * access (this is their only active group and they are not whitelisted), or that they keep it.
 */
export function groupDeleteConsequence(group: AuthorizedGroup): string {
  const undone = 'This cannot be undone.';
  if (!group.isActive || group.memberCount === 0) return `Are you sure you want to delete this group? ${undone}`;
  const losing = group.membersLosingAccess;
  if (losing === 0) {
    return `${pluralForm(group.memberCount, 'Its member keeps', `All ${group.memberCount} of its members keep`)} access through another authorized group or the admin whitelist. ${undone}`;
  }
  const others = group.memberCount - losing;
  const rest = others > 0 ? ` (${formatCount(others, 'other member')} ${pluralForm(others, 'keeps', 'keep')} access through another group or the whitelist)` : '';
  return `${formatCount(losing, 'member')} will lose access to the bot${rest}. ${undone}`;
}

/** What removing a whitelist entry changes for that user. */
export const WHITELIST_DELETE_CONSEQUENCE =
  'They will be held to the daily search limit again, and lose access to the bot unless they are a member of an authorized group. This cannot be undone.';
