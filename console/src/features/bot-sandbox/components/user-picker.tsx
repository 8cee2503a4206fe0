import RiSearchLine from 'remixicon/icons/System/search-line.svg?react';
import RiUserAddLine from 'remixicon/icons/User & Faces/user-add-line.svg?react';
import { Button } from '@tremor/react';
import { useId, useState } from 'react';
import type { SandboxUser } from '@contract/bot-sandbox.js';
import { NewUserForm } from './new-user-form.js';
import { formatCount } from '../../../lib/format.js';

/** How many matches the list shows at once; the search narrows the rest. */
const SHOWN = 50;

export function userLabel(user: Pick<SandboxUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

function matches(user: SandboxUser, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [userLabel(user), user.username ?? '', String(user.id)].some((value) => value.toLowerCase().includes(needle));
}

interface UserPickerProps {
  users: SandboxUser[];
  selectedId: number | undefined;
  onSelect: (user: SandboxUser) => void;
}

/** Picks the simulated user to chat as: a searchable list, and a form for a new one. */
export function UserPicker({ users, selectedId, onSelect }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const searchId = useId();
  const listId = useId();
  const found = users.filter((user) => matches(user, search));
  const shown = found.slice(0, SHOWN);

  return (
    <div className="space-y-3">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="block text-tremor-default font-medium text-tremor-content-strong">
            Search users
          </label>
          <div className="relative mt-1.5">
            <RiSearchLine className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-tremor-content-subtle" aria-hidden="true" />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name or ID"
              aria-controls={listId}
              className="block w-full rounded-tremor-default border border-tremor-border py-2 pl-8 pr-3 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted"
            />
          </div>
        </div>
        <Button
          type="button"
          variant={creating ? 'primary' : 'secondary'}
          icon={RiUserAddLine}
          onClick={() => setCreating((open) => !open)}
          aria-expanded={creating}
        >
          New user
        </Button>
      </div>

      {creating ? (
        <NewUserForm
          onCreated={(user) => {
            setCreating(false);
            setSearch('');
            onSelect(user);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}

      {users.length === 0 ? (
        <p className="rounded-tremor-default border border-dashed border-tremor-border p-4 text-center text-tremor-default text-tremor-content">
          No simulated users yet. Use New user to create one.
        </p>
      ) : found.length === 0 ? (
        <p className="p-4 text-center text-tremor-default text-tremor-content">No user matches “{search.trim()}”.</p>
      ) : (
        <ul id={listId} aria-label="Simulated users" className="max-h-64 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border">
          {shown.map((user) => {
            const selected = user.id === selectedId;
            return (
              <li key={user.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(user)}
                  className={`flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-tremor-default hover:bg-tremor-background-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-tremor-brand-muted ${
                    selected ? 'bg-tremor-brand-faint' : ''
                  }`}
                >
                  <span className="min-w-0">
                    <span className={`block truncate font-medium ${selected ? 'text-tremor-brand-emphasis' : 'text-tremor-content-strong'}`}>
                      {userLabel(user)}
                    </span>
                    <span className="block truncate text-tremor-label text-tremor-content">
                      {user.username ? `@${user.username} · ` : ''}ID {user.id}
                    </span>
                  </span>
                  {user.blockedBot ? <span className="shrink-0 text-tremor-label text-amber-700">blocked the bot</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {found.length > SHOWN ? (
        <p className="text-tremor-label text-tremor-content">
          Showing {SHOWN} of {formatCount(found.length, 'user')}; search to narrow the list.
        </p>
      ) : null}
    </div>
  );
}
