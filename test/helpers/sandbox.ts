import type { Test } from 'tap';
import { createBotSandbox } from '../../bot/sandbox.js';
import type { Sql } from '../../sql/database.js';
import type { TelegramSimulator } from '../../bot/simulator/index.js';
import { createBotHarness, type BotHarness } from './bot.js';
import { createTestApp, type TestApp } from './app.js';

let sequence = 0;
const nextNumber = () => 70_000 + (sequence += 1);

/** The API with the Bot Sandbox over a real bot long-polling the simulator, on one database and clock. */
export async function createSandboxApp(t: Test): Promise<TestApp & { bot: BotHarness }> {
  const bot = await createBotHarness(t);
  const testApp = await createTestApp(t, { db: bot.db, clock: bot.clock, sandbox: createBotSandbox(bot.sim, bot.medBot), botUsername: () => bot.sim.botInfo.username });
  return { ...testApp, bot };
}

/**
 * An authorized group: its row, and the simulated group with an owner and the bot as an
 * administrator (so Telegram tells it who joins and leaves). Resolves once the bot has been told.
 */
export async function anAuthorizedGroup(
  deps: { sql: Sql; sim: TelegramSimulator; handled?: (updateId: number) => Promise<void> },
  spec: { title?: string; dailyLimit?: number } = {},
): Promise<{ id: number; title: string }> {
  const id = -(1_000_000_000_000 + nextNumber());
  const title = spec.title ?? `Clinic group ${-id}`;
  await deps.sql`
    INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (${id}, ${title}, ${spec.dailyLimit ?? 3})`;
  const owner = deps.sim.upsertUser({ id: nextNumber(), first_name: 'Owner' });
  deps.sim.createGroup({ id, title, type: 'supergroup' });
  deps.sim.addMember(id, owner.id, 'creator');
  const added = deps.sim.addBot(id, owner.id, 'administrator');
  if (added && deps.handled) await deps.handled(added.update_id);
  return { id, title };
}

/** An active medical contact at the given point. */
export async function aContactAt(sql: Sql, spec: { name: string; city: string; country: string; latitude: number; longitude: number }): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, country, latitude, longitude, verified)
    VALUES (${spec.name}, ${`+1 555 01${String(nextNumber() % 100).padStart(2, '0')}`}, 'General practice',
      ${spec.city}, ${spec.country}, ${spec.latitude}, ${spec.longitude}, true)
    RETURNING id`;
  return row!.id;
}

/** Puts a Telegram user on the active admin whitelist. */
export async function whitelist(sql: Sql, telegramId: number): Promise<void> {
  await sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${telegramId}, 'Whitelisted', 'test')`;
}
