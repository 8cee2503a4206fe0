import { randomBytes } from 'node:crypto';
import { hashPassword } from '../api/auth/passwords.js';
import { UsernameSchema } from '../api/contract/admin-users.js';
import { PasswordSchema } from '../api/contract/password-policy.js';
import { RoleSchema } from '../api/contract/roles.js';
import { insertAdminUser } from '../sql/admin-users.js';
import { DuplicateValueError } from '../sql/errors.js';
import { loadConfig } from './config.js';
import { migrateConfiguredDatabase, openConfiguredDatabase } from './configured-database.js';
import { startFailureMessage } from './start-errors.js';

/**
 * `npm run create-admin -- <username> [role]`: adds a staff account from the command line (for
 * example when every super admin is locked out). The password comes from ADMIN_PASSWORD, or is
 * generated and printed. Stop the product first when it runs on the embedded database. What it
 * cannot work with stops it in one sentence, as `npm start` and `npm run migrate` do.
 */
const [usernameArgument, roleArgument = 'super_admin'] = process.argv.slice(2);
const role = RoleSchema.safeParse(roleArgument);
if (!usernameArgument || !role.success) {
  console.error('Usage: npm run create-admin -- <username> [viewer|editor|admin|super_admin]');
  process.exit(2);
}
const usernameCheck = UsernameSchema.safeParse(usernameArgument);
if (!usernameCheck.success) {
  console.error(`${usernameCheck.error.issues[0]?.message} (the username given: "${usernameArgument}")`);
  process.exit(2);
}
const username = usernameCheck.data;
const password = process.env.ADMIN_PASSWORD || randomBytes(12).toString('base64url');
const passwordCheck = PasswordSchema.safeParse(password);
if (!passwordCheck.success) {
  console.error(`ADMIN_PASSWORD: ${passwordCheck.error.issues[0]?.message}`);
  process.exit(2);
}

try {
  // ADMIN_PASSWORD alone is this script's input: start's rule that it comes with ADMIN_USERNAME is not.
  const { databaseUrl, dataDir } = loadConfig({ ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
  const database = await openConfiguredDatabase(databaseUrl, dataDir);
  try {
    await migrateConfiguredDatabase(database.sql, databaseUrl);
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
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof DuplicateValueError ? `The username "${username}" is already taken.` : startFailureMessage(error, 'The account could not be created'));
  process.exitCode = 1;
}
