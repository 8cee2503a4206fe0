import { randomBytes } from 'node:crypto';
import { hashPassword } from '../api/auth/passwords.js';
import { PasswordSchema } from '../api/contract/password-policy.js';
import { countAdminUsers, insertAdminUser } from '../sql/admin-users.js';
import type { Sql } from '../sql/database.js';
import { StartupError } from './start-errors.js';

export type InitialAdminResult =
  | { created: false }
  | { created: true; username: string; generatedPassword: string | undefined };

/**
 * Makes sure someone can sign in: with no admin user at all, creates a super_admin from the
 * given credentials, or `admin` with a random password that the caller prints once.
 */
export async function ensureInitialAdmin(
  sql: Sql,
  credentials: { username: string; password: string } | undefined,
): Promise<InitialAdminResult> {
  if ((await countAdminUsers(sql)) > 0) return { created: false };
  if (credentials) {
    const check = PasswordSchema.safeParse(credentials.password);
    if (!check.success) throw new StartupError('ADMIN_PASSWORD', `ADMIN_PASSWORD: ${check.error.issues[0]?.message}`);
  }
  const username = credentials?.username ?? 'admin';
  const generatedPassword = credentials ? undefined : randomBytes(12).toString('base64url');
  const password = credentials?.password ?? generatedPassword!;
  await insertAdminUser(sql, {
    username,
    email: null,
    passwordHash: await hashPassword(password),
    firstName: null,
    role: 'super_admin',
    department: null,
    isActive: true,
  });
  return { created: true, username, generatedPassword };
}
