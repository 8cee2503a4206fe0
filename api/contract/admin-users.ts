import { z } from 'zod';
import { ROLES, RoleSchema, type Role } from './roles.js';
import { PasswordSchema } from './password-policy.js';
import { optionalText, tooLong } from './fields.js';

export const AdminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  role: RoleSchema,
  department: z.string().nullable(),
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** A console username; also what ADMIN_USERNAME and `npm run create-admin` must give. */
export const UsernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(64, tooLong('Username', 64))
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores. Remove the other characters.');

const EmailSchema = z
  .string()
  .trim()
  .max(254, tooLong('Email', 254))
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email('Email must be a valid email address, such as name@example.org, or left empty.').nullable());

export const CreateAdminUserSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  firstName: optionalText('First name', 100),
  role: RoleSchema.default('viewer'),
  department: optionalText('Department', 100),
  isActive: z.boolean().default(true),
});
export type CreateAdminUser = z.infer<typeof CreateAdminUserSchema>;
/** What the create form holds before validation (its defaults of spec §3). */
export type CreateAdminUserForm = z.input<typeof CreateAdminUserSchema>;

export const UpdateAdminUserSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    firstName: optionalText('First name', 100),
    role: RoleSchema,
    department: optionalText('Department', 100),
    isActive: z.boolean(),
  })
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Nothing to update: change at least one field, then save.',
  });
export type UpdateAdminUser = z.infer<typeof UpdateAdminUserSchema>;

export const ResetPasswordSchema = z.object({ newPassword: PasswordSchema });
export const ToggleTwoFactorSchema = z.object({ enable: z.boolean({ error: 'Two-factor must be switched on or off (true or false).' }) });

/** Only a super admin may change, reset or delete a super admin (spec §6, enforced by the API). */
export function canManageAdminUser(actorRole: string, targetRole: string): boolean {
  return actorRole === 'super_admin' || targetRole !== 'super_admin';
}

/**
 * The roles an actor may give a new user: the API's rule above, so a create form offers only what
 * the server accepts (an admin never sees Super Admin).
 */
export function assignableRoles(actorRole: string): Role[] {
  return ROLES.filter((role) => canManageAdminUser(actorRole, role));
}
