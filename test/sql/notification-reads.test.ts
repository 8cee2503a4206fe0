import t from 'tap';
import { runMigrations } from '../../sql/migrate.js';
import { listNotifications } from '../../sql/notifications.js';
import { anAdminUser } from '../helpers/builders.js';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';

t.test('045 gives every staff member the read state the shared flag had, then drops the flag', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  await runMigrationsBefore(sql, '045');
  const active = await anAdminUser(sql, { role: 'admin' });
  const inactive = await anAdminUser(sql, { role: 'viewer', isActive: false });
  const readAt = new Date('2026-03-01T10:00:00Z');
  const [read, unread, readWithoutTime] = await sql<{ id: number }[]>`
    INSERT INTO notifications (type, priority, title, message, is_read, read_at, created_at)
    VALUES ('critical', 4, 'Read', 'm', true, ${readAt}, '2026-03-01T09:00:00Z'),
      ('critical', 4, 'Unread', 'm', false, null, '2026-03-01T09:30:00Z'),
      ('info', 1, 'Read, time unknown', 'm', true, null, '2026-03-01T08:00:00Z')
    RETURNING id`;

  t.equal((await runMigrations(sql))[0], '045_notification_reads.sql', '045 is the next migration to run');

  for (const user of [active, inactive]) {
    const page = await listNotifications(sql, user.id, { limit: 10, offset: 0 });
    t.strictSame(
      page.items.map((item) => ({ id: item.id, isRead: item.isRead })),
      [{ id: unread!.id, isRead: false }, { id: read!.id, isRead: true }, { id: readWithoutTime!.id, isRead: true }],
      `${user.username} (${user.isActive ? 'active' : 'inactive'}) sees what was read as read`,
    );
    t.equal(page.items[1]!.readAt?.toISOString(), readAt.toISOString(), 'at the time it was read');
    t.ok(page.items[2]!.readAt, 'one read at an unknown time is read as of the upgrade');
  }
  const columns = await sql<{ name: string }[]>`
    SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'notifications' AND column_name IN ('is_read', 'read_at')`;
  t.strictSame([...columns], [], 'the shared flag and its time are gone');
});
