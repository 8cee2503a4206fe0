import RiFileCopyLine from 'remixicon/icons/Document/file-copy-line.svg?react';
import { Button } from '@tremor/react';
import { useId, useState } from 'react';
import type { ConfirmationLink, LinkedAccount } from '@contract/self-confirmation.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { formatDateTime } from '../../../lib/format.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import {
  useCreateConfirmationLink,
  useEndConfirmationLink,
  useLinkedAccounts,
  useLiveConfirmationLink,
  useRemoveLinkedAccount,
} from '../api/self-confirmation.js';

/** The link just made: only its hash is kept, so this is the one time it can be shown. */
function NewLink({ link }: { link: ConfirmationLink }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      notifySuccess('Link copied', 'Send it to the doctor or clinic: it works once.');
    } catch {
      notifyError('Error', 'The browser did not allow copying; select the link and copy it by hand.');
    }
  }
  return (
    <div className="flex flex-wrap items-start gap-4 rounded-tremor-default border border-tremor-border p-3">
      <img src={link.qrCodeDataUrl} alt="QR code of the confirmation link" width={144} height={144} className="rounded-tremor-small" />
      <div className="min-w-0 flex-1 space-y-2">
        <label className="block text-tremor-label text-tremor-content">
          Confirmation link
          <input readOnly value={link.url} onFocus={(event) => event.target.select()} className="mt-1 block w-full rounded-tremor-default border border-tremor-border bg-tremor-background-muted px-2 py-1 font-mono text-tremor-label text-tremor-content-strong" />
        </label>
        <p className="text-tremor-label text-tremor-content">
          Works once, until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>. It is not shown again: make a new one if it is lost.
        </p>
        <Button type="button" size="xs" variant="secondary" icon={RiFileCopyLine} onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </div>
  );
}

function AccountItem({ account, onRemove }: { account: LinkedAccount; onRemove: () => void }) {
  const who = account.name ?? `Telegram user ${account.telegramId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2" aria-label={who}>
      <div className="min-w-0 text-tremor-label">
        <p className="text-tremor-content-strong">
          <span className="font-medium">{who}</span>
          {account.username ? ` (@${account.username})` : ''} · linked <time dateTime={account.linkedAt}>{formatDateTime(account.linkedAt)}</time>
        </p>
        <p className="text-tremor-content">
          {account.remindersStoppedAt
            ? `Stopped the reminders ${formatDateTime(account.remindersStoppedAt)}`
            : account.lastRemindedAt
              ? `Last reminded ${formatDateTime(account.lastRemindedAt)}`
              : 'Not reminded yet'}
        </p>
      </div>
      <Button type="button" size="xs" variant="light" color="red" onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

/**
 * "Confirmation by the contact" in the edit dialog (docs/specification.md): a one-time link to the bot
 * that the doctor or clinic opens to confirm or correct their listing, with its QR code; the Telegram
 * accounts that opened one, which the bot asks again each cycle, and which staff may remove.
 */
export function ContactSelfConfirmation({ contactId, headingId }: { contactId: number; headingId: string }) {
  const live = useLiveConfirmationLink(contactId);
  const accounts = useLinkedAccounts(contactId);
  const create = useCreateConfirmationLink(contactId);
  const end = useEndConfirmationLink(contactId);
  const remove = useRemoveLinkedAccount(contactId);
  const [removing, setRemoving] = useState<LinkedAccount | null>(null);
  const accountsId = useId();
  const made = create.data;
  const waiting = live.data?.live;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        Confirmation by the contact
      </h3>
      <p className="text-tremor-label text-tremor-content">
        The doctor or clinic opens the link in Telegram, sees their listing as the bot shows it, and confirms it or says what changed; changes wait
        for review below.
      </p>
      {made && waiting ? <NewLink link={made} /> : null}
      {waiting && !made ? (
        <p className="text-tremor-label text-tremor-content">
          A link made <time dateTime={waiting.createdAt}>{formatDateTime(waiting.createdAt)}</time>
          {waiting.createdBy ? ` by ${waiting.createdBy}` : ''} waits to be opened, until <time dateTime={waiting.expiresAt}>{formatDateTime(waiting.expiresAt)}</time>.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" disabled={create.isPending} onClick={() => create.mutate()}>
          {waiting ? 'Create a new link' : 'Create link'}
        </Button>
        {waiting ? (
          <Button type="button" variant="light" color="red" disabled={end.isPending} onClick={() => end.mutate(undefined, { onSuccess: () => create.reset() })}>
            End link
          </Button>
        ) : null}
      </div>
      <h4 id={accountsId} className="text-tremor-label font-semibold text-tremor-content-strong">
        Linked Telegram accounts
      </h4>
      {accounts.isPending ? (
        <p role="status" className="text-tremor-label text-tremor-content">
          Loading accounts...
        </p>
      ) : accounts.isError ? (
        <p className="text-tremor-label text-red-600">The linked accounts could not be loaded.</p>
      ) : accounts.data.length === 0 ? (
        <p className="text-tremor-label text-tremor-content">No account has opened a link of this contact.</p>
      ) : (
        <ul aria-labelledby={accountsId} className="space-y-2 rounded-tremor-default border border-tremor-border p-3">
          {accounts.data.map((account) => (
            <AccountItem key={account.telegramId} account={account} onRemove={() => setRemoving(account)} />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove linked account"
        description={`The bot will no longer ask ${removing?.name ?? 'this account'} to confirm this listing. They can be linked again with a new link.`}
        pending={remove.isPending}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => removing && remove.mutate(removing.telegramId, { onSuccess: () => setRemoving(null) })}
      />
    </section>
  );
}
