import t, { type Test } from 'tap';
import { loadConfig } from '../../scripts/config.js';
import { startProduct } from '../../scripts/product.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { createTestDatabase } from '../helpers/database.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { until } from '../helpers/wait.js';

/*
 * The product on a PostgreSQL server it reaches through a proxy the test cuts: its connections are
 * terminated, then refused, then left silent, as when the database restarts or its host is away.
 * Simulated users keep writing before, during and after each cut; once the database is back, without
 * a restart, every update must have been answered once and logged once, and the console's API must
 * have answered 503 meanwhile, not hung. The test moves on events (a probe's answer, a connection
 * seen), never on sleeps: each outage lasts as long as its probes take, well inside the bot's retry
 * window (`RETRY_WINDOW_MS`, bot/updates/update-guard.ts).
 */
/** Updates in a turn, each from a user of its own. */
const PER_TURN = 12;
/**
 * Enough users that none writes twice in the test: a user's quick second message would meet the flood
 * limit (bot/middleware/flood-control.ts), which drops it on purpose.
 */
const USERS = 240;
/** Rounds of probes during each outage, with a turn of updates before each. */
const PROBE_ROUNDS = 3;

interface Sent {
  updateId: number;
  userId: number;
}

interface Probe {
  status: number | 'timeout';
  /** The answer's JSON: a 503 says why. */
  body?: unknown;
  /** For the comment only: how fast is the bench's to measure. */
  ms: number;
}

async function outageTests(): Promise<void> {
  const db = await createTestDatabase();
  const proxy = await startTcpProxy(db.url!);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
  const product = await startProduct({
    ...config,
    dataDir: null,
    databaseUrl: proxy.url,
    gazetteerFilter: LARGE_CITIES,
    initialAdmin: { username: 'root', password: 'root-password-for-tests' },
  });
  t.teardown(async () => {
    await product.stop();
    await proxy.close();
    await db.close();
  });
  const sim = product.simulator!;
  const userIds = Array.from({ length: USERS }, (_, index) => 610_000 + index);
  // Whitelisted: no membership checks or daily limit stand between an update and its answer.
  await db.sql`INSERT INTO admin_whitelist (telegram_id, reason) SELECT id, 'outage test' FROM unnest(${userIds}::bigint[]) AS id`;
  for (const id of userIds) sim.upsertUser({ id, first_name: `User ${id}` });
  await aContact(db.sql, { name: 'Vienna GP', latitude: 48.21, longitude: 16.37, city: 'Vienna' });

  const login = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'root', password: 'root-password-for-tests' }),
  });
  const { token } = (await login.json()) as { token: string };

  /** A GET that gives up after 6 s, timed. */
  async function timedGet(path: string, headers: Record<string, string> = {}): Promise<Probe> {
    const started = performance.now();
    try {
      const response = await fetch(`${product.url}${path}`, { headers, signal: AbortSignal.timeout(6000) });
      const body: unknown = await response.json().catch(() => undefined);
      return { status: response.status, body, ms: Math.round(performance.now() - started) };
    } catch {
      return { status: 'timeout', ms: Math.round(performance.now() - started) };
    }
  }
  const health = () => timedGet('/api/health');
  const apiCall = () => timedGet('/api/medical-contacts?page=1&limit=5', { authorization: `Bearer ${token}` });

  /** Users write in turns of PER_TURN updates, /start or a location by turns, each from a user who has not written yet. */
  let writers = 0;
  function startTraffic() {
    const sent: Sent[] = [];
    return {
      sent,
      sendTurn() {
        for (let index = 0; index < PER_TURN; index += 1) {
          const userId = userIds[writers]!;
          const delivery = writers % 2 ? sim.sendText(userId, '/start') : sim.sendLocation(userId, { latitude: 48.21, longitude: 16.37 });
          sent.push({ updateId: delivery.update_id, userId });
          writers += 1;
        }
      },
    };
  }
  /*
   * The product's own connections, those that pass the proxy: the test's pool shares the database and the
   * product's application_name, and terminating its connections would end the test instead.
   */
  const productConnections = async () => {
    const rows = await db.sql<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'medcontacts' AND client_port = ANY(${proxy.upstreamPorts()}::int[])`;
    return rows.map((row) => row.pid);
  };

  /** Waits for the bot to settle, then counts answers and log rows against what was sent. */
  async function account(t: Test, sent: Sent[], repliesBefore: Map<number, number>) {
    await Promise.allSettled(sent.map((update) => product.bot.whenHandled(update.updateId, 90_000)));
    await product.bot.recorder.flush();
    const ids = sent.map((update) => update.updateId);
    const counts = await db.sql<{ updateId: string; rows: number }[]>`
      SELECT metadata->>'updateId' AS update_id, count(*)::int AS rows FROM bot_logs
      WHERE (metadata->>'updateId')::bigint = ANY(${ids}::bigint[]) GROUP BY 1`;
    const rowsOf = new Map(counts.map((row) => [Number(row.updateId), row.rows]));
    const missingRows = ids.filter((id) => !rowsOf.has(id)).length;
    const doubledRows = [...rowsOf.values()].filter((rows) => rows > 1).length;

    let unanswered = 0;
    let answeredTwice = 0;
    for (const userId of userIds) {
      const updates = sent.filter((update) => update.userId === userId).length;
      const replies = sim.botMessagesSince(userId, repliesBefore.get(userId) ?? 0).length;
      unanswered += Math.max(updates - replies, 0);
      answeredTwice += Math.max(replies - updates, 0);
    }
    const [figures] = await db.sql<{ lookups: number; unavailable: number; totalRequests: number }[]>`
      SELECT
        (SELECT count(*)::int FROM bot_logs WHERE (metadata->>'updateId')::bigint = ANY(${ids}::bigint[])
          AND command = 'location' AND level = 'INFO') AS lookups,
        (SELECT count(*)::int FROM bot_logs WHERE (metadata->>'updateId')::bigint = ANY(${ids}::bigint[])
          AND message = 'Answered that the service is temporarily unavailable') AS unavailable,
        (SELECT coalesce(sum(total_requests), 0)::int FROM telegram_users WHERE telegram_id = ANY(${userIds}::bigint[])) AS total_requests`;
    t.comment(
      `${sent.length} updates sent: ${unanswered} unanswered, ${answeredTwice} answered twice, ${missingRows} log rows missing, ` +
        `${doubledRows} logged twice, ${figures!.unavailable} answered "temporarily unavailable"`,
    );
    t.equal(unanswered, 0, 'every update answered');
    t.equal(answeredTwice, 0, 'none answered twice');
    t.equal(missingRows, 0, 'every update logged');
    t.equal(doubledRows, 0, 'none logged twice');
    return figures!;
  }

  const repliesNow = () => new Map(userIds.map((id) => [id, sim.messages(id).at(-1)?.message_id ?? 0]));
  let lookupsSoFar = 0;

  t.test('every connection terminated (pg_terminate_backend): nothing lost, nothing twice', async (t) => {
    const before = repliesNow();
    const traffic = startTraffic();
    let terminated = 0;
    for (let round = 0; round < 3; round += 1) {
      traffic.sendTurn();
      let pids: number[] = [];
      await until(async () => (pids = await productConnections()).length > 0, 'the product connected to its database');
      const rows = await db.sql<{ terminated: boolean }[]>`
        SELECT pg_terminate_backend(pid) AS terminated FROM unnest(${pids}::int[]) AS pid`;
      terminated += rows.filter((row) => row.terminated).length;
    }
    const probes = [await health(), await apiCall()];
    traffic.sendTurn();
    const sent = traffic.sent;
    t.comment(`${terminated} connections terminated in 3 rounds; right after: health ${probes[0]!.status} in ${probes[0]!.ms} ms, API ${probes[1]!.status} in ${probes[1]!.ms} ms`);
    t.ok(terminated > 0, 'the product had connections to terminate');
    const figures = await account(t, sent, before);
    lookupsSoFar += figures.lookups;
    t.equal(figures.totalRequests, lookupsSoFar, 'total_requests counts each lookup answered once');
  });

  /** Cuts the database off under traffic, probing health and the API meanwhile, then accounts for every update. */
  const outage = (name: string, cut: () => Promise<void> | void) =>
    t.test(`${name}: 503 with the reason meanwhile; then nothing lost, nothing twice`, async (t) => {
      const before = repliesNow();
      const traffic = startTraffic();
      traffic.sendTurn();
      await cut();
      const healthProbes: Probe[] = [];
      const apiProbes: Probe[] = [];
      for (let round = 0; round < PROBE_ROUNDS; round += 1) {
        traffic.sendTurn();
        const [healthProbe, apiProbe] = await Promise.all([health(), apiCall()]);
        healthProbes.push(healthProbe);
        apiProbes.push(apiProbe);
      }
      await proxy.restore();
      let after = await health();
      await until(async () => (after = await health()).status === 200, 'health answers 200 again', 30_000);
      traffic.sendTurn();
      const sent = traffic.sent;

      const worst = (probes: Probe[]) => Math.max(...probes.map((probe) => probe.ms));
      const statuses = (probes: Probe[]) => [...new Set(probes.map((probe) => probe.status))].join(', ');
      t.comment(
        `during the outage: health ${healthProbes.length} probes, status ${statuses(healthProbes)}, slowest ${worst(healthProbes)} ms; ` +
          `API ${apiProbes.length} calls, status ${statuses(apiProbes)}, slowest ${worst(apiProbes)} ms; after: health ${after.status}`,
      );
      // Answered during the outage, not hung for its length (a probe gives up after 6 s), and saying why.
      t.ok(healthProbes.length > 0 && apiProbes.length > 0, 'probed during the outage');
      t.ok(
        healthProbes.every((probe) => probe.status === 503 && /^database unavailable: /.test((probe.body as { reason?: string } | undefined)?.reason ?? '')),
        'health answers 503, with the reason',
      );
      t.ok(
        apiProbes.every((probe) => probe.status === 503 && (probe.body as { message?: string } | undefined)?.message === 'database unavailable, retry shortly'),
        'the API answers 503, with the reason',
      );
      t.equal(after.status, 200, 'healthy again without a restart');

      const figures = await account(t, sent, before);
      lookupsSoFar += figures.lookups;
      t.equal(figures.unavailable, 0, 'an outage shorter than the retry window is waited out');
      t.equal(figures.totalRequests, lookupsSoFar, 'total_requests counts each lookup answered once');
    });

  outage('connections refused', () => proxy.refuse());
  outage('the network silent (connections open, nothing answers)', () => proxy.stall());
}

if (!process.env.TEST_DATABASE_URL) {
  t.plan(0, 'needs a PostgreSQL server (TEST_DATABASE_URL) to cut the product off from');
} else {
  await outageTests();
}
