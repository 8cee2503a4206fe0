/**
 * The broadcast figures (issue 5, "Figures to report"): the sustained delivery rate against the Telegram simulator
 * limited to 30 messages/s over 3,000 recipients (target ≥ 28/s, never above 30 in any one-second window), and the
 * engine's overhead with the simulator's limit off (target ≥ 1,000 messages/s).
 *
 *   npx tsx bench/broadcast.ts                  # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/broadcast.ts
 *
 * Options (environment): BENCH_RECIPIENTS (3000), BENCH_RATE (30). Writes bench/results/broadcast.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import { createBroadcastSender } from '../bot/broadcast-sender.js';
import { createTelegramSimulator } from '../bot/simulator/index.js';
import { insertBroadcast } from '../sql/broadcasts.js';
import { openDatabase, type Sql } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { busiestWindow, someBotUsers, untilFinished } from '../test/helpers/broadcasts.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 30);
const TARGETS = { limitedPerSecond: 28, limitedBusiestWindowAtMost: RATE, unlimitedPerSecond: 1000 };

interface Run {
  recipients: number;
  delivered: number;
  seconds: number;
  perSecond: number;
  busiestOneSecondWindow: number;
  status: string;
}

async function run(sql: Sql, api: Api, sim: Awaited<ReturnType<typeof createTelegramSimulator>>, limit: number | null): Promise<Run> {
  sim.setRateLimit(limit);
  const before = sim.stats().sendMessageTimestamps.length;
  const broadcast = (await insertBroadcast(
    sql,
    { title: 'Bench', content: 'Hello {first_name}, the clinic opens at 9.', templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  ))!;
  const sender = createBroadcastSender({ sql, api, ratePerSecond: limit ?? Number.POSITIVE_INFINITY, pollMs: 20 });
  const started = performance.now();
  await sender.start();
  const status = await untilFinished(sql, broadcast.id, 600_000);
  await sender.stop();
  const stamps = sim.stats().sendMessageTimestamps.slice(before);
  // The rate over the deliveries themselves: from the first accepted message to the last.
  const span = stamps.length > 1 ? (stamps.at(-1)! - stamps[0]!) / 1000 : (performance.now() - started) / 1000;
  const [row] = await sql<{ successCount: number }[]>`SELECT success_count FROM broadcasts WHERE id = ${broadcast.id}`;
  return {
    recipients: broadcast.totalRecipients,
    delivered: row!.successCount,
    seconds: Math.round(span * 100) / 100,
    perSecond: Math.round(((stamps.length - 1) / span) * 10) / 10,
    busiestOneSecondWindow: busiestWindow(stamps),
    status,
  };
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: null });
  const sim = await createTelegramSimulator();
  try {
    await runMigrations(database.sql);
    await database.sql`DELETE FROM telegram_users WHERE telegram_id >= 3000000 AND telegram_id < 3100000`;
    await someBotUsers(database.sql, RECIPIENTS, 3_000_000, sim);
    const api = new Api(sim.token, { apiRoot: sim.apiRoot });

    const limited = await run(database.sql, api, sim, RATE);
    console.log(`limited to ${RATE}/s: ${limited.perSecond}/s over ${limited.delivered} recipients (${limited.seconds} s), busiest one-second window ${limited.busiestOneSecondWindow}`);
    const unlimited = await run(database.sql, api, sim, null);
    console.log(`limit off: ${unlimited.perSecond}/s over ${unlimited.delivered} recipients (${unlimited.seconds} s)`);

    const results = {
      date: new Date().toISOString(),
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      settings: { recipients: RECIPIENTS, ratePerSecond: RATE, maxInFlight: 3 },
      targets: TARGETS,
      limited,
      unlimited,
      met: {
        limitedRate: limited.perSecond >= TARGETS.limitedPerSecond,
        limitedWindow: limited.busiestOneSecondWindow <= TARGETS.limitedBusiestWindowAtMost,
        unlimitedRate: unlimited.perSecond >= TARGETS.unlimitedPerSecond,
      },
    };
    const file = path.resolve('bench/results/broadcast.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`written to ${file}`);
  } finally {
    await sim.close();
    await database.close();
  }
}

await main();
