import { Badge, Button, Card } from '@tremor/react';
import { useId, useState } from 'react';
import type { StaffSession } from '@contract/account-sessions.js';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { errorMessage } from '../../lib/api-client.js';
import { formatCount, formatDateTime, formatExactTime, formatRelativeTime } from '../../lib/format.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import { useAuth } from '../auth/use-auth.js';
import { useEndOtherSessions, useEndSession, useSessions } from './sessions-api.js';

/** "Firefox 121 on Windows 10", from what the User-Agent named. */
function deviceName({ browser, os }: Pick<StaffSession, 'browser' | 'os'>): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `Unknown browser on ${os}` : 'Unknown device');
}

/** The signed-in user's sessions: where they are signed in, and ending any of them. */
export function SessionsSection() {
  const headingId = useId();
  const sessions = useSessions();
  const { logout } = useAuth();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  // The session being confirmed stays set while the dialog closes, so its text does not go blank.
  const [ending, setEnding] = useState<StaffSession | null>(null);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [endingOthers, setEndingOthers] = useState(false);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  function confirmEndSession(session: StaffSession) {
    endSession.mutate(session.id, {
      onSuccess: () => notifySuccess('Session Ended', `${deviceName(session)} is signed out.`),
      onError: (error) => notifyError('Error', errorMessage(error, 'Failed to end the session')),
      onSettled: () => setConfirmingEnd(false),
    });
  }

  function confirmEndOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => notifySuccess('Sessions Ended', `${formatCount(ended, 'other session')} signed out.`),
      onError: (error) => notifyError('Error', errorMessage(error, 'Failed to end the other sessions')),
      onSettled: () => setEndingOthers(false),
    });
  }

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Active Sessions
          </h2>
          <Button type="button" variant="secondary" color="red" disabled={others.length === 0} onClick={() => setEndingOthers(true)}>
            End All Other Sessions
          </Button>
        </div>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Where your account is signed in. End a session you do not recognise, then change your password.
        </p>
        <div className="mt-5">
          {sessions.isPending ? (
            <LoadingSpinner label="Loading your sessions..." />
          ) : sessions.isError ? (
            <div className="space-y-3">
              <ErrorAlert title="Could not load your sessions" detail={errorMessage(sessions.error, sessions.error.message)} />
              <Button type="button" variant="secondary" onClick={() => void sessions.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <ul aria-labelledby={headingId} className="divide-y divide-tremor-border">
              {sessions.data.map((session) => (
                <SessionItem key={session.id} session={session} onEnd={() => {
                    if (session.current) return void logout();
                    setEnding(session);
                    setConfirmingEnd(true);
                  }} />
              ))}
            </ul>
          )}
        </div>
      </section>

      <ConfirmDeleteDialog
        open={confirmingEnd}
        onClose={() => setConfirmingEnd(false)}
        title="End this session?"
        description={ending ? `${deviceName(ending)} (${ending.ip ?? 'unknown address'}) is signed out at its next request.` : ''}
        confirmLabel="End Session"
        pendingLabel="Ending..."
        pending={endSession.isPending}
        onConfirm={() => ending && confirmEndSession(ending)}
      />
      <ConfirmDeleteDialog
        open={endingOthers}
        onClose={() => setEndingOthers(false)}
        title="End all other sessions?"
        description={`Every other browser signed in to your account (${formatCount(others.length, 'session')}) is signed out at its next request. This one stays signed in.`}
        confirmLabel="End Other Sessions"
        pendingLabel="Ending..."
        pending={endOthers.isPending}
        onConfirm={confirmEndOthers}
      />
    </Card>
  );
}

function SessionItem({ session, onEnd }: { session: StaffSession; onEnd: () => void }) {
  const name = deviceName(session);
  const figures = [
    { label: 'IP address', value: session.ip ?? 'Unknown' },
    { label: 'Signed in', value: formatDateTime(session.createdAt) },
    {
      label: 'Last used',
      value: session.current ? 'Now' : <time dateTime={session.lastUsedAt} title={formatExactTime(session.lastUsedAt)}>{formatRelativeTime(session.lastUsedAt)}</time>,
    },
  ];
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-tremor-content-strong">{name}</p>
          {session.current ? <Badge color="emerald">This device</Badge> : null}
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-tremor-default sm:grid-cols-3">
          {figures.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-tremor-label text-tremor-content">{label}</dt>
              <dd className="truncate text-tremor-content-strong">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Button type="button" size="xs" variant="secondary" className="shrink-0" onClick={onEnd} aria-label={session.current ? 'Sign Out' : `End Session: ${name}`}>
        {session.current ? 'Sign Out' : 'End Session'}
      </Button>
    </li>
  );
}
