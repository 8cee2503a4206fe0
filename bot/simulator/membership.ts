import type { ChatMemberUpdated, Update, User } from 'grammy/types';
import { chatMember, type MemberStatus, type SimulatedUser, type SimulatorState } from './state.js';

/**
 * Changes a user's or the bot's status in a group and queues the update Telegram would send for it:
 * `my_chat_member` when the bot's own status changes, `chat_member` when a user's does and the bot is an
 * administrator there (Telegram tells only administrators). Undefined when nothing changed or nothing is sent.
 */
export function changeGroupMember(state: SimulatorState, groupId: number, userId: number, status: MemberStatus, by: User): Update | undefined {
  const group = state.requireGroup(groupId);
  const { before, after } = state.setMemberStatus(group, userId, status);
  if (before.status === after.status) return undefined;
  const isBot = userId === state.bot.id;
  if (!isBot && group.bot.status !== 'administrator') return undefined;
  const change: ChatMemberUpdated = { chat: group.chat, from: by, date: state.now(), old_chat_member: before, new_chat_member: after };
  return state.updates.push(isBot ? { my_chat_member: change } : { chat_member: change });
}

/** Queues the `my_chat_member` update of a private chat, sent when a user blocks or unblocks the bot. */
export function privateBotStatusChanged(state: SimulatorState, user: SimulatedUser, from: MemberStatus, to: MemberStatus): Update {
  const change: ChatMemberUpdated = {
    chat: state.privateChat(user),
    from: state.telegramUser(user),
    date: state.now(),
    old_chat_member: chatMember(state.botUser, from),
    new_chat_member: chatMember(state.botUser, to),
  };
  return state.updates.push({ my_chat_member: change });
}
