/**
 * Broadcast delivery: the running product's broadcast sender works a queued
 * broadcast to generated bot users through the simulator, first with the simulator (and the
 * sender's setting) at 30 messages/s, then with no limit on either.
 */
import { insertBroadcast } from '../sql/broadcasts.js';
import { getSystemSettings, updateSystemSettings } from '../sql/settings.js';
import { busiestWindow, untilFinished } from '../test/helpers/broadcasts.js';
import type { BenchSection } from './report.js';
import { scaled, type BenchContext } from './context.js';
import { FIRST_USER_ID } from './dataset.js';

const LIMIT = 30;
/** The sender's setting for "no limit": far above what it can reach. */
const UNLIMITED_SETTING = 1_000_000;

interface DeliveryRun {
  recipients: number;
  delivered: number;
  seconds: number;
  perSecond: number;
  busiestOneSecondWindow: number;
  status: string;
}

export async function measureBroadcast(context: BenchContext): Promise<BenchSection> {
  const limited = await deliver(context, LIMIT, scaled(context, 600, 60), 0);
  console.log(`  limited to ${LIMIT}/s: ${limited.perSecond}/s over ${limited.delivered} recipients`);
  const unlimited = await deliver(context, null, scaled(context, 5000, 500), limited.recipients);
  console.log(`  no limit: ${unlimited.perSecond}/s over ${unlimited.delivered} recipients`);
  const detail = (run: DeliveryRun) =>
    `n = ${run.delivered.toLocaleString('en')} of ${run.recipients.toLocaleString('en')} delivered in ${run.seconds} s; busiest one-second window ${run.busiestOneSecondWindow}`;
  return {
    title: 'Broadcast delivery',
    figures: [
      { metric: `Delivery rate, simulator limited to ${LIMIT}/s`, value: limited.perSecond, unit: 'msg/s', target: { op: '>=', value: 28 }, detail: detail(limited) },
      { metric: 'Busiest one-second window at that limit', value: limited.busiestOneSecondWindow, unit: 'msg', target: { op: '<', value: LIMIT + 1 } },
      { metric: 'Delivery rate, no limit', value: unlimited.perSecond, unit: 'msg/s', target: { op: '>=', value: 1000 }, detail: detail(unlimited) },
    ],
    raw: { limited, unlimited },
  };
}

/** Queues a broadcast to `recipients` users from the `offset`-th and waits for the sender to finish it. */
async function deliver(context: BenchContext, limit: number | null, recipients: number, offset: number): Promise<DeliveryRun> {
  const { sql, product } = context;
  const sim = product.simulator;
  if (!sim) throw new Error('the broadcast benchmark needs the built-in Telegram simulator (no BOT_TOKEN)');
  const { broadcastRatePerSecond: previousRate } = await getSystemSettings(sql);
  await updateSystemSettings(sql, { broadcastRatePerSecond: limit ?? UNLIMITED_SETTING });
  sim.setRateLimit(limit);
  try {
    const before = sim.stats().sendMessageTimestamps.length;
    const telegramIds = Array.from({ length: Math.min(recipients, context.dataset.sizes.botUsers - offset) }, (_, index) => FIRST_USER_ID + offset + index);
    const broadcast = await insertBroadcast(
      sql,
      { title: 'Benchmark', content: 'Hello {first_name}, the clinic opens at 9.', templateId: null, targetType: 'selected', createdBy: null, telegramIds },
      new Date(),
    );
    if (!broadcast) throw new Error('no recipient for the benchmark broadcast');
    const status = await untilFinished(sql, broadcast.id, 600_000);
    const stamps = sim.stats().sendMessageTimestamps.slice(before);
    // The rate over the deliveries themselves: from the first accepted message to the last.
    const span = stamps.length > 1 ? (stamps.at(-1)! - stamps[0]!) / 1000 : 1;
    const [row] = await sql<{ successCount: number }[]>`SELECT success_count FROM broadcasts WHERE id = ${broadcast.id}`;
    return {
      recipients: broadcast.totalRecipients,
      delivered: row!.successCount,
      seconds: Math.round(span * 100) / 100,
      perSecond: Math.round(((stamps.length - 1) / span) * 10) / 10,
      busiestOneSecondWindow: busiestWindow(stamps),
      status,
    };
  } finally {
    sim.setRateLimit(null);
    await updateSystemSettings(sql, { broadcastRatePerSecond: previousRate });
  }
}
