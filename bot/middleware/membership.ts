import type { Api } from 'grammy';
import type { ChatMember } from 'grammy/types';
import type { Sql } from '../../sql/database.js';
import { activeGroupsWithMembership, saveMemberships, type AuthorizedGroupRef, type MembershipAnswer } from '../../sql/access-control.js';

/** A stored membership is trusted this long before Telegram is asked again. */
export const MEMBERSHIP_TRUST_MS = 24 * 60 * 60 * 1000;
// Telegram answers getChatMember quickly; a new user with many authorized groups waits for all of them.
const PARALLEL_CHECKS = 16;

/** True for the chat-member states that count as belonging to the group. */
export function isMemberStatus(member: ChatMember): boolean {
  return (
    member.status === 'creator' ||
    member.status === 'administrator' ||
    member.status === 'member' ||
    (member.status === 'restricted' && member.is_member)
  );
}

/**
 * The active authorized groups the user belongs to. Stored answers younger than 24 hours are
 * trusted; others are checked with getChatMember and stored together. A group Telegram will not
 * answer for keeps its last stored answer.
 */
export async function groupsOfUser(deps: { sql: Sql; api: Api }, telegramId: number, now: Date): Promise<AuthorizedGroupRef[]> {
  const staleBefore = now.getTime() - MEMBERSHIP_TRUST_MS;
  const groups = await activeGroupsWithMembership(deps.sql, telegramId, new Date(staleBefore));
  const memberOf: AuthorizedGroupRef[] = [];
  const toCheck: typeof groups = [];
  for (const group of groups) {
    const membership = group.membership;
    if (membership && membership.lastVerified.getTime() > staleBefore) {
      if (membership.isActive) memberOf.push(group);
    } else {
      toCheck.push(group);
    }
  }
  const answers: MembershipAnswer[] = [];
  for (let start = 0; start < toCheck.length; start += PARALLEL_CHECKS) {
    const checked = await Promise.all(
      toCheck.slice(start, start + PARALLEL_CHECKS).map(async (group) => {
        const member = await deps.api.getChatMember(group.groupId, telegramId).catch(() => undefined);
        if (!member) return group.membership?.isActive ? group : undefined;
        const isActive = isMemberStatus(member);
        answers.push({ telegramId, groupId: group.groupId, status: member.status, isActive, verifiedAt: now });
        return isActive ? group : undefined;
      }),
    );
    memberOf.push(...checked.filter((group) => group !== undefined));
  }
  await saveMemberships(deps.sql, answers);
  return memberOf;
}
