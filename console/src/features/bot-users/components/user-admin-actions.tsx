import { Button } from '@tremor/react';
import { useState } from 'react';
import type { TelegramUserDetail } from '@contract/bot-users.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { errorMessage } from '../../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { useResetDailyUsage, useSetUserBlocked } from '../api/manage-telegram-user.js';
import { userDisplayName } from './user-badges.js';

/** What an admin can do for a user who complains: give back today's requests, or block or unblock them. */
export function UserAdminActions({ user }: { user: TelegramUserDetail }) {
  const reset = useResetDailyUsage();
  const setBlocked = useSetUserBlocked(!user.isBlocked);
  const [confirming, setConfirming] = useState(false);
  const name = userDisplayName(user);

  const resetToday = () =>
    reset.mutate(user.telegramId, {
      onSuccess: () => notifySuccess('Daily Count Reset', `${name} can make their full number of requests again today.`),
      onError: (error) => notifyError('Failed to reset the daily count', errorMessage(error, '')),
    });
  const toggleBlocked = () =>
    setBlocked.mutate(user.telegramId, {
      onSuccess: (updated) => {
        setConfirming(false);
        notifySuccess(updated.isBlocked ? 'User blocked' : 'User unblocked', updated.isBlocked ? `The bot now refuses ${name}.` : `${name} can use the bot again.`);
      },
      onError: (error) => notifyError(user.isBlocked ? 'Failed to unblock the user' : 'Failed to block the user', errorMessage(error, '')),
    });

  return (
    <section aria-label="Admin actions" className="flex flex-col gap-2 border-t border-tremor-border pt-4 sm:flex-row sm:justify-end">
      <Button type="button" variant="secondary" disabled={reset.isPending || user.requestsToday === 0} onClick={resetToday}>
        {reset.isPending ? 'Resetting...' : "Reset Today's Count"}
      </Button>
      {user.isBlocked ? (
        <Button type="button" variant="secondary" disabled={setBlocked.isPending} onClick={toggleBlocked}>
          {setBlocked.isPending ? 'Unblocking...' : 'Unblock User'}
        </Button>
      ) : (
        <Button type="button" color="red" onClick={() => setConfirming(true)}>
          Block User
        </Button>
      )}
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title="Block this user?"
        description={`The bot will refuse every request from ${name} until an admin unblocks them.`}
      >
        <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
          <Button type="button" color="red" disabled={setBlocked.isPending} onClick={toggleBlocked}>
            {setBlocked.isPending ? 'Blocking...' : 'Block User'}
          </Button>
        </div>
      </ModalDialog>
    </section>
  );
}
