/**
 * The fake Bot API in a child process, and its control API as functions. A process of its own, not
 * a worker thread: the bots under test then share neither an event loop nor a heap with it, and
 * worker threads do not get the TypeScript loader here (see bench/api.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { requestJson } from './support.js';
import type { Load, LoadAnswers, LoadProgress } from './fake-bot-api.js';

const MAIN = fileURLToPath(new URL('./fake-bot-api-main.ts', import.meta.url));

/** The fake Bot API running in a child process: its URL (grammY's apiRoot), its pid, and how to stop it. */
export interface FakeBotApiProcess {
  url: string;
  pid: number;
  close(): Promise<void>;
}

export async function spawnFakeBotApi(): Promise<FakeBotApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    exited.then(([code]) => {
      throw new Error(`the fake Bot API exited (${String(code)}) before it listened`);
    }),
  ]);
  lines.close();
  const { url } = JSON.parse(first) as { url: string };
  return {
    url,
    pid: child.pid!,
    async close() {
      if (child.exitCode === null) {
        child.stdin.end();
        await exited;
      }
    },
  };
}

/** Queues a load of location updates for the bot with `load.token`, all at once. */
export async function queueLoad(url: string, load: Load): Promise<void> {
  await requestJson(url, 'POST', '/control/load', undefined, load);
}

export function loadProgress(url: string, token: string): Promise<LoadProgress> {
  return requestJson<LoadProgress>(url, 'GET', `/control/progress?token=${encodeURIComponent(token)}`);
}

export function loadAnswers(url: string, token: string): Promise<LoadAnswers> {
  return requestJson<LoadAnswers>(url, 'GET', `/control/answers?token=${encodeURIComponent(token)}`);
}

/**
 * Waits until every update of the load is answered; fails if no answer comes for `stallMs`.
 * Polls, but the figures are the fake's own timestamps, not the poll's.
 */
export async function loadAnswered(url: string, token: string, stallMs = 30_000): Promise<LoadProgress> {
  let last = -1;
  let lastChange = performance.now();
  for (;;) {
    const progress = await loadProgress(url, token);
    if (progress.answered >= progress.queued) return progress;
    if (progress.answered !== last) {
      last = progress.answered;
      lastChange = performance.now();
    } else if (performance.now() - lastChange > stallMs) {
      throw new Error(`the bot answered ${progress.answered} of ${progress.queued} updates and then nothing for ${stallMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
