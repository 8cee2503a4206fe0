import { hashPassword } from '../api/auth/passwords.js';
import type { Role } from '../api/contract/roles.js';
import { insertAuthorizedGroups, insertMemberships, insertWhitelistEntries } from '../sql/access-control.js';
import { findAdminUserIdByUsername, insertAdminUser } from '../sql/admin-users.js';
import type { Sql } from '../sql/database.js';
import { insertFinishedBroadcasts } from '../sql/broadcasts.js';
import { insertNotifications } from '../sql/notifications.js';
import { runSeedOnce } from '../sql/seeds.js';
import { getSystemSettings } from '../sql/settings.js';
import { insertTelegramUsers } from '../sql/bot-users.js';
import { insertDemoContacts } from './demo/contacts.js';
import { insertDemoReports } from './demo/reports.js';
import { insertDemoVerifications } from './demo/verifications.js';
import { countDemoTemplateUses, insertDemoTraffic } from './demo/logs.js';
import { buildDemoWorld, type DemoWorld } from './demo/world.js';

/** The password of every demo staff account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'demo-password';

const DEMO_STAFF: { username: string; firstName: string; role: Role; department: string; email: string }[] = [
  { username: 'demo.viewer', firstName: 'Vera', role: 'viewer', department: 'Medical', email: 'vera@example.org' },
  { username: 'demo.editor', firstName: 'Eddie', role: 'editor', department: 'Medical', email: 'eddie@example.org' },
  { username: 'demo.admin', firstName: 'Ada', role: 'admin', department: 'Administration', email: 'ada@example.org' },
  { username: 'demo.superadmin', firstName: 'Sam', role: 'super_admin', department: 'IT', email: 'sam@example.org' },
];

/**
 * Loads the deterministic demo data set, each area once per database. The data is built in
 * memory only when an area still has to be loaded, so later starts cost a few queries; dates are
 * relative to `now`.
 */
export async function seedDemoData(sql: Sql, { now = new Date() }: { now?: Date } = {}): Promise<void> {
  let built: Promise<DemoWorld> | undefined;
  const world = () => (built ??= buildDemoWorld(now));

  await runSeedOnce(sql, 'demo-staff', async (tx) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const staff of DEMO_STAFF) {
      await insertAdminUser(tx, { ...staff, passwordHash, isActive: true });
    }
  });
  await runSeedOnce(sql, 'demo-contacts', async (tx) => insertDemoContacts(tx, (await world()).contacts));
  await runSeedOnce(sql, 'demo-access', async (tx) => {
    const { groups, whitelist } = await world();
    await insertAuthorizedGroups(tx, groups);
    await insertWhitelistEntries(tx, whitelist);
  });
  await runSeedOnce(sql, 'demo-bot-users', async (tx) => {
    const { users, memberships } = await world();
    await insertTelegramUsers(tx, users);
    await insertMemberships(tx, memberships);
  });
  await runSeedOnce(sql, 'demo-logs', async (tx) => {
    const { traffic, contacts } = await world();
    await insertDemoTraffic(tx, traffic, contacts);
  });
  // A step of its own, so demo databases loaded before it count their answers too.
  await runSeedOnce(sql, 'demo-template-uses', async (tx) => countDemoTemplateUses(tx, (await world()).traffic.templateUses));
  await runSeedOnce(sql, 'demo-notifications', async (tx) => insertNotifications(tx, (await world()).notifications));
  await runSeedOnce(sql, 'demo-broadcasts', async (tx) => {
    const senderId = await findAdminUserIdByUsername(tx, 'demo.admin');
    await insertFinishedBroadcasts(tx, (await world()).broadcasts, senderId ?? null);
  });
  await runSeedOnce(sql, 'demo-contact-reports', async (tx) => {
    const { users } = await world();
    await insertDemoReports(tx, users.slice(0, 8).map((user) => user.telegramId), now, (await getSystemSettings(tx)).timeZone);
  });
  await runSeedOnce(sql, 'demo-verifications', async (tx) => {
    // Other demo users than the reporters: the clinics' own accounts.
    await insertDemoVerifications(tx, (await world()).users.slice(8, 14).map((user) => user.telegramId), now);
  });
  // postgres.js keeps, per query call site, an Error whose stack still holds the calling closures, and
  // so this scope: without this the built world (tens of MB) would stay in memory for good.
  built = undefined;
}
