import { z } from 'zod';

/** The four staff roles, from least to most privileged. */
export const ROLES = ['viewer', 'editor', 'admin', 'super_admin'] as const;
export const RoleSchema = z.enum(ROLES, { error: 'Choose a role: viewer, editor, admin or super_admin.' });
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: 'Read-only access to dashboard and reports',
  editor: 'Can modify medical contacts and templates',
  admin: 'Full access except user management',
  super_admin: 'Complete system access',
};

/** "super_admin" → "SUPER ADMIN", as badges and the sidebar footer show a role. */
export function formatRole(role: string): string {
  return role.replace(/_/g, ' ').toUpperCase();
}

/** "super_admin" → "Super Admin", for choices and sentences where a badge's upper case would shout. */
export function roleName(role: Role): string {
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
