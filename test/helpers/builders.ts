import { hashPassword } from '../../api/auth/passwords.js';
import type { AdminUser } from '../../api/contract/admin-users.js';
import type { Role } from '../../api/contract/roles.js';
import { insertAdminUser } from '../../sql/admin-users.js';
import type { Sql } from '../../sql/database.js';

let sequence = 0;

export interface AdminUserSpec {
  username?: string;
  password?: string;
  role?: Role;
  email?: string | null;
  firstName?: string | null;
  isActive?: boolean;
}

/** Inserts an admin user with sensible defaults; the password defaults to "correct-horse-battery". */
export async function anAdminUser(sql: Sql, spec: AdminUserSpec = {}): Promise<AdminUser & { password: string }> {
  sequence += 1;
  const password = spec.password ?? 'correct-horse-battery';
  const user = await insertAdminUser(sql, {
    username: spec.username ?? `user${sequence}`,
    email: spec.email ?? null,
    passwordHash: await hashPassword(password),
    firstName: spec.firstName ?? null,
    role: spec.role ?? 'viewer',
    department: null,
    isActive: spec.isActive ?? true,
  });
  return { ...user, password };
}
