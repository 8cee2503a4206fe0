/**
 * Log ingest: rows per second through the bot's recorder (its batch writer, with the
 * bot's batch size), then the roll-up job's incremental run over those rows.
 */
import { createRecorder } from '../bot/updates/recorder.js';
import type { NewBotLog } from '../sql/bot-logs.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import type { BenchSection } from './report.js';
import { scaled, type BenchContext } from './context.js';

export async function measureIngest(context: BenchContext): Promise<BenchSection> {
  const { sql } = context;
  const rows = scaled(context, 100_000, 5_000);
  const towns = context.dataset.towns;
  const errors: unknown[] = [];
  // The steady state: none of the product's jobs still busy with its start or what the sections before this
  // one wrote; and its roll-up job would otherwise take part of these rows while they are written.
  await context.product.jobs.whenIdle();
  await rollUpLogs(sql);
  const textsBefore = await logTexts(sql);
  const recorder = createRecorder({ sql, onError: (error) => errors.push(error) });
  const at = new Date();
  const started = performance.now();
  for (let index = 0; index < rows; index += 1) {
    const town = towns[index % towns.length]!;
    const row: NewBotLog = {
      createdAt: at,
      level: 'INFO',
      message: 'Answered a location with 5 contacts',
      command: 'location',
      userId: 800_000_000 + (index % 5000),
      chatId: 800_000_000 + (index % 5000),
      durationMs: 20 + (index % 300),
      errorMessage: null,
      metadata: { updateId: 900_000_000 + index },
      latitude: town.latitude,
      longitude: town.longitude,
      city: town.name,
      region: town.region,
      country: town.country,
      resultCount: 5,
      language: null,
    };
    recorder.log(row);
  }
  await recorder.close();
  const ingestMs = performance.now() - started;
  if (errors.length > 0) throw new Error(`the recorder failed: ${String(errors[0])}`);
  // Each town is a log text of its own (migration 059). The data set logged its year of answers with their places
  // (bench/dataset.ts), so these rows find their towns' texts kept, as a product's would: the few new ones are towns
  // its logs never answered about with five contacts (21 of the 24,271 at scale 1, more at smaller scales).
  const newTexts = (await logTexts(sql)) - textsBefore;
  const rolledStarted = performance.now();
  const rolled = await rollUpLogs(sql);
  const rollUpMs = performance.now() - rolledStarted;
  const rowsPerSecond = Math.round(rows / (ingestMs / 1000));
  const rollUpRowsPerSecond = Math.round(rolled.logsRolledUp / (rollUpMs / 1000));
  return {
    title: 'Log ingest',
    figures: [
      {
        metric: 'Log rows written through the bot recorder',
        value: rowsPerSecond,
        unit: 'rows/s',
        target: { op: '>=', value: 50_000 },
        detail: `n = ${rows.toLocaleString('en')} rows in ${Math.round(ingestMs)} ms, flushed at 500 rows, up to 5,000 per write; ${newTexts.toLocaleString('en')} new log texts`,
      },
      {
        metric: 'Incremental roll-up of those rows',
        value: rollUpRowsPerSecond,
        unit: 'rows/s',
        detail: `n = ${rolled.logsRolledUp.toLocaleString('en')} rows in ${Math.round(rollUpMs)} ms`,
      },
    ],
    raw: { rows, ingestMs: Math.round(ingestMs), rowsPerSecond, newTexts, rollUp: { rows: rolled.logsRolledUp, ms: Math.round(rollUpMs), rowsPerSecond: rollUpRowsPerSecond } },
  };
}

async function logTexts(sql: BenchContext['sql']): Promise<number> {
  const [row] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM bot_log_texts`;
  return row!.count;
}
