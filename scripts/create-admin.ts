import { randomBytes } from 'node:crypto';
import { hashPassword } from '../api/auth/passwords.js';
import { PasswordSchema } from '../api/contract/password-policy.js';
import { RoleSchema } from '../api/contract/roles.js';
import { insertAdminUser } from '../sql/admin-users.js';
import { openDatabase } from '../sql/database.js';
import { DuplicateValueError } from '../sql/errors.js';
import { runMigrations } from '../sql/migrate.js';
import { loadConfig } from './config.js';

/**
 * `npm run create-admin -- <username> [role]`: adds a staff account from the command line (for
 * example when every super admin is locked out). The password comes from ADMIN_PASSWORD, or is
 * generated and printed. Stop the product first when it runs on the embedded database.
 */
const [username, roleArgument = 'super_admin'] = process.argv.slice(2);
const role = RoleSchema.safeParse(roleArgument);
if (!username || !role.success) {
  console.error('Usage: npm run create-admin -- <username> [viewer|editor|admin|super_admin]');
  process.exit(2);
}
const config = loadConfig(process.env);
const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
const passwordCheck = PasswordSchema.safeParse(password);
if (!passwordCheck.success) {
  console.error(`ADMIN_PASSWORD: ${passwordCheck.error.issues[0]?.message}`);
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database.sql);
  await insertAdminUser(database.sql, {
    username,
    email: null,
    passwordHash: await hashPassword(password),
    firstName: null,
    role: role.data,
    department: null,
    isActive: true,
  });
  console.log(`Created ${role.data} "${username}".`);
  if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown once): ${password}`);
} catch (error) {
  console.error(error instanceof DuplicateValueError ? `The username "${username}" is already taken.` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
