/**
 * The bot while the embedded database is backed up: a product of its own on a data folder with the
 * demo data (as a newcomer's first start has), its bot asked /help again and again through the
 * simulator while "Back up now" runs, twice: the first backup copies the whole data folder, the
 * second only what changed (sql/data-dir-snapshot.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SystemHealth } from '../api/contract/system-health.js';
import { loadConfig } from '../scripts/config.js';
import { startProduct } from '../scripts/product.js';
import type { BenchSection } from './report.js';
import { BENCH_FLOOD_CONTROL, percentiles, requestJson } from './support.js';

const STAFF = { username: 'bench.backup', password: 'bench-backup-password-1' };
/** The budget: the bot's answers wait at most this long for a backup. */
const TARGET_MS = 1000;

interface BackupRun {
  /** /help answer times while the backup ran. */
  helpMs: ReturnType<typeof percentiles> & { max: number };
  /** The pause the backup measured (System Health's estimate afterwards). */
  pauseSeconds: number | null;
  backupSeconds: number;
}

export async function measureBackup(): Promise<BenchSection> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medcontacts-bench-backup-'));
  try {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'on' });
    const product = await startProduct({ ...config, dataDir, initialAdmin: STAFF, floodControl: BENCH_FLOOD_CONTROL });
    try {
      const simulator = product.simulator!;
      const user = simulator.listUsers()[0]!;
      const help = async () => {
        const last = simulator.messages(user.id).at(-1)?.message_id ?? 0;
        const started = performance.now();
        simulator.sendText(user.id, '/help');
        await simulator.waitForBotMessages(user.id, { afterMessageId: last, timeoutMs: 120_000 });
        return performance.now() - started;
      };
      const { token } = await requestJson<{ token: string }>(product.url, 'POST', '/api/auth/login', undefined, { identifier: STAFF.username, password: STAFF.password });
      const health = async () => (await requestJson<SystemHealth>(product.url, 'GET', '/api/system-health', token)).backup;
      const idle: number[] = [];
      for (let i = 0; i < 20; i++) idle.push(await help());

      const runs: BackupRun[] = [];
      for (let round = 0; round < 2; round++) {
        const started = performance.now();
        await requestJson(product.url, 'POST', '/api/backups', token);
        const answers: number[] = [];
        while ((await health()).running) {
          answers.push(await help());
          await sleep(20);
        }
        runs.push({
          helpMs: { ...percentiles(answers), max: Math.round(Math.max(...answers)) },
          pauseSeconds: (await health()).pauseSeconds,
          backupSeconds: Math.round((performance.now() - started) / 100) / 10,
        });
      }
      const idleMs = percentiles(idle);
      const figure = (run: BackupRun, which: string) => ({
        metric: `/help answer during the ${which} backup of the embedded database (demo data), slowest`,
        value: run.helpMs.max,
        unit: 'ms',
        target: { op: '<' as const, value: TARGET_MS },
        detail: `n = ${run.helpMs.n}; p50 ${run.helpMs.p50}; database paused ${run.pauseSeconds} s; backup took ${run.backupSeconds} s; idle /help p50 ${idleMs.p50}, p99 ${idleMs.p99} ms`,
      });
      return {
        title: 'Backups',
        figures: [figure(runs[0]!, 'first (whole data folder copied)'), figure(runs[1]!, 'next (changed files copied)')],
        raw: { idleMs, runs },
      };
    } finally {
      await product.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
