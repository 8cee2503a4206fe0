import { Badge } from '@tremor/react';
import type { RecentRequest } from '@contract/bot-users.js';
import { formatDateTime } from '../../../lib/format.js';

const LEVEL_COLOURS: Record<string, string> = { ERROR: 'red', WARN: 'amber', INFO: 'blue', DEBUG: 'gray' };

/** The user's latest bot requests from the logs, for staff answering a complaint. */
export function RecentRequestsPanel({ requests }: { requests: RecentRequest[] }) {
  if (requests.length === 0) return <p className="mt-4 text-tremor-default text-tremor-content">This user has made no requests yet.</p>;
  return (
    <ul className="mt-4 max-h-80 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border">
      {requests.map((request) => (
        <li key={request.id} className="space-y-1 p-3">
          <div className="flex flex-wrap items-center gap-2 text-tremor-label text-tremor-content">
            <Badge color={LEVEL_COLOURS[request.level] ?? 'gray'}>{request.level}</Badge>
            <span>{formatDateTime(request.timestamp)}</span>
            <span className="font-medium text-tremor-content-strong">{request.request}</span>
            {request.durationMs === null ? null : <span>{request.durationMs} ms</span>}
          </div>
          <p className="text-tremor-default text-tremor-content-strong">{request.message}</p>
          {request.errorMessage ? <p className="text-tremor-default text-red-600">{request.errorMessage}</p> : null}
        </li>
      ))}
    </ul>
  );
}
