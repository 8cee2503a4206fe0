import { z } from 'zod';

export const HEALTH_STATUSES = ['operational', 'degraded'] as const;

/** GET /api/system-health: live values, and an overall status with the reasons it is not operational. */
export const SystemHealthSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
  /** What is wrong, one sentence each; empty when operational. */
  reasons: z.array(z.string()),
  checkedAt: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    reachable: z.boolean(),
    /** How long a SELECT 1 took; null when it failed. */
    latencyMs: z.number().nullable(),
  }),
  bot: z.object({
    /** starting, running, stopped, failed, or not_running (no bot in this process). */
    state: z.string(),
    /** How the bot gets its updates (long polling or Telegram's webhook); null when this process has no bot. */
    mode: z.enum(['polling', 'webhook']).nullable(),
    lastUpdateAt: z.string().nullable(),
  }),
  /** Broadcast messages still waiting to be sent. */
  broadcastQueueDepth: z.number(),
  memory: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    /** The most the JavaScript heap may grow to (V8's heap_size_limit), not its current size, which V8 grows on demand. */
    heapLimitBytes: z.number(),
  }),
  lastHour: z.object({
    requests: z.number(),
    errors: z.number(),
    /** Percent of recorded requests that failed; null with no requests, or when the log level hides successes. */
    errorRate: z.number().nullable(),
    /** Answers slower than the maxResponseTime setting. */
    slowResponses: z.number(),
    maxResponseTimeSeconds: z.number(),
  }),
  backup: z.object({
    autoBackup: z.boolean(),
    /** When the newest backup was made; null when there is none. */
    lastBackupAt: z.string().nullable(),
    running: z.boolean(),
    /**
     * About how many seconds the bot waits while a backup is taken ("Back up now" says so first): the
     * embedded database's last measured pause, or an estimate from its size; null where backups do
     * not pause it (an external server, backed up by pg_dump) or cannot run.
     */
    pauseSeconds: z.number().nullable(),
    /** Why backups cannot run or the last one failed; null when all is well. */
    problem: z.string().nullable(),
  }),
  alerts: z.object({
    /**
     * Why Telegram alerts reach no one (telegramAlertsProblem); null when they reach someone or are off.
     * A warning beside the status, not a reason: a fresh install has alerts on and no admin id yet.
     */
    problem: z.string().nullable(),
  }),
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;

/** Above this share of failed requests in the last hour, the system counts as degraded. */
export const ERROR_RATE_THRESHOLD_PERCENT = 5;
