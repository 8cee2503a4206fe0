import t from 'tap';
import { loadConfig } from '../../scripts/config.js';
import { startProduct, type RunningProduct } from '../../scripts/product.js';
import { createTelegramSimulator } from '../../bot/simulator/index.js';
import { insertBroadcast } from '../../sql/broadcasts.js';
import { createTestDatabase } from '../helpers/database.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { freePort } from '../helpers/child-env.js';
import { someBotUsers, untilFinished } from '../helpers/broadcasts.js';
import { until } from '../helpers/wait.js';

const CHECK_MS = 200;

t.test(
  'two instances on one database: a broadcast goes out once between them, and the other takes over when the leader stops',
  { skip: process.env.TEST_DATABASE_URL ? false : 'two instances need one PostgreSQL server (TEST_DATABASE_URL); an embedded database is one process' },
  async (t) => {
    // One Telegram for both, as in production; it posts updates to the first instance, as a load balancer might.
    const telegram = await createTelegramSimulator({ token: '777003:TWO-INSTANCES' });
    t.teardown(() => telegram.close());
    const db = await createTestDatabase({ migrate: false });
    t.teardown(() => db.close());

    const start = async (): Promise<RunningProduct> => {
      const port = await freePort();
      const config = loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'off',
        BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        BOT_MODE: 'webhook',
        WEBHOOK_URL: 'https://bot.example.com/api/telegram-webhook',
        WEBHOOK_SECRET: 'two-instances',
      });
      if (!telegram.webhook) telegram.forwardWebhookTo(`http://127.0.0.1:${port}`);
      const product = await startProduct({ ...config, dataDir: null, databaseUrl: db.url, gazetteerFilter: LARGE_CITIES, leadershipCheckMs: CHECK_MS });
      t.teardown(() => product.stop());
      return product;
    };
    const first = await start();
    const second = await start();
    t.equal(first.leadership.isLeader(), true, 'the first instance leads');
    t.equal(second.leadership.isLeader(), false, 'the second follows');

    const { sql } = db;
    await sql`UPDATE system_settings SET broadcast_rate_per_second = 100`;
    const ids = await someBotUsers(sql, 40, 810_000, telegram);
    const received = new Map<number, string[]>();
    telegram.events.on('botMessage', (chatId, message) => received.set(chatId, [...(received.get(chatId) ?? []), message.text ?? '']));
    const broadcast = async (title: string) => {
      const queued = await insertBroadcast(sql, { title, content: `${title} for {first_name}`, templateId: null, targetType: 'all', createdBy: null, telegramIds: null }, new Date());
      t.equal(await untilFinished(sql, queued!.id, 30_000), 'sent', `${title} was sent`);
      const [row] = await sql<{ successCount: number; failureCount: number }[]>`SELECT success_count, failure_count FROM broadcasts WHERE id = ${queued!.id}`;
      t.same(row, { successCount: ids.length, failureCount: 0 }, `${title}: every recipient delivered`);
    };

    await broadcast('First');
    t.same(
      ids.filter((id) => received.get(id)?.length !== 1),
      [],
      'each recipient got the first broadcast exactly once',
    );
    t.same(received.get(ids[0]!), [`First for Ann ${ids[0]}`]);

    await first.stop();
    await until(() => second.leadership.isLeader(), 'the second instance to take over once the first stopped');

    await broadcast('Second');
    t.same(
      ids.filter((id) => received.get(id)?.join('|') !== `First for Ann ${id}|Second for Ann ${id}`),
      [],
      'each recipient got each broadcast exactly once',
    );
  },
);
