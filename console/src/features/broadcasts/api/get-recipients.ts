import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SandboxUserSchema } from '../../../../../api/contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { RECIPIENTS_URL, recipientsQueryKey } from './keys.js';

/** A bot user the checklist offers; `telegramId` is what a selected broadcast targets. */
export interface Recipient {
  telegramId: number;
  name: string;
  username: string | null;
  /** Telegram would refuse a message to them (blocked the bot, or deactivated). */
  reachable: boolean;
}

/**
 * The bot users. Read from the Bot Sandbox's simulated users until a bot-users list
 * (GET /api/telegram-users) exists; this module is the one place to change then.
 */
export async function getRecipients(): Promise<Recipient[]> {
  const users = z.array(SandboxUserSchema).parse(await apiRequest<unknown>('GET', RECIPIENTS_URL));
  return users.map((user) => ({
    telegramId: user.id,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    username: user.username,
    reachable: !user.blockedBot && !user.deactivated,
  }));
}

export function useRecipients() {
  return useQuery(queryOptions({ queryKey: recipientsQueryKey, queryFn: getRecipients }));
}

/** Matches a name, a username (with or without @) or a Telegram id. */
export function matchesRecipient(recipient: Recipient, search: string): boolean {
  const needle = search.trim().toLowerCase().replace(/^@/, '');
  if (!needle) return true;
  return (
    recipient.name.toLowerCase().includes(needle) ||
    (recipient.username?.toLowerCase().includes(needle) ?? false) ||
    String(recipient.telegramId).includes(needle)
  );
}
