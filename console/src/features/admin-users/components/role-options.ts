import { ROLE_DESCRIPTIONS, ROLES, roleName, type Role } from '@contract/roles.js';

/** Each role with the name and the spec §6 description that role pickers show. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ role, name: roleName(role), description: ROLE_DESCRIPTIONS[role] }));

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Tailwind classes shared by the native role selects, matching Tremor's inputs; callers add size. */
export const SELECT_CLASSES =
  'rounded-tremor-default border border-tremor-border bg-tremor-background text-tremor-content-emphasis shadow-tremor-input focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted disabled:cursor-not-allowed disabled:opacity-50';
