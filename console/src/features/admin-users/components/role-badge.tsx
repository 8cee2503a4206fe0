import { formatRole, type Role } from '@contract/roles.js';

/*
 * Literal class names rather than Tremor's color prop: Tailwind only emits classes it can read
 * in the source, and Tremor builds its badge colours at run time.
 */
const ROLE_BADGE_CLASSES: Record<Role, string> = {
  super_admin: 'bg-red-50 text-red-700 ring-red-600/20',
  admin: 'bg-purple-50 text-purple-700 ring-purple-600/20',
  editor: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  viewer: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};

/** A role as spec §2.11 shows it: upper case, underscore as a space, one colour per role. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-tremor-small px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${ROLE_BADGE_CLASSES[role]}`}
    >
      {formatRole(role)}
    </span>
  );
}
