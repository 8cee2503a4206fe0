import { hashPassword } from '../api/auth/passwords.js';
import type { Role } from '../api/contract/roles.js';
import { insertAdminUser } from '../sql/admin-users.js';
import type { Sql } from '../sql/database.js';
import { runSeedOnce } from '../sql/seeds.js';

/** The password of every demo staff account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'demo-password';

const DEMO_STAFF: { username: string; firstName: string; role: Role; department: string; email: string }[] = [
  { username: 'demo.viewer', firstName: 'Vera', role: 'viewer', department: 'Medical', email: 'vera@example.org' },
  { username: 'demo.editor', firstName: 'Eddie', role: 'editor', department: 'Medical', email: 'eddie@example.org' },
  { username: 'demo.admin', firstName: 'Ada', role: 'admin', department: 'Administration', email: 'ada@example.org' },
  { username: 'demo.superadmin', firstName: 'Sam', role: 'super_admin', department: 'IT', email: 'sam@example.org' },
];

/** Loads the deterministic demo data set, once per database. */
export async function seedDemoData(sql: Sql): Promise<void> {
  await runSeedOnce(sql, 'demo-staff', async (tx) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const staff of DEMO_STAFF) {
      await insertAdminUser(tx, { ...staff, passwordHash, isActive: true });
    }
  });
}
