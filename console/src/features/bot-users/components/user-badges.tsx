import { Badge } from '@tremor/react';
import type { TelegramUser } from '@contract/bot-users.js';

/** Active/Inactive (Telegram can reach them), and Blocked when staff blocked them from the bot. */
export function UserBadges({ user }: { user: Pick<TelegramUser, 'isActive' | 'isBlocked'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge color={user.isActive ? 'emerald' : 'gray'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
      {user.isBlocked ? <Badge color="red">Blocked</Badge> : null}
    </span>
  );
}

/** "Amara Okafor", else the username, else "User" and the id. */
export function userDisplayName(user: Pick<TelegramUser, 'firstName' | 'lastName' | 'username' | 'telegramId'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username || `User ${user.telegramId}`;
}
