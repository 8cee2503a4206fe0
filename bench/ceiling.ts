/**
 * The framework's ceiling: the product's bot and a bare grammY runner bot with a fixed
 * reply, each long-polling the same fake Bot API (bench/fake-bot-api.ts, in a process of its own)
 * with the same load: users of one authorized group sending location updates all at once. Both bots
 * run in this process, one after the other, sample by sample: the product's bot as `npm start` runs
 * it (the built JavaScript of dist/, see buildProduct), on the benchmark's database connection, beside
 * an idle product. The figure is the ratio of their answered updates per second. The product's bot is
 * measured with its metrics off and on (a Prometheus registry, as METRICS_TOKEN gives it), sample by
 * sample too, so the cost of recording shows as the difference of the two ratios.
 */
import { Bot } from 'grammy';
import { run } from '@grammyjs/runner';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBot } from '../bot/create-bot.js';
import { NO_BOT_METRICS, type BotMetrics } from '../bot/metrics.js';
import { createMetrics } from '../scripts/metrics.js';
import type { Client } from '../sql/database.js';
import type { BenchContext } from './context.js';
import { scaled } from './context.js';
import { FAKE_BOT, type LoadProgress } from './fake-bot-api.js';
import { loadAnswered, queueLoad, spawnFakeBotApi } from './fake-bot-api-process.js';
import type { Figure } from './report.js';
import { addSteadyGroupMembers, ANSWER_WITH_CONTACTS, BENCH_FLOOD_CONTROL, percentiles } from './support.js';

type Point = { latitude: number; longitude: number };

const CEILING_GROUP_ID = -1_009_000_000_002;
const FIRST_USER_ID = 910_000_000;
const BARE_TOKEN = 'bare-bot';
const BARE_ANSWER_TOKEN = 'bare-answer-bot';
const PRODUCT_TOKEN = 'product-bot';
const SAMPLES = 3;
const BARE_ANSWER = 'fixed';

/** One timed load through one bot. */
interface Sample {
  updatesPerSecond: number;
  progress: LoadProgress;
  /** CPU time of this process (every thread: the bot's, the garbage collector's, the embedded database's) per answer, in µs. */
  cpuUsPerAnswer: number;
}

/** Measures both bots against the same loads; the figures go into the Bot section. */
export async function measureCeiling(context: BenchContext, point: () => Point) {
  // The load follows the length of the timed loads (BENCH_LOAD_SECONDS, 3 by default), not the data
  // set's scale: a smaller data set on the embedded database still gets the load.
  const load = { scale: context.loadSeconds / 3 };
  const users = scaled(load, 300, 10);
  const updates = scaled(load, 3000, 100);
  const senders = Array.from({ length: users }, (_, index) => FIRST_USER_ID + index);
  await addSteadyGroupMembers(context.sql, { id: CEILING_GROUP_ID, name: 'Ceiling benchmark group' }, senders);
  await context.sql`VACUUM ANALYZE user_memberships`;
  // The budget: the product's bot at least half as fast as a bare grammY bot sending
  // the same answer, on either database; the ratio to a one-word reply is reported without one.
  const target = 0.5;

  const fake = await spawnFakeBotApi();
  const bare = new Bot(BARE_TOKEN, { client: { apiRoot: fake.url }, botInfo: FAKE_BOT });
  bare.on('message:location', (ctx) => ctx.reply(BARE_ANSWER));
  const bareRunner = run(bare);
  // The same bare bot, replying with one of the product's answers (text and buttons) instead of a word:
  // what a bot that does nothing but send answers this size costs the framework.
  let productAnswer: { text: string; other: Record<string, unknown> } | undefined;
  const bareWithAnswer = new Bot(BARE_ANSWER_TOKEN, { client: { apiRoot: fake.url }, botInfo: FAKE_BOT });
  bareWithAnswer.on('message:location', (ctx) => ctx.reply(productAnswer!.text, productAnswer!.other as Parameters<typeof ctx.reply>[1]));
  const bareWithAnswerRunner = run(bareWithAnswer);
  const botErrors: string[] = [];
  const fromBuild = context.botFrom === 'build';
  // One bot, its metrics switched between samples: two bots would share the fake's bot id and update ids.
  const registry = (fromBuild ? await built<{ createMetrics: typeof createMetrics }>('scripts/metrics.js') : { createMetrics }).createMetrics({
    logRowsPending: () => product.recorder.pendingRows(),
    dbPoolWaiting: () => context.product.database.waitingQueries(),
  });
  let metrics: BotMetrics = NO_BOT_METRICS;
  const product = (fromBuild ? (await built<{ createBot: typeof createBot }>('bot/create-bot.js')).createBot : createBot)({
    sql: context.sql,
    token: PRODUCT_TOKEN,
    apiRoot: fake.url,
    dataDir: null,
    floodControl: BENCH_FLOOD_CONTROL,
    onError: (error) => botErrors.push(error instanceof Error ? error.message : String(error)),
    metrics: {
      updateHandled: (outcome, seconds) => metrics.updateHandled(outcome, seconds),
      broadcastMessage: (status) => metrics.broadcastMessage(status),
    },
  });
  let capturing = true;
  product.api.config.use((prev, method, payload, signal) => {
    const sent = payload as { chat_id?: unknown; text?: unknown } & Record<string, unknown>;
    // The longest answer of the warm-up: one with a whole page of contacts and their buttons.
    if (capturing && method === 'sendMessage' && typeof sent.text === 'string' && sent.text.includes(ANSWER_WITH_CONTACTS) && sent.text.length > (productAnswer?.text.length ?? 0)) {
      const { chat_id: _chat, text: _text, ...other } = sent;
      productAnswer = { text: sent.text, other };
    }
    return prev(method, payload, signal);
  });
  const logsBefore = await countLogs(context.sql, senders);
  try {
    await product.start();
    const locations = (token: string, expectText: string, count: number) => ({ token, senders, points: Array.from({ length: count }, point), expectText });
    const timed = async (token: string, expectText: string): Promise<Sample> => {
      const cpuBefore = process.cpuUsage();
      await queueLoad(fake.url, locations(token, expectText, updates));
      const progress = await loadAnswered(fake.url, token);
      const cpu = process.cpuUsage(cpuBefore);
      return {
        updatesPerSecond: Math.round((progress.answered / progress.elapsedMs) * 1000),
        progress,
        cpuUsPerAnswer: Math.round((cpu.user + cpu.system) / progress.answered),
      };
    };
    // Warm-up, untimed, one whole load each: every user known to the product, and each bot's code
    // optimised as it runs in the steady state (the product has far more code for the JIT to settle;
    // a warm-up of one update per user left its first sample a third slower than the rest).
    for (const [token, expectText] of [[BARE_TOKEN, BARE_ANSWER], [PRODUCT_TOKEN, ANSWER_WITH_CONTACTS]] as const) {
      await queueLoad(fake.url, locations(token, expectText, updates));
      await loadAnswered(fake.url, token);
    }
    capturing = false;
    if (!productAnswer) throw new Error('the product answered no location with contacts during the warm-up');
    await queueLoad(fake.url, locations(BARE_ANSWER_TOKEN, ANSWER_WITH_CONTACTS, updates));
    await loadAnswered(fake.url, BARE_ANSWER_TOKEN);
    await context.product.jobs.whenIdle();
    // Alternately, so that a change in the shared machine's load falls on both alike.
    const bareSamples: Sample[] = [];
    const bareAnswerSamples: Sample[] = [];
    const productSamples: Sample[] = [];
    const productMetricsSamples: Sample[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      bareSamples.push(await timed(BARE_TOKEN, BARE_ANSWER));
      bareAnswerSamples.push(await timed(BARE_ANSWER_TOKEN, ANSWER_WITH_CONTACTS));
      metrics = NO_BOT_METRICS;
      productSamples.push(await timed(PRODUCT_TOKEN, ANSWER_WITH_CONTACTS));
      metrics = registry;
      productMetricsSamples.push(await timed(PRODUCT_TOKEN, ANSWER_WITH_CONTACTS));
      metrics = NO_BOT_METRICS;
      console.log(
        `  ceiling sample ${index + 1} (CPU µs per answer ${[bareSamples, bareAnswerSamples, productSamples, productMetricsSamples].map((samples) => samples.at(-1)!.cpuUsPerAnswer).join(' / ')}): ` +
          `bare ${bareSamples.at(-1)!.updatesPerSecond}/s, ` +
          `bare with the product's answer ${bareAnswerSamples.at(-1)!.updatesPerSecond}/s, product ${productSamples.at(-1)!.updatesPerSecond}/s, ` +
          `product with metrics ${productMetricsSamples.at(-1)!.updatesPerSecond}/s`,
      );
    }
    const answeredWithMetrics = await registry.exposition().then(({ text }) => /^medcontacts_bot_updates_total\{outcome="answered"\} (\d+)$/m.exec(text)?.[1]);
    const statements = await countStatements(context.sql, async () => {
      await queueLoad(fake.url, locations(PRODUCT_TOKEN, ANSWER_WITH_CONTACTS, users));
      const progress = await loadAnswered(fake.url, PRODUCT_TOKEN);
      await product.recorder.flush();
      return progress.answered;
    });
    await product.recorder.flush();
    // The product's warm-up, the statements' pass, the samples with metrics off and on.
    const handled = updates + users + 2 * updates * SAMPLES;
    const checks = {
      logRows: (await countLogs(context.sql, senders)) - logsBefore,
      searchesCounted: await countSearchesToday(context.sql, senders),
      expectedRows: handled,
      botErrors: botErrors.length,
      firstBotErrors: [...new Set(botErrors)].slice(0, 3),
    };
    const bareMedian = median(bareSamples.map((sample) => sample.updatesPerSecond));
    const bareAnswerMedian = median(bareAnswerSamples.map((sample) => sample.updatesPerSecond));
    const productMedian = median(productSamples.map((sample) => sample.updatesPerSecond));
    const productMetricsMedian = median(productMetricsSamples.map((sample) => sample.updatesPerSecond));
    const ratio = Math.round((productMedian / bareMedian) * 100) / 100;
    const ratioWithMetrics = Math.round((productMetricsMedian / bareMedian) * 100) / 100;
    const wrong = [...productSamples, ...productMetricsSamples].reduce((sum, { progress }) => sum + progress.answered - progress.answeredAsExpected + progress.unexpected, 0);
    const fakeCpu = (samples: Sample[]) =>
      Math.round((100 * samples.reduce((sum, { progress }) => sum + progress.fakeCpuMs, 0)) / samples.reduce((sum, { progress }) => sum + progress.elapsedMs, 0));
    const perSample = (samples: Sample[]) => samples.map((sample) => sample.updatesPerSecond.toLocaleString('en')).join(', ');
    // CPU per answer moves less with the shared machine's load than answers per second do.
    const cpuPerAnswer = (samples: Sample[]) => `this process's CPU per answer ${median(samples.map((sample) => sample.cpuUsPerAnswer))} µs (median)`;
    const loadText = `${updates.toLocaleString('en')} location updates from ${users} users queued at once, ${SAMPLES} samples`;
    const figures: Figure[] = [
      {
        metric: 'Framework ceiling: bare grammY runner bot, fixed reply',
        value: bareMedian,
        unit: 'updates/s',
        detail: `median; ${loadText}: ${perSample(bareSamples)}; fake Bot API (own process) CPU ${fakeCpu(bareSamples)} % of the time; ${cpuPerAnswer(bareSamples)}`,
      },
      {
        metric: 'Framework ceiling: bare grammY runner bot, the product\'s answer as its fixed reply',
        value: bareAnswerMedian,
        unit: 'updates/s',
        detail:
          `median; ${perSample(bareAnswerSamples)}; one answer of the product (${productAnswer.text.length.toLocaleString('en')} characters, ` +
          `${countButtons(productAnswer.other)} buttons) sent to every location; fake Bot API CPU ${fakeCpu(bareAnswerSamples)} %; ${cpuPerAnswer(bareAnswerSamples)}`,
      },
      {
        metric: 'Framework ceiling: the product\'s bot, same load',
        value: productMedian,
        unit: 'updates/s',
        detail:
          `median; ${perSample(productSamples)}; ${wrong} answers without contacts or to the wrong chat; ` +
          `log rows ${checks.logRows.toLocaleString('en')} and searches counted ${checks.searchesCounted.toLocaleString('en')} of ${handled.toLocaleString('en')}; ` +
          `${statements.perAnswer} SQL statements per answer (untimed pass); ${checks.botErrors} bot errors; fake Bot API CPU ${fakeCpu(productSamples)} %; ` +
          `${cpuPerAnswer(productSamples)}${context.product.database.kind === 'embedded' ? ', the embedded database\'s thread with it' : ''}; ` +
          (context.botFrom === 'build' ? 'the built bot (dist/)' : 'the bot from its sources, through tsx'),
      },
      {
        metric: 'Framework ceiling: the product\'s bot with metrics on, same load',
        value: productMetricsMedian,
        unit: 'updates/s',
        detail:
          `median; ${perSample(productMetricsSamples)}; each sample right after one with metrics off; ` +
          `${answeredWithMetrics ?? 'no'} updates counted answered by the registry; fake Bot API CPU ${fakeCpu(productMetricsSamples)} %`,
      },
      {
        metric: 'Framework ceiling: ours / bare',
        value: ratio,
        unit: '×',
        detail: 'the medians above, metrics off: against a bare bot replying one word',
      },
      {
        metric: 'Framework ceiling: ours with metrics on / bare',
        value: ratioWithMetrics,
        unit: '×',
        detail: `the same bot with its metrics recorded into a Prometheus registry, samples interleaved with those above: the difference to "ours / bare" is what recording costs`,
      },
      {
        metric: 'Framework ceiling: ours / bare with the same answer',
        value: Math.round((productMedian / bareAnswerMedian) * 100) / 100,
        unit: '×',
        target: { op: '>=', value: target },
        detail: `the product against the bare bot sending the product's answer (same text, parse mode and buttons), metrics off, on the ${context.product.database.kind} database: the product's own work, not the answer's size`,
      },
    ];
    return { figures, raw: { users, updates, target, bareSamples, bareAnswerSamples, productSamples, productMetricsSamples, statements, checks } };
  } finally {
    await product.stop();
    if (bareRunner.isRunning()) await bareRunner.stop();
    if (bareWithAnswerRunner.isRunning()) await bareWithAnswerRunner.stop();
    await fake.close();
  }
}

/**
 * A module of the bot as the build compiled it, not as tsx transforms the sources this benchmark runs from: tsx
 * wraps every named closure created at run time in a call that sets its name, which cost the product
 * a fifth of its time per answer here, and the bare bot (grammY's own JavaScript) pays nothing of it.
 */
async function built<T>(module: string): Promise<T> {
  const url = new URL(`../dist/${module}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error('the framework ceiling runs the built bot: npm run build:server first (or run without BENCH_SKIP_BUILD)');
  return (await import(url.href)) as T;
}

/**
 * SQL statements sent on the whole pool while `work` runs, per answer `work` reports: postgres.js
 * calls its `debug` option for every statement it sends. Switched on for this pass only.
 */
async function countStatements(sql: Client, work: () => Promise<number>) {
  let statements = 0;
  sql.options.debug = () => {
    statements += 1;
  };
  try {
    const answers = await work();
    return { statements, answers, perAnswer: Math.round((statements / answers) * 10) / 10 };
  } finally {
    sql.options.debug = false;
  }
}

async function countLogs(sql: Client, senders: number[]): Promise<number> {
  const [row] = await sql<{ rows: number }[]>`SELECT count(*)::int AS rows FROM bot_logs WHERE user_id = ANY(${senders}::bigint[])`;
  return row!.rows;
}

async function countSearchesToday(sql: Client, senders: number[]): Promise<number> {
  const [row] = await sql<{ used: number }[]>`
    SELECT coalesce(sum(used), 0)::int AS used FROM daily_usage WHERE telegram_id = ANY(${senders}::bigint[]) AND usage_date >= current_date - 1`;
  return row!.used;
}

function countButtons(other: { reply_markup?: unknown }): number {
  const markup = other.reply_markup as { inline_keyboard?: unknown[][] } | undefined;
  return markup?.inline_keyboard?.flat().length ?? 0;
}

/** The median of an odd number of samples. */
const median = (values: number[]) => Math.round(percentiles(values).p50);
