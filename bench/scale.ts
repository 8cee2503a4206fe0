/**
 * Directory at scale: what the bot's contact directory costs as it grows, at the data set's number of
 * contacts (BENCH_CONTACTS sets it, 1,000,000 for a country-sized directory; at scale 1 it is 100,000).
 *
 * - The directory in a process of its own (bench/directory-main.ts, --expose-gc): the heap it takes per
 *   contact and the nearest-contact lookup's latency from memory.
 * - The console's contact list at 20 connections (bench/api.ts's cases), against the benchmark's product.
 * - Two instances of the product (`npm start`'s build; the sources in the smoke test) on the benchmark
 *   database, each a bot long-polling the fake Bot API (bench/fake-bot-api.ts): start to the first
 *   answered location, resident memory at rest, then a location load on both during which one of them
 *   takes a bulk edit of 1,000 contacts through the console's API, the answers' p99 while it lands against
 *   before it, whether each instance's next answer shows the edit, and the CPU time per answered update.
 *   Processes of their own need the database's URL: on the embedded database these are left out.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Point } from '../bot/answering/contact-lookup.js';
import { KNOWN_SPECIALTIES } from '../api/contract/specialty-names.js';
import { CONNECTIONS, contactListCases, load, staffHeaders, staffToken } from './api.js';
import { scaled, type BenchContext } from './context.js';
import { SPECIALTIES } from './dataset.js';
import { measureDirectoryAlone, townPoints } from './directory.js';
import { COMPACT_AFTER } from '../bot/answering/contact-directory.js';
import type { LoadAnswers } from './fake-bot-api.js';
import { loadAnswered, loadAnswers, loadProgress, queueLoad, spawnFakeBotApi } from './fake-bot-api-process.js';
import { cpuSeconds, residentMemory } from './process-memory.js';
import type { BenchSection, Figure } from './report.js';
import { BUILT_START, launch, productEnv, stop, type Child } from './startup.js';
import { addSteadyGroupMembers, ANSWER_WITH_CONTACTS, percentiles, requestJson } from './support.js';

const SCALE_GROUP_ID = -1_009_000_000_003;
const FIRST_SENDER_ID = 920_000_000;
/**
 * Senders of the load, each a few updates per load at most: the product's flood control (FLOOD_CONTROL in
 * bot/middleware/flood-control.ts, a burst of 5) drops the rest, and an instance started by `npm start` has no other.
 */
const SENDERS = 2000;
const UPDATES_PER_SENDER = 4;
/** Senders of one update each, after the pool above: instance starts and the checks of the edit. */
const FIRST_SINGLE_SENDER_ID = FIRST_SENDER_ID + SENDERS;
const TOKENS = ['1000001:scale-instance-a', '1000002:scale-instance-b'];
const EDITED_CONTACTS = 1000;
/** Waits this long for a first answer: at a million contacts it loads the whole directory. */
const FIRST_ANSWER_STALL_MS = 600_000;
/** Waits this long for the next answer of a load: long enough for an instance to load the directory again. */
const ANSWER_STALL_MS = 120_000;
const TARGETS = { bytesPerContact: 300, lookupP99Ms: 1, firstAnswerSeconds: 15, restMb: 800, editP99Ratio: 2 };

export async function measureScale(context: BenchContext): Promise<BenchSection> {
  const contacts = context.dataset.sizes.contacts.toLocaleString('en');
  const directory = await measureDirectoryAlone(context, scaled(context, 10_000, 300));
  console.log(`  directory: ${directory.contacts.toLocaleString('en')} findable contacts, ${directory.directoryMb} MB of heap (${directory.bytesPerContact} bytes each), loaded in ${directory.loadMs} ms; lookup p99 ${directory.ms.p99} ms`);
  const headers = await staffHeaders(context.product.url, context.staff);
  const lists: Figure[] = [];
  const listRaw: Record<string, unknown> = {};
  for (const loadCase of await contactListCases(context.sql)) {
    const measured = await load(context.product.url, headers, loadCase, context.loadSeconds);
    listRaw[loadCase.name] = measured;
    const { ms } = measured;
    lists.push({
      metric: `${loadCase.name} p95, ${contacts} contacts`,
      value: ms.p95,
      unit: 'ms',
      target: { op: '<', value: loadCase.budgetMs! },
      detail: `n = ${ms.n.toLocaleString('en')}, ${CONNECTIONS} conn.; p50 ${ms.p50}, p99 ${ms.p99}; cold ${measured.coldMs} ms`,
    });
    console.log(`  ${loadCase.name}: p95 ${ms.p95} ms`);
  }
  const instances = context.databaseUrl ? await measureInstances(context, context.databaseUrl) : undefined;
  if (!instances) console.log('  product instances: left out on the embedded database (BENCH_DATABASE_URL runs them)');

  const { p50, p95, p99, n } = directory.ms;
  return {
    title: `Directory at scale (${contacts} contacts)`,
    figures: [
      {
        metric: `Heap for the bot's directory per findable contact, ${contacts} contacts`,
        value: directory.bytesPerContact,
        unit: 'bytes',
        target: { op: '<', value: TARGETS.bytesPerContact },
        detail: `${directory.directoryMb} MB for ${directory.contacts.toLocaleString('en')} findable contacts, loaded in ${directory.loadMs} ms; heap and array buffers after a full GC before and after, ${directory.where}`,
      },
      {
        metric: `Lookup latency p99 (in process, from memory), ${contacts} contacts`,
        value: p99,
        unit: 'ms',
        target: { op: '<', value: TARGETS.lookupP99Ms },
        detail: `n = ${n.toLocaleString('en')}; p50 ${p50}, p95 ${p95}; ${directory.averageResults} results each, nearest ${directory.options.limit} within ${directory.options.radiusKm} km`,
      },
      {
        metric: `Compaction of the directory (answers wait), ${contacts} contacts`,
        value: directory.compactMs,
        unit: 'ms',
        detail: `the columns and indexes rebuilt from memory (ContactDirectory.compact) after ${directory.compactEdits.toLocaleString('en')} contacts were replaced in place (one every 97 items; the bot compacts after ${COMPACT_AFTER.toLocaleString('en')} edits); in the same process as the heap figure`,
      },
      ...lists,
      ...(instances?.figures ?? []),
    ],
    raw: { directory, lists: listRaw, instances: instances?.raw ?? 'left out: the embedded database is reached only from the benchmark\'s process' },
  };
}

/** One product instance: its process, and its bot's token on the fake Bot API. */
interface Instance {
  child: Child;
  token: string;
  /** Health check ok, from spawn. */
  readyMs: number;
  /** Its first location answered, from spawn. */
  firstAnswerMs: number;
}

async function measureInstances(context: BenchContext, databaseUrl: string): Promise<{ figures: Figure[]; raw: unknown }> {
  const contacts = context.dataset.sizes.contacts.toLocaleString('en');
  const senders = Array.from({ length: SENDERS + 2 * TOKENS.length }, (_, index) => FIRST_SENDER_ID + index);
  await addSteadyGroupMembers(context.sql, { id: SCALE_GROUP_ID, name: 'Scale benchmark group' }, senders);
  await context.sql`VACUUM ANALYZE user_memberships`;
  const point = townPoints(context.dataset.towns);
  const fake = await spawnFakeBotApi();
  const started: Instance[] = [];
  try {
    // One after the other, so that the first start has the machine to itself.
    for (const [index, token] of TOKENS.entries()) started.push(await startInstance(context, databaseUrl, fake.url, token, FIRST_SINGLE_SENDER_ID + index, point()));
    const settleMs = Math.max(1000, context.loadSeconds * 2000);
    await sleep(settleMs);
    const atRest = await Promise.all(started.map((instance) => residentMemory(instance.child.process.pid!)));
    console.log(`  instances: first answer ${started.map((instance) => `${(instance.firstAnswerMs / 1000).toFixed(2)} s`).join(', ')}; RSS at rest ${atRest.map((memory) => `${memory.rssMb} MB`).join(', ')}`);
    const edit = await editDuringLoad(context, fake.url, started, point);
    const [first] = started;
    return {
      figures: [
        {
          metric: `Start to the first answered location, ${contacts} contacts`,
          value: Math.round(first!.firstAnswerMs / 10) / 100,
          unit: 's',
          target: { op: '<', value: TARGETS.firstAnswerSeconds },
          detail: `the product's process from spawn to its first location answered through the fake Bot API (health ok at ${(first!.readyMs / 1000).toFixed(2)} s); the second instance ${(started[1]!.firstAnswerMs / 1000).toFixed(2)} s`,
        },
        {
          metric: `Resident memory at rest, ${contacts} contacts`,
          value: atRest[0]!.rssMb,
          unit: 'MB',
          target: { op: '<', value: TARGETS.restMb },
          detail: `${settleMs / 1000} s after both instances answered their first location (directory loaded); peak ${atRest[0]!.peakMb} MB; the second instance ${atRest[1]!.rssMb} MB`,
        },
        ...edit.figures,
      ],
      raw: { instances: started.map(({ token, readyMs, firstAnswerMs }, index) => ({ token, readyMs: Math.round(readyMs), firstAnswerMs: Math.round(firstAnswerMs), atRest: atRest[index] })), settleMs, edit: edit.raw },
    };
  } catch (error) {
    for (const instance of started) console.log(`  instance ${instance.token} said:\n${instance.child.output.slice(-20).join('\n')}`);
    throw error;
  } finally {
    await Promise.all(started.map((instance) => stop(instance.child)));
    await fake.close();
  }
}

/** Starts an instance whose bot has one location waiting on the fake, and waits for its answer. */
async function startInstance(context: BenchContext, databaseUrl: string, fakeUrl: string, token: string, sender: number, where: Point): Promise<Instance> {
  const queuedAt = performance.now();
  await queueLoad(fakeUrl, { token, senders: [sender], points: [where], expectText: ANSWER_WITH_CONTACTS });
  const env = { ...productEnv(), DATABASE_URL: databaseUrl, BOT_TOKEN: token, TELEGRAM_API_ROOT: fakeUrl, DEMO_DATA: 'off', LOG_LEVEL: 'warn' };
  const args = context.botFrom === 'build' ? BUILT_START : ['--import', 'tsx', 'scripts/start.ts'];
  const { child, readyMs } = await launch(env, args);
  try {
    const progress = await loadAnswered(fakeUrl, token, FIRST_ANSWER_STALL_MS);
    if (progress.answered !== 1) throw new Error(`instance ${token}: ${progress.answered} answers to its first location`);
    return { child, token, readyMs, firstAnswerMs: queuedAt + progress.elapsedMs - child.startedAt };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/**
 * A location load on every instance, all queued at once, sized from a warm-up's rate to last about three
 * load lengths; once a third of it is answered, the 1,000 contacts nearest one get a specialty none had through the first
 * instance's bulk edit. Answers sent before the edit starts are "before"; the later ones whose update was
 * handed out up to one load length after its end, "during". Then each instance answers a location at that contact's place.
 */
async function editDuringLoad(context: BenchContext, fakeUrl: string, instances: Instance[], point: () => Point) {
  const senders = Array.from({ length: SENDERS }, (_, index) => FIRST_SENDER_ID + index);
  const queue = (token: string, count: number) => queueLoad(fakeUrl, { token, senders, points: Array.from({ length: count }, point), expectText: ANSWER_WITH_CONTACTS });
  const warmUp = Math.min(SENDERS, scaled({ scale: context.loadSeconds / 3 }, 1000, 50));
  const warm = await Promise.all(
    instances.map(async ({ token }) => {
      await queue(token, warmUp);
      return loadAnswered(fakeUrl, token, ANSWER_STALL_MS);
    }),
  );
  const rate = Math.min(...warm.map((progress) => progress.answered / Math.max(1, progress.elapsedMs)));
  const updates = Math.min(SENDERS * UPDATES_PER_SENDER, Math.max(100, Math.round(rate * context.loadSeconds * 3000)));

  // Around the first contact on the map: a town of the gazetteer may have drawn none.
  const [place] = await context.sql<Point[]>`SELECT latitude, longitude FROM medical_contacts WHERE is_active AND latitude IS NOT NULL ORDER BY id LIMIT 1`;
  const edited = await context.sql<{ id: number }[]>`
    SELECT id::int FROM medical_contacts WHERE is_active AND latitude IS NOT NULL
    ORDER BY earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(${place!.latitude}, ${place!.longitude})) LIMIT ${EDITED_CONTACTS}`;
  // A specialty no generated contact has, which the answer's cards name: a new city would move the contacts (geocoded
  // again from it), and hours must be a schedule, shown as its state rather than its text.
  const specialty = KNOWN_SPECIALTIES.find((known) => !(SPECIALTIES as readonly string[]).includes(known))!;
  const editor = instances[0]!;
  const editorToken = await staffToken(editor.child.url, context.staff);

  const pids = instances.map((instance) => instance.child.process.pid!);
  const cpuBefore = await Promise.all(pids.map(cpuSeconds));
  const queuedAt: number[] = [];
  for (const { token } of instances) {
    queuedAt.push(performance.now());
    await queue(token, updates);
  }
  while ((await loadProgress(fakeUrl, editor.token)).answered < updates / 3) await sleep(20);
  const editStart = performance.now();
  const { recordsAffected } = await requestJson<{ recordsAffected: number }>(editor.child.url, 'POST', '/api/medical-contacts/bulk-update', editorToken, {
    ids: edited.map((row) => row.id),
    updates: { specialty },
  });
  const editEnd = performance.now();
  const loads = await Promise.all(instances.map(({ token }) => loadAnswered(fakeUrl, token, ANSWER_STALL_MS)));
  const cpuAfter = await Promise.all(pids.map(cpuSeconds));
  const answered = loads.reduce((sum, progress) => sum + progress.answered, 0);
  const cpuMs = (cpuAfter.reduce((a, b) => a + b, 0) - cpuBefore.reduce((a, b) => a + b, 0)) * 1000;

  const windowMs = context.loadSeconds * 1000;
  const before: number[] = [];
  const during: number[] = [];
  const answers: LoadAnswers[] = await Promise.all(instances.map(({ token }) => loadAnswers(fakeUrl, token)));
  answers.forEach((answer, index) => {
    const editFrom = editStart - queuedAt[index]!;
    const editTo = editEnd - queuedAt[index]! + windowMs;
    answer.atMs.forEach((at, item) => {
      const latency = answer.latencyMs[item]!;
      // An answer still in flight as the edit starts counts as during it: it may wait for what the edit sets off.
      if (at < editFrom) before.push(latency);
      else if (at - latency <= editTo) during.push(latency);
    });
  });
  const beforeMs = percentiles(before);
  const duringMs = percentiles(during.length > 0 ? during : [0]);

  // Each instance's next answer at the edited contacts' place, expected to name their new specialty.
  const seen = await Promise.all(
    instances.map(async ({ token }, index) => {
      await queueLoad(fakeUrl, { token, senders: [FIRST_SINGLE_SENDER_ID + TOKENS.length + index], points: [place!], expectText: `</b> · ${specialty}` });
      return loadAnswered(fakeUrl, token, ANSWER_STALL_MS);
    }),
  );
  const showing = seen.filter((progress) => progress.answeredAsExpected === 1).length;
  console.log(`  edit of ${recordsAffected} contacts in ${Math.round(editEnd - editStart)} ms during ${answered} answers: p99 ${beforeMs.p99} ms before, ${duringMs.p99} ms during; ${showing} of ${instances.length} instances show it next`);

  const figures: Figure[] = [
    {
      metric: 'Answer p99 during a bulk edit of 1,000 contacts / before it',
      value: Math.round((duringMs.p99 / Math.max(beforeMs.p99, 0.001)) * 100) / 100,
      unit: '×',
      target: { op: '<', value: TARGETS.editP99Ratio },
      detail:
        `${instances.length} instances, ${updates.toLocaleString('en')} locations each queued at once; the edit (${recordsAffected.toLocaleString('en')} contacts, ${Math.round(editEnd - editStart)} ms, through the first instance's API) once a third was answered; ` +
        `before: n = ${beforeMs.n.toLocaleString('en')}, p50 ${beforeMs.p50}, p99 ${beforeMs.p99} ms; answered from its start, handed out until ${windowMs / 1000} s after it: n = ${duringMs.n.toLocaleString('en')}, p50 ${duringMs.p50}, p99 ${duringMs.p99}, max ${duringMs.max} ms; from update handed out to answer`,
    },
    {
      metric: 'Instances whose next answer shows the bulk edit',
      value: showing,
      unit: 'instances',
      target: { op: '>=', value: instances.length },
      detail: `a location at the edited contacts' place after the load, its answer naming the contacts' new specialty${seen.some((progress) => progress.answeredAsExpected !== 1) ? `; otherwise: ${seen.flatMap((progress) => progress.samples).slice(0, 1).join(' ')}` : ''}`,
    },
    {
      metric: 'CPU time per answered update',
      value: Math.round((cpuMs / Math.max(1, answered)) * 1000) / 1000,
      unit: 'ms',
      detail: `the instances' processes (user and system, /proc) over the load with the edit: ${Math.round(cpuMs).toLocaleString('en')} ms for ${answered.toLocaleString('en')} answers`,
    },
  ];
  return { figures, raw: { warmUp, updates, recordsAffected, editMs: Math.round(editEnd - editStart), windowMs, before: beforeMs, during: duringMs, cpuMs: Math.round(cpuMs), answered, showing, loads, seen } };
}
