import type { AdminUser } from '../api/contract/admin-users.js';
import type { ClockFormat } from '../api/contract/clock-format.js';
import type { Role } from '../api/contract/roles.js';
import type { Sql } from './database.js';
import { rethrowDuplicate } from './errors.js';

/** An admin user as stored, secrets included. Never sent to a client: map with toAdminUser. */
export interface AdminUserRecord {
  id: number;
  username: string;
  email: string | null;
  passwordHash: string;
  firstName: string | null;
  role: Role;
  department: string | null;
  isActive: boolean;
  twoFactorEnabled: boolean;
  twoFactorSecret: string | null;
  twoFactorPendingSecret: string | null;
  twoFactorLastStep: number | null;
  /** The clock the console shows this user times on (migration 058). */
  clockFormat: ClockFormat;
  lastLogin: Date | null;
  createdAt: Date;
}

export type NewAdminUser = Pick<
  AdminUserRecord,
  'username' | 'email' | 'passwordHash' | 'firstName' | 'role' | 'department' | 'isActive'
>;

export type AdminUserChanges = Partial<Pick<AdminUser, 'username' | 'email' | 'firstName' | 'role' | 'department' | 'isActive'>>;

const UNIQUE_FIELDS = { admin_users_username_key: 'username', admin_users_email_key: 'email' };

/** The public view of a stored admin user. */
export function toAdminUser(record: AdminUserRecord): AdminUser {
  return {
    id: record.id,
    username: record.username,
    email: record.email,
    firstName: record.firstName,
    role: record.role,
    department: record.department,
    isActive: record.isActive,
    twoFactorEnabled: record.twoFactorEnabled,
    lastLogin: record.lastLogin?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
  };
}

export async function findAdminUserById(sql: Sql, id: number): Promise<AdminUserRecord | undefined> {
  const [user] = await sql<AdminUserRecord[]>`SELECT * FROM admin_users WHERE id = ${id}`;
  return user;
}

/** The id of the staff member with exactly this username. */
export async function findAdminUserIdByUsername(sql: Sql, username: string): Promise<number | undefined> {
  const [user] = await sql<{ id: number }[]>`SELECT id FROM admin_users WHERE username = ${username}`;
  return user?.id;
}

/** Finds a user by username or email, ignoring case. */
export async function findAdminUserByIdentifier(sql: Sql, identifier: string): Promise<AdminUserRecord | undefined> {
  const [user] = await sql<AdminUserRecord[]>`
    SELECT * FROM admin_users
    WHERE lower(username) = lower(${identifier}) OR lower(email) = lower(${identifier})
    ORDER BY lower(username) = lower(${identifier}) DESC
    LIMIT 1`;
  return user;
}

export async function listAdminUsers(sql: Sql): Promise<AdminUser[]> {
  const users = await sql<AdminUserRecord[]>`SELECT * FROM admin_users ORDER BY created_at, id`;
  return users.map(toAdminUser);
}

export async function countAdminUsers(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`SELECT count(*) AS count FROM admin_users`;
  return row?.count ?? 0;
}

/**
 * Active super admins other than the given user. Locks every active super admin's row, in id
 * order, so that inside a transaction two demotions racing each other cannot both pass.
 */
export async function countOtherActiveSuperAdmins(sql: Sql, exceptUserId: number): Promise<number> {
  const rows = await sql<{ id: number }[]>`
    SELECT id FROM admin_users WHERE role = 'super_admin' AND is_active ORDER BY id FOR UPDATE`;
  return rows.filter((row) => row.id !== exceptUserId).length;
}

/** Inserts a user; throws DuplicateValueError when the username or email is taken. */
export async function insertAdminUser(sql: Sql, user: NewAdminUser): Promise<AdminUser> {
  try {
    const [created] = await sql<AdminUserRecord[]>`
      INSERT INTO admin_users ${sql(user)}
      RETURNING *`;
    return toAdminUser(created!);
  } catch (error) {
    rethrowDuplicate(error, UNIQUE_FIELDS);
  }
}

/** Applies the given changes; undefined when there is no such user. */
export async function updateAdminUser(sql: Sql, id: number, changes: AdminUserChanges): Promise<AdminUser | undefined> {
  const columns = Object.keys(changes).filter((key) => changes[key as keyof AdminUserChanges] !== undefined) as (keyof AdminUserChanges)[];
  if (columns.length === 0) {
    const user = await findAdminUserById(sql, id);
    return user && toAdminUser(user);
  }
  try {
    const [updated] = await sql<AdminUserRecord[]>`
      UPDATE admin_users SET ${sql(changes, columns)}, updated_at = now()
      WHERE id = ${id}
      RETURNING *`;
    return updated && toAdminUser(updated);
  } catch (error) {
    rethrowDuplicate(error, UNIQUE_FIELDS);
  }
}

export async function deleteAdminUser(sql: Sql, id: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM admin_users WHERE id = ${id} RETURNING id`;
  return deleted.length > 0;
}

export async function setAdminPasswordHash(sql: Sql, id: number, passwordHash: string): Promise<void> {
  await sql`UPDATE admin_users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${id}`;
}

export async function setAdminClockFormat(sql: Sql, id: number, clockFormat: ClockFormat): Promise<void> {
  await sql`UPDATE admin_users SET clock_format = ${clockFormat}, updated_at = now() WHERE id = ${id}`;
}
