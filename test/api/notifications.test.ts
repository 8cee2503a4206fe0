import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { createNotification, type NewNotification } from '../../sql/notifications.js';
import type { Notification, NotificationPage, NotificationSettings } from '../../api/contract/notifications.js';

const URL = '/api/real-time-notifications';
const MINUTE_MS = 60_000;

const aNotification = (fields: Partial<NewNotification> = {}): NewNotification => ({
  kind: 'user_milestone',
  type: 'info',
  priority: 1,
  title: 'A notification',
  message: 'Something happened',
  expiresAt: null,
  metadata: {},
  ...fields,
});

t.test('real-time notifications', async (t) => {
  const { db, clock, call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('viewer');
  const api = (method: 'GET' | 'PATCH', url: string) => call(token, { method, url });
  const page = async (url: string) => {
    const response = await api('GET', url);
    t.equal(response.statusCode, 200, response.body);
    return response.json() as NotificationPage;
  };

  const start = clock.now().getTime();
  const raise = (minutesAgo: number, fields: Partial<NewNotification>) =>
    createNotification(db.sql, aNotification(fields), new Date(start - minutesAgo * MINUTE_MS));
  const oldest = await raise(30, { title: 'Oldest', priority: 1 });
  const spike = await raise(20, { title: 'Error spike', kind: 'error_spike', type: 'critical', priority: 4, metadata: { errors: 12 } });
  const failed = await raise(10, { title: 'Broadcast failed: T', kind: 'broadcast_failed', type: 'critical', priority: 4, metadata: { broadcastId: 7 } });
  const newest = await raise(1, { title: 'Newest', type: 'warning', priority: 2, expiresAt: new Date(start + MINUTE_MS) });

  t.test('the list is newest first, paged, with its total', async (t) => {
    const all = await page(URL);
    t.strictSame(all.items.map((item) => item.id), [newest, failed, spike, oldest]);
    t.equal(all.total, 4);
    t.match(all.items[1], { title: 'Broadcast failed: T', type: 'critical', priority: 4, isRead: false, readAt: null, kind: 'broadcast_failed', metadata: { broadcastId: 7 } });
    t.equal(all.items[0]!.expiresAt, new Date(start + MINUTE_MS).toISOString());
    const second = await page(`${URL}?limit=2&offset=2`);
    t.strictSame(second.items.map((item) => item.id), [spike, oldest]);
    t.equal(second.total, 4);
    const tooMany = await api('GET', `${URL}?limit=1000`);
    t.equal(tooMany.statusCode, 400);
    t.equal(tooMany.json().fields.limit, 'Limit must be a whole number from 0 to 100.');
  });

  t.test('unread lists only unread ones, and the critical ones on asking', async (t) => {
    t.strictSame((await page(`${URL}/unread`)).items.map((item) => item.id), [newest, failed, spike, oldest]);
    const critical = await page(`${URL}/unread?minPriority=4`);
    t.strictSame(critical.items.map((item) => item.id), [failed, spike]);
    t.equal(critical.total, 2);
  });

  t.test('marks one read, once: a second mark keeps the first read time', async (t) => {
    const response = await api('PATCH', `${URL}/${spike}/read`);
    t.equal(response.statusCode, 200, response.body);
    const marked = response.json() as Notification;
    t.match(marked, { id: spike, isRead: true, readAt: clock.now().toISOString() });
    clock.advance(MINUTE_MS);
    t.equal(((await api('PATCH', `${URL}/${spike}/read`)).json() as Notification).readAt, marked.readAt);
    const unread = await page(`${URL}/unread`);
    t.strictSame(unread.items.map((item) => item.id), [newest, failed, oldest]);
    t.equal(unread.total, 3);
    t.strictSame((await page(`${URL}/unread?minPriority=4`)).items.map((item) => item.id), [failed]);
  });

  t.test('an unknown id answers 404, a bad one 400', async (t) => {
    const unknown = await api('PATCH', `${URL}/999999/read`);
    t.equal(unknown.statusCode, 404);
    t.equal(unknown.json().message, 'No notification with this id');
    const bad = await api('PATCH', `${URL}/abc/read`);
    t.equal(bad.statusCode, 400);
    t.match(bad.json().fields.id, /^The id in the address must be a whole number above 0\./);
  });

  t.test('marks all read, counting the unread ones', async (t) => {
    t.strictSame((await api('PATCH', `${URL}/mark-all-read`)).json(), { success: true, count: 3 });
    const unread = await page(`${URL}/unread`);
    t.strictSame(unread, { items: [], total: 0 });
    t.ok((await page(URL)).items.every((item) => item.isRead && item.readAt !== null));
    t.strictSame((await api('PATCH', `${URL}/mark-all-read`)).json(), { success: true, count: 0 }, 'nothing left to mark');
  });
});

t.test('read state is each staff member\'s own', async (t) => {
  const { db, clock, call, userWithToken } = await createTestApp(t);
  const admin = await userWithToken('admin');
  const editor = await userWithToken('editor');
  const viewer = await userWithToken('viewer');
  const page = async (token: string, url: string) => {
    const response = await call(token, { method: 'GET', url });
    t.equal(response.statusCode, 200, response.body);
    return response.json() as NotificationPage;
  };
  const unreadIds = async (token: string) => (await page(token, `${URL}/unread`)).items.map((item) => item.id);
  const unreadCount = async (token: string) => (await page(token, `${URL}/unread?limit=1`)).total;
  const criticalIds = async (token: string) => (await page(token, `${URL}/unread?minPriority=4`)).items.map((item) => item.id);
  const mark = (token: string, id: number) => call(token, { method: 'PATCH', url: `${URL}/${id}/read` });
  const markAll = (token: string) => call(token, { method: 'PATCH', url: `${URL}/mark-all-read` });
  const readsOf = async (userId: number) =>
    (await db.sql<{ notificationId: number }[]>`SELECT notification_id FROM notification_reads WHERE admin_user_id = ${userId} ORDER BY notification_id`)
      .map((row) => row.notificationId);

  const start = clock.now().getTime();
  const raise = (minutesAgo: number, fields: Partial<NewNotification>) =>
    createNotification(db.sql, aNotification(fields), new Date(start - minutesAgo * MINUTE_MS));
  const milestone = await raise(30, { title: 'Milestone' });
  const spike = await raise(20, { title: 'Error spike', kind: 'error_spike', type: 'critical', priority: 4 });
  const disconnected = await raise(10, { title: 'Bot disconnected', kind: 'bot_disconnected', type: 'critical', priority: 5 });
  const everyone = [disconnected, spike, milestone];

  t.test('a viewer marking all read leaves the admin\'s unread count and Critical Alerts as they were', async (t) => {
    t.strictSame((await markAll(viewer.token)).json(), { success: true, count: 3 });
    t.strictSame(await unreadIds(viewer.token), [], 'the viewer has read them all');
    t.equal(await unreadCount(admin.token), 3, 'the admin still has 3 unread');
    t.strictSame(await criticalIds(admin.token), [disconnected, spike], 'and both critical alerts');
    t.strictSame(await unreadIds(editor.token), everyone, 'so has the editor');
    t.ok((await page(admin.token, URL)).items.every((item) => !item.isRead && item.readAt === null), 'the admin\'s list shows them unread');
    t.ok((await page(viewer.token, URL)).items.every((item) => item.isRead && item.readAt === clock.now().toISOString()), 'the viewer\'s read');
  });

  t.test('marking one read marks it for the caller alone, keeping their first read time', async (t) => {
    const response = await mark(admin.token, spike);
    t.equal(response.statusCode, 200, response.body);
    t.match(response.json(), { id: spike, isRead: true, readAt: clock.now().toISOString() });
    t.strictSame(await criticalIds(admin.token), [disconnected]);
    t.strictSame(await unreadIds(editor.token), everyone, 'the editor\'s view is unchanged');

    clock.advance(MINUTE_MS);
    const editorMark = (await mark(editor.token, spike)).json() as Notification;
    t.equal(editorMark.readAt, clock.now().toISOString(), 'the editor\'s own read time');
    t.not(editorMark.readAt, (response.json() as Notification).readAt);
    t.equal(((await mark(admin.token, spike)).json() as Notification).readAt, (response.json() as Notification).readAt, 'a second mark keeps the first time');
  });

  t.test('mark all counts and marks only what the caller had not read', async (t) => {
    t.strictSame((await markAll(editor.token)).json(), { success: true, count: 2 });
    t.strictSame(await unreadIds(admin.token), [disconnected, milestone], 'the admin\'s view is unchanged');
    t.strictSame(await readsOf(admin.id), [spike]);
    t.strictSame(await readsOf(editor.id), [milestone, spike, disconnected]);
  });

  t.test('a notification raised later is unread for everyone', async (t) => {
    const later = await createNotification(db.sql, aNotification({ title: 'Later', kind: 'unauthorized_group', type: 'critical', priority: 4 }), clock.now());
    for (const user of [admin, editor, viewer]) {
      t.equal((await unreadIds(user.token))[0], later, `unread for ${user.username}`);
    }
    t.strictSame(await criticalIds(viewer.token), [later]);
    t.equal(await unreadCount(viewer.token), 1);
  });

  t.test('deleting a notification or a staff member takes their reads with them', async (t) => {
    await db.sql`DELETE FROM notifications WHERE id = ${spike}`;
    t.strictSame(await readsOf(admin.id), []);
    t.strictSame(await readsOf(editor.id), [milestone, disconnected]);
    await db.sql`DELETE FROM admin_users WHERE id = ${editor.id}`;
    t.strictSame(await readsOf(editor.id), []);
    t.equal(await unreadCount(admin.token), 3, 'the admin\'s view is unchanged');
  });
});

t.test('notification settings', async (t) => {
  const { db, call, userWithToken } = await createTestApp(t);
  const admin = await userWithToken('admin');
  const viewer = await userWithToken('viewer');
  const put = (token: string, payload: object) => call(token, { method: 'PUT', url: '/api/notification-settings', payload });
  const valid: NotificationSettings = {
    telegramNotifications: true,
    adminGroupAlerts: false,
    errorAlerts: false,
    dailyReports: true,
    adminTelegramId: 5551234,
    adminGroupId: -1001234567890,
    overdueAlertPercent: 30,
  };

  t.test('all on by default, no ids', async (t) => {
    const response = await call(admin.token, { method: 'GET', url: '/api/notification-settings' });
    t.strictSame(response.json(), {
      telegramNotifications: true,
      adminGroupAlerts: true,
      errorAlerts: true,
      dailyReports: true,
      adminTelegramId: null,
      adminGroupId: null,
      overdueAlertPercent: null,
    });
  });

  t.test('an admin saves them; they are audited and read back', async (t) => {
    const response = await put(admin.token, valid);
    t.equal(response.statusCode, 200, response.body);
    t.strictSame(response.json(), valid);
    t.strictSame((await call(admin.token, { method: 'GET', url: '/api/notification-settings' })).json(), valid);
    const [entry] = await db.sql`SELECT actor_id, action, before, after FROM audit_log WHERE action = 'notification-settings.update'`;
    t.match(entry, { actorId: admin.id, before: { adminTelegramId: null }, after: { adminTelegramId: 5551234, adminGroupId: -1001234567890 } });
  });

  t.test('bad values answer 400 naming the field', async (t) => {
    for (const [change, field, message] of [
      [{ adminGroupId: 12345 }, 'adminGroupId', "Admin group ID must be the group's chat ID: a negative whole number, such as -1001234567890, or left empty."],
      [{ adminGroupId: -1.5 }, 'adminGroupId', "Admin group ID must be the group's chat ID: a negative whole number, such as -1001234567890, or left empty."],
      [{ adminTelegramId: '12' }, 'adminTelegramId', "Admin Telegram ID must be the admin's Telegram user ID: a whole number above 0, such as 123456789, or left empty."],
      [{ adminTelegramId: -5 }, 'adminTelegramId', "Admin Telegram ID must be the admin's Telegram user ID: a whole number above 0, such as 123456789, or left empty."],
      [{ errorAlerts: 'yes' }, 'errorAlerts', 'Error alerts must be on or off (true or false).'],
      [{ overdueAlertPercent: 0 }, 'overdueAlertPercent', 'Overdue alert must be a whole percent from 1 to 100, or left empty.'],
      [{ overdueAlertPercent: 101 }, 'overdueAlertPercent', 'Overdue alert must be a whole percent from 1 to 100, or left empty.'],
      [{ overdueAlertPercent: 12.5 }, 'overdueAlertPercent', 'Overdue alert must be a whole percent from 1 to 100, or left empty.'],
    ] as const) {
      const response = await put(admin.token, { ...valid, ...change });
      t.equal(response.statusCode, 400, `${JSON.stringify(change)}: ${response.body}`);
      t.equal(response.json().fields[field], message);
    }
    t.strictSame((await call(admin.token, { method: 'GET', url: '/api/notification-settings' })).json(), valid, 'nothing saved');
  });

  t.test('a save that leaves the overdue alert out keeps it as it was', async (t) => {
    const { overdueAlertPercent: _kept, ...withoutIt } = valid;
    const response = await put(admin.token, { ...withoutIt, dailyReports: false });
    t.equal(response.statusCode, 200, response.body);
    t.strictSame(response.json(), { ...valid, dailyReports: false });
    await put(admin.token, valid);
  });

  t.test('a viewer may neither read nor save them', async (t) => {
    t.equal((await call(viewer.token, { method: 'GET', url: '/api/notification-settings' })).statusCode, 403);
    t.equal((await put(viewer.token, valid)).statusCode, 403);
  });
});
