import t from 'tap';
import { getHeapStatistics } from 'node:v8';
import { createTestApp } from '../helpers/app.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { getNotificationSettings, saveNotificationSettings } from '../../sql/notification-settings.js';
import { TELEGRAM_ALERTS_UNADDRESSED } from '../../api/contract/notifications.js';
import type { BotStatusReport } from '../../api/ports.js';

let bot: BotStatusReport = { state: 'running', mode: 'webhook', lastUpdateAt: new Date('2026-11-21T09:58:00Z') };
const { db, clock, call, userWithToken } = await createTestApp(t, { botStatus: () => bot });
const viewer = await userWithToken('viewer');
const HOUR_MS = 60 * 60 * 1000;

const health = async () => {
  const response = await call(viewer.token, { method: 'GET', url: '/api/system-health' });
  t.equal(response.statusCode, 200);
  return response.json();
};
/** Log rows as the bot writes them, `minutesAgo` before the test clock. */
async function logs(rows: { level: string; durationMs?: number; minutesAgo?: number }[]) {
  for (const row of rows) {
    await db.sql`INSERT INTO bot_logs (created_at, level, message, duration_ms)
      VALUES (${new Date(clock.now().getTime() - (row.minutesAgo ?? 5) * 60_000)}, ${row.level}, 'test', ${row.durationMs ?? 100})`;
  }
}

t.test('every role reads live values; operational when nothing needs attention', async (t) => {
  await updateSystemSettings(db.sql, { autoBackup: false });
  const body = await health();
  t.match(body, {
    status: 'operational',
    reasons: [],
    checkedAt: '2026-11-21T10:00:00.000Z',
    uptimeSeconds: Number,
    database: { reachable: true, latencyMs: Number },
    bot: { state: 'running', mode: 'webhook', lastUpdateAt: '2026-11-21T09:58:00.000Z' },
    broadcastQueueDepth: 0,
    lastHour: { requests: 0, errors: 0, errorRate: null, slowResponses: 0, maxResponseTimeSeconds: 30 },
    backup: { autoBackup: false, lastBackupAt: null, running: false, problem: null },
  });
  t.ok(body.database.latencyMs >= 0);
  t.ok(body.memory.rssBytes > 0 && body.memory.heapUsedBytes > 0 && body.memory.heapUsedBytes > 0, 'memory figures');
  t.equal(body.memory.heapLimitBytes, getHeapStatistics().heap_size_limit, "the heap's limit is V8's heap_size_limit, not its current size");
  t.equal((await call(undefined, { method: 'GET', url: '/api/system-health' })).statusCode, 401, 'but not signed out');
});

t.test('the error rate and slow answers of the last hour, from bot_logs', async (t) => {
  await logs([
    ...Array.from({ length: 8 }, () => ({ level: 'INFO' })),
    { level: 'ERROR' },
    { level: 'WARN', durationMs: 31_000 },
    { level: 'ERROR', minutesAgo: 61 },
    { level: 'INFO', durationMs: 45_000, minutesAgo: 90 },
  ]);
  let body = await health();
  t.same(body.lastHour, { requests: 10, errors: 1, errorRate: 10, slowResponses: 1, maxResponseTimeSeconds: 30 }, 'rows older than an hour left out');
  t.equal(body.status, 'degraded');
  t.same(body.reasons, ['10% of requests failed in the last hour', '1 answer took longer than 30 s in the last hour']);

  await updateSystemSettings(db.sql, { maxResponseTimeSeconds: 40 });
  body = await health();
  t.same(body.reasons, ['10% of requests failed in the last hour'], 'the maxResponseTime setting decides what is slow');

  await updateSystemSettings(db.sql, { logLevel: 'WARN' });
  body = await health();
  t.equal(body.lastHour.errorRate, null, 'no rate while successes are not recorded');
  t.same(body.reasons, []);

  // Two hours on (moving the rows back: the viewer's token would not outlive moving the clock).
  await db.sql`UPDATE bot_logs SET created_at = created_at - ${`${2 * HOUR_MS} milliseconds`}::interval`;
  await updateSystemSettings(db.sql, { logLevel: 'INFO', maxResponseTimeSeconds: 30 });
  t.match(await health(), { status: 'operational', lastHour: { requests: 0 } }, 'an hour later they no longer count');
});

t.test('the broadcast queue depth counts the recipients still waiting', async (t) => {
  const [broadcast] = await db.sql<{ id: number }[]>`INSERT INTO broadcasts (title, target_type, status) VALUES ('News', 'all', 'sending') RETURNING id`;
  await db.sql`INSERT INTO broadcast_recipients (broadcast_id, telegram_id, status)
    VALUES (${broadcast!.id}, 1, 'pending'), (${broadcast!.id}, 2, 'pending'), (${broadcast!.id}, 3, 'delivered'), (${broadcast!.id}, 4, 'failed')`;
  t.equal((await health()).broadcastQueueDepth, 2);
});

t.test('the bot, maintenance mode and backups each name what is wrong', async (t) => {
  bot = { state: 'failed', lastUpdateAt: null };
  t.same((await health()).reasons, ['The bot could not connect to Telegram']);
  bot = { state: 'failed', lastUpdateAt: null, problem: 'The bot stopped receiving updates: another process polls Telegram with this BOT_TOKEN, or a webhook is set for it' };
  t.same((await health()).reasons, [bot.problem], "the bot's own reason when it has one");
  bot = { state: 'stopped', lastUpdateAt: null };
  t.same((await health()).reasons, ['The bot is not running']);
  bot = { state: 'starting', lastUpdateAt: null };
  t.same((await health()).reasons, [], 'starting is not a fault');

  await updateSystemSettings(db.sql, { maintenanceMode: true, autoBackup: true });
  t.same((await health()).reasons, [
    'Maintenance mode is on: only whitelisted admins are served',
    'Backups cannot run: no data folder (DATA_DIR) is set for them',
  ]);
  await updateSystemSettings(db.sql, { maintenanceMode: false, autoBackup: false });
  t.equal((await health()).status, 'operational');
});

t.test('Telegram alerts with nowhere to go: a warning beside the status, gone once they reach someone', async (t) => {
  await updateSystemSettings(db.sql, { autoBackup: false, maintenanceMode: false, logLevel: 'INFO' });
  const settings = await getNotificationSettings(db.sql);
  t.teardown(() => saveNotificationSettings(db.sql, settings));
  await saveNotificationSettings(db.sql, { ...settings, telegramNotifications: true, dailyReports: false, adminTelegramId: null, adminGroupId: null });
  let body = await health();
  t.equal(body.alerts.problem, TELEGRAM_ALERTS_UNADDRESSED, 'on by default with no admin id: reported');
  t.match(body.alerts.problem, /Enter the admin's Telegram user ID .* in Settings → Notification Settings/, 'saying how to fix it');
  t.notOk(body.reasons.includes(TELEGRAM_ALERTS_UNADDRESSED), 'a warning, not a reason the system is degraded');

  await saveNotificationSettings(db.sql, { ...settings, telegramNotifications: true, adminGroupAlerts: true, adminTelegramId: null, adminGroupId: -1001234567890 });
  t.equal((await health()).alerts.problem, null, 'the admin group takes them');
  await saveNotificationSettings(db.sql, { ...settings, telegramNotifications: true, adminTelegramId: 123456789, adminGroupId: null });
  t.equal((await health()).alerts.problem, null, 'the admin takes them');
  await saveNotificationSettings(db.sql, { ...settings, telegramNotifications: false, dailyReports: true, adminTelegramId: null, adminGroupId: null });
  t.equal((await health()).alerts.problem, TELEGRAM_ALERTS_UNADDRESSED, 'daily reports alone need someone too');
  await saveNotificationSettings(db.sql, { ...settings, telegramNotifications: false, dailyReports: false, adminTelegramId: null, adminGroupId: null });
  body = await health();
  t.equal(body.alerts.problem, null, 'all off: nothing to warn about');
});
