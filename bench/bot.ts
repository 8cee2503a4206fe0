/**
 * The bot's figures: in-process lookup latency over the generated contacts,
 * answered location updates per second end to end through the product's bot and simulator, with
 * logging on, and the product's bot against a bare grammY bot on a fake Bot API (bench/ceiling.ts).
 */
import { mirrorGroup } from '../bot/simulator/populate.js';
import type { Sql } from '../sql/database.js';
import type { BenchSection } from './report.js';
import { scaled, type BenchContext } from './context.js';
import { measureDirectoryAlone, townPoints } from './directory.js';
import { addSteadyGroupMembers, ANSWER_WITH_CONTACTS, percentiles } from './support.js';
import { measureCeiling } from './ceiling.js';

const IN_FLIGHT = 100;
const WARM_UP_MS = 2000;
/** Benchmark users, apart from the generated ones: members of one group with no practical daily limit. */
const FIRST_SENDER_ID = 900_000_000;
const SENDERS = 2000;
const BENCH_GROUP_ID = -1_009_000_000_001;
/** Users who write for the first time, each checked against every authorized group. */
const NEWCOMERS = 5;

export async function measureBot(context: BenchContext): Promise<BenchSection> {
  const point = townPoints(context.dataset.towns);
  const lookup = await measureDirectoryAlone(context, scaled(context, 3000, 300));
  const endToEnd = await measureUpdates(context, point);
  const ceiling = await measureCeiling(context, point);
  const { p50, p95, p99, n } = lookup.ms;
  const e2e = endToEnd.latencyMs;
  return {
    title: 'Bot',
    figures: [
      {
        metric: 'Lookup latency p99 (in process, from memory)',
        value: p99,
        unit: 'ms',
        target: { op: '<', value: 1 },
        detail: `n = ${n.toLocaleString('en')}; p50 ${p50}, p95 ${p95}; ${lookup.averageResults} results each`,
      },
      {
        metric: `Memory for the contact directory kept by the bot (${lookup.contacts.toLocaleString('en')} findable contacts)`,
        value: lookup.directoryMb,
        unit: 'MB',
        detail: `JavaScript heap and array buffers grown by loading it, after a full collection before and after, ${lookup.where}`,
      },
      {
        metric: 'Answered location updates end to end',
        value: endToEnd.updatesPerSecond,
        unit: 'updates/s',
        target: { op: '>=', value: 500 },
        detail: `n = ${endToEnd.handled.toLocaleString('en')} in ${endToEnd.seconds} s, ${IN_FLIGHT} in flight, ${endToEnd.answeredWithResults.toLocaleString('en')} answered with contacts; latency p50 ${e2e.p50}, p95 ${e2e.p95}, p99 ${e2e.p99} ms; ${endToEnd.errors} errors`,
      },
      {
        metric: `A new user's first answer (checked against ${context.dataset.sizes.groups + 1} groups)`,
        value: endToEnd.firstMessageMs.p50,
        unit: 'ms',
        detail: `n = ${endToEnd.firstMessageMs.n}; p95 ${endToEnd.firstMessageMs.p95}, max ${endToEnd.firstMessageMs.max} ms`,
      },
      ...ceiling.figures,
    ],
    raw: { lookup, endToEnd, ceiling: ceiling.raw },
  };
}

/**
 * Benchmark users in a group with a daily limit nobody reaches send locations, IN_FLIGHT at a
 * time, to the running product's bot; each counts once the bot has answered and logged it.
 */
async function measureUpdates(context: BenchContext, point: () => { latitude: number; longitude: number }) {
  const { sql, product } = context;
  const sim = product.simulator;
  if (!sim) throw new Error('the bot benchmark needs the built-in Telegram simulator (no BOT_TOKEN)');
  const senders = Array.from({ length: SENDERS }, (_, index) => FIRST_SENDER_ID + index);
  await addSteadyGroupMembers(sql, { id: BENCH_GROUP_ID, name: 'Benchmark group' }, senders);
  const newcomers = Array.from({ length: NEWCOMERS }, (_, index) => FIRST_SENDER_ID + SENDERS + index);
  for (const id of [...senders, ...newcomers]) sim.upsertUser({ id, first_name: `Sender ${id}` });
  mirrorGroup(
    sim,
    { groupId: BENCH_GROUP_ID, groupName: 'Benchmark group', groupType: 'supergroup', isActive: true },
    { ownerId: undefined, memberIds: [...senders, ...newcomers] },
  );
  const firstMessageMs = await measureFirstMessages(context, newcomers, point);
  // The steady state: the statistics and visibility that autovacuum would have brought up to date
  // after the million memberships above (its own run would otherwise land inside the measurement),
  // and none of the product's jobs still busy with what the sections before this one wrote.
  await sql`VACUUM ANALYZE user_memberships, telegram_users, daily_usage`;
  await product.jobs.whenIdle();

  const seconds = context.loadSeconds * 3;
  const errors: string[] = [];
  const latencies: number[] = [];
  let answeredWithResults = 0;
  const onMessage = (_chatId: number, message: { text?: string }) => {
    if (measuring && message.text?.includes(ANSWER_WITH_CONTACTS)) answeredWithResults += 1;
  };
  sim.events.on('botMessage', onMessage);
  const logsBefore = await countLogs(sql);
  const warmUntil = performance.now() + WARM_UP_MS;
  let measuring = false;
  let measureFrom = 0;
  let stopAt = Number.POSITIVE_INFINITY;
  const worker = async (index: number) => {
    while (performance.now() < stopAt) {
      const before = performance.now();
      try {
        const { update_id } = sim.sendLocation(senders[(index * 7919 + latencies.length) % SENDERS]!, point());
        await product.bot.whenHandled(update_id, 30_000);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
        continue;
      }
      if (measuring) latencies.push(performance.now() - before);
      else if (performance.now() >= warmUntil) {
        measuring = true;
        measureFrom = performance.now();
        stopAt = measureFrom + seconds * 1000;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, index) => worker(index)));
  const elapsedS = (performance.now() - measureFrom) / 1000;
  sim.events.off('botMessage', onMessage);
  await product.bot.recorder.flush();
  const logsAfter = await countLogs(sql);
  return {
    updatesPerSecond: Math.round(latencies.length / elapsedS),
    handled: latencies.length,
    seconds: Math.round(elapsedS * 10) / 10,
    inFlight: IN_FLIGHT,
    senders: SENDERS,
    answeredWithResults,
    logRowsWritten: logsAfter - logsBefore,
    errors: errors.length,
    firstErrors: [...new Set(errors)].slice(0, 3),
    latencyMs: percentiles(latencies),
    firstMessageMs,
  };
}

/**
 * A user the bot has never seen is checked with Telegram against every authorized group before
 * the first answer: that first message's latency, one newcomer at a time.
 */
async function measureFirstMessages(context: BenchContext, newcomers: number[], point: () => { latitude: number; longitude: number }) {
  const { product } = context;
  const samples: number[] = [];
  for (const id of newcomers) {
    const before = performance.now();
    const { update_id } = product.simulator!.sendLocation(id, point());
    await product.bot.whenHandled(update_id, 60_000);
    samples.push(performance.now() - before);
  }
  return percentiles(samples);
}

async function countLogs(sql: Sql): Promise<number> {
  const [row] = await sql<{ logs: number }[]>`SELECT count(*)::int AS logs FROM bot_logs`;
  return row!.logs;
}
