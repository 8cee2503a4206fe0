import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sql } from '../../sql/database.js';
import { insertBotLogs, KnownLogTexts, type LogLevel, type NewBotLog } from '../../sql/bot-logs.js';
import { isDatabaseUnavailable } from '../../sql/errors.js';
import { countTemplateUses } from '../../sql/message-templates.js';
import { countContactRequests } from '../../sql/contact-analytics.js';
import { countTelegramRequests, markTelegramUsersSeen } from '../../sql/bot-users.js';
import { refundDailyRequest } from '../../sql/daily-usage.js';
import { markUpdatesAnswered, writeBatchOnce, type UpdateKey } from '../../sql/processed-updates.js';
import { repeatEvery, systemClock, type Clock } from '../clock.js';

const LEVEL_RANK: Record<LogLevel, number> = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 };
/** The folder under DATA_DIR where batches the database could not take wait for it. */
export const SPILL_FOLDER = 'unwritten-bot-logs';

export interface RecorderOptions {
  sql: Sql;
  /**
   * How often buffered rows are written: every tenth of a second by default. What is buffered is lost if
   * the process is killed, and that includes the marks of updates answered: a redelivery of one after a
   * restart would be answered (and charged) again. A short interval keeps that window small; under load
   * the batches still fill to maxBatch between ticks.
   */
  flushIntervalMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  /**
   * The most log rows one write takes. Rows gather while a write is under way and the next write takes
   * them together, up to this many: under load, fewer and larger transactions (group commit).
   */
  maxWriteRows?: number;
  /**
   * Log rows of failed batches kept in memory while the database is away; older batches beyond it go to
   * files in spillDir, or, without one, are given up (and reported) so memory stays bounded.
   */
  maxUnwrittenRows?: number;
  /** Where batches that do not fit in memory wait (DATA_DIR/unwritten-bot-logs); none: memory only. */
  spillDir?: string | null;
  /** The flush timer runs on it. */
  clock?: Clock;
  onError?: (error: unknown) => void;
}

/** What the bot recorded over one flush interval, written in one transaction. */
interface Batch {
  id: string;
  logs: NewBotLog[];
  templateIds: number[];
  answeredUserIds: number[];
  contactsByDay: Record<string, number[]>;
  answeredUpdates: UpdateKey[];
  /** Daily requests to give back that the database could not take back at the time. */
  refunds: { telegramId: number; day: string }[];
  /** Known users seen, each with their latest sighting (ISO time: batches are spilled as JSON). */
  seenUsers: Record<number, string>;
}

/**
 * Buffers what the bot records per update (its log row, template uses, answered requests,
 * contacts shown, the update answered) and writes it in batches, so answering an update costs no
 * extra round trips. A batch the database cannot take (it is away) is kept and written, once, when
 * it is back — in memory up to a bound, then in files, so a restart in between loses nothing either.
 * close() flushes.
 */
export function createRecorder({
  sql,
  flushIntervalMs = 100,
  maxBatch = 500,
  maxWriteRows = 5000,
  maxUnwrittenRows = 20_000,
  spillDir = null,
  clock = systemClock,
  onError = () => {},
}: RecorderOptions) {
  let current = emptyBatch();
  /** The batch taken from `current` for writing, until it is written, given up or kept in `unwritten`. */
  let taken: Batch | undefined;
  /** Failed batches, oldest first; the spilled ones are older still. */
  const unwritten: Batch[] = [];
  let spilledFiles = spillDir ? listSpilled(spillDir, onError) : [];
  let flushing: Promise<void> = Promise.resolve();
  const knownTexts = new KnownLogTexts();

  async function write(batch: Batch): Promise<void> {
    // Written once even when a lost connection hid that an earlier attempt committed.
    await writeBatchOnce(sql, batch.id, async (tx) => {
      await insertBotLogs(tx, batch.logs, knownTexts);
      // Sent together, in this order, on the transaction's one connection: one round trip while the batch holds
      // the connection, not one each (on the embedded database the bot's claims wait for that connection).
      await Promise.all([
        countTemplateUses(tx, batch.templateIds),
        countTelegramRequests(tx, batch.answeredUserIds),
        markTelegramUsersSeen(tx, Object.entries(batch.seenUsers).map(([telegramId, seenAt]) => ({ telegramId: Number(telegramId), seenAt }))),
        ...Object.entries(batch.contactsByDay).map(([day, ids]) => countContactRequests(tx, ids, day)),
        markUpdatesAnswered(tx, batch.answeredUpdates),
      ]);
      for (const refund of batch.refunds) await refundDailyRequest(tx, refund.telegramId, refund.day);
    }).then(
      () => knownTexts.settle(true),
      (error: unknown) => {
        // Rolled back (or its commit unknown): the log texts it added may be gone again.
        knownTexts.settle(false);
        throw error;
      },
    );
  }

  /** Writes a batch; false when the database is away (the batch is kept by the caller). */
  async function tryWrite(batch: Batch): Promise<boolean> {
    try {
      await write(batch);
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return false;
      // A batch the database refuses for another reason would block every later one: report it and move on.
      onError(error);
      return true;
    }
  }

  /** Writes the backlog oldest first, then the new batch; stops at the first the database cannot take. */
  async function drain(batch: Batch | undefined): Promise<void> {
    try {
      while (spilledFiles.length > 0) {
        const { file } = spilledFiles[0]!;
        const spilled = readSpilled(file, onError);
        if (spilled && !(await tryWrite(spilled))) return keep(batch);
        rmSync(file, { force: true });
        spilledFiles = spilledFiles.slice(1);
      }
      while (unwritten.length > 0) {
        if (!(await tryWrite(unwritten[0]!))) return keep(batch);
        unwritten.shift();
      }
      if (batch && !(await tryWrite(batch))) keep(batch);
    } finally {
      // Run as soon as the batch is written or kept, so pendingRows never counts it twice.
      taken = undefined;
    }
  }

  function keep(batch: Batch | undefined): void {
    if (batch) unwritten.push(batch);
    let rows = unwritten.reduce((sum, kept) => sum + kept.logs.length, 0);
    while (unwritten.length > 1 && rows > maxUnwrittenRows) {
      const oldest = unwritten.shift()!;
      rows -= oldest.logs.length;
      if (spillDir) spilledFiles.push({ file: spill(spillDir, oldest), rows: oldest.logs.length });
      else onError(new Error(`The database has been away too long: ${oldest.logs.length} bot log rows were given up`));
    }
  }

  /**
   * Takes what is buffered, up to maxWriteRows log rows (the rest waits for the next write), or
   * undefined when nothing is.
   */
  function take(): Batch | undefined {
    if (isEmpty(current)) return undefined;
    if (current.logs.length <= maxWriteRows) {
      taken = current;
      current = emptyBatch();
      return taken;
    }
    taken = { ...current, logs: current.logs.slice(0, maxWriteRows) };
    current = { ...emptyBatch(), logs: current.logs.slice(maxWriteRows) };
    return taken;
  }

  function flush(): Promise<void> {
    // Batches are written one after another, so rows keep their order. The batch is taken when its turn
    // comes, not now, so the rows logged while the previous write ran go with it.
    flushing = flushing
      .then(async () => {
        let batch = take();
        if (!batch && unwritten.length === 0 && spilledFiles.length === 0) return;
        await drain(batch);
        // More than one write's worth was buffered: write on, unless the database is away (then the rest waits).
        while (unwritten.length === 0 && (batch = take())) await drain(batch);
      })
      .catch(onError);
    return flushing;
  }

  const stopTimer = repeatEvery(clock, flushIntervalMs, () => void flush());

  return {
    /** Buffers a log row unless its level is below minimumLevel. */
    log(row: NewBotLog, minimumLevel: LogLevel = 'DEBUG'): void {
      if (LEVEL_RANK[row.level] < LEVEL_RANK[minimumLevel]) return;
      current.logs.push(row);
      if (current.logs.length >= maxBatch) void flush();
    },
    templateUsed(templateId: number): void {
      current.templateIds.push(templateId);
    },
    /** A user's request was answered: their total_requests grows by one. */
    requestAnswered(telegramId: number): void {
      current.answeredUserIds.push(telegramId);
    },
    /** A known user wrote again: their last sighting and that they can be reached, written with the batch. */
    userSeen(telegramId: number, seenAt: Date): void {
      current.seenUsers[telegramId] = seenAt.toISOString();
    },
    /** The user blocked the bot: a sighting still buffered must not mark them reachable again. */
    forgetSighting(telegramId: number): void {
      delete current.seenUsers[telegramId];
    },
    contactsShown(contactIds: number[], day: string): void {
      (current.contactsByDay[day] ??= []).push(...contactIds);
    },
    /** The update was answered: a redelivery of it is not handled again. */
    updateAnswered(key: UpdateKey): void {
      current.answeredUpdates.push(key);
    },
    /**
     * A daily request to give back that the database refused at the time: given back with the next batch
     * it takes, so an update tried again once it is back is not charged twice.
     */
    refundLater(telegramId: number, day: string): void {
      current.refunds.push({ telegramId, day });
    },
    /** Writes what is buffered, and what earlier flushes could not write; resolves even while the database is away. */
    flush,
    /** Stops the timer and flushes; what the database cannot take now goes to spillDir for the next start. */
    async close(): Promise<void> {
      stopTimer();
      await flush();
      if (unwritten.length === 0) return;
      if (!spillDir) {
        onError(new Error(`The database is away at shutdown: ${unwritten.reduce((sum, kept) => sum + kept.logs.length, 0)} bot log rows were not written`));
        return;
      }
      for (const batch of unwritten.splice(0)) spilledFiles.push({ file: spill(spillDir, batch), rows: batch.logs.length });
    },
    /** Log rows logged and not written yet: buffered, being written, kept while the database is away, or spilled to files. */
    pendingRows(): number {
      const rows = (batches: { logs: unknown[] }[]) => batches.reduce((sum, batch) => sum + batch.logs.length, 0);
      return current.logs.length + (taken?.logs.length ?? 0) + rows(unwritten) + spilledFiles.reduce((sum, spilled) => sum + spilled.rows, 0);
    },
  };
}
export type Recorder = ReturnType<typeof createRecorder>;

function emptyBatch(): Batch {
  return { id: randomUUID(), logs: [], templateIds: [], answeredUserIds: [], contactsByDay: {}, answeredUpdates: [], refunds: [], seenUsers: {} };
}

function isEmpty(batch: Batch): boolean {
  return (
    batch.logs.length === 0 && batch.templateIds.length === 0 && batch.answeredUserIds.length === 0 &&
    Object.keys(batch.contactsByDay).length === 0 && batch.answeredUpdates.length === 0 && batch.refunds.length === 0 &&
    Object.keys(batch.seenUsers).length === 0
  );
}

let spillSequence = 0;

/** A file of a spilled batch, and how many log rows it holds. */
interface SpilledFile {
  file: string;
  rows: number;
}

/** The end of a spilled batch's file name: its count of log rows, so a restart knows the backlog without reading it. */
const SPILLED_ROWS = /-(\d+)rows\.json$/;

/** Writes a batch to its own file, named so that the files sort in the order they were spilled. */
function spill(dir: string, batch: Batch): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${String(Date.now()).padStart(15, '0')}-${String(spillSequence++).padStart(6, '0')}-${batch.id}-${batch.logs.length}rows.json`);
  writeFileSync(file, JSON.stringify(batch));
  return file;
}

/**
 * A spilled batch; undefined when it is gone (another instance sharing DATA_DIR wrote it; batch ids keep
 * that from counting twice) or cannot be read (reported, and set aside for a person to look at).
 */
function readSpilled(file: string, onError: (error: unknown) => void): Batch | undefined {
  try {
    // Batches spilled before sightings were recorded have none.
    const batch = JSON.parse(readFileSync(file, 'utf8')) as Omit<Batch, 'seenUsers'> & Partial<Pick<Batch, 'seenUsers'>>;
    // JSON keeps dates as text; rows spilled before logs carried a language have none.
    return {
      ...batch,
      seenUsers: batch.seenUsers ?? {},
      logs: batch.logs.map((row) => ({ ...row, createdAt: new Date(row.createdAt), language: row.language ?? null })),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    onError(new Error(`Could not read the unwritten bot log batch ${file}; it was renamed to .unreadable`, { cause: error }));
    try {
      renameSync(file, `${file}.unreadable`);
    } catch (renameError) {
      onError(renameError);
    }
    return undefined;
  }
}

/** The batches an earlier run left unwritten, oldest first. */
function listSpilled(dir: string, onError: (error: unknown) => void): SpilledFile[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const file = path.join(dir, name);
        // Files spilled before their names carried the count are read once for it.
        const rows = SPILLED_ROWS.exec(name)?.[1];
        return { file, rows: rows === undefined ? (readSpilled(file, onError)?.logs.length ?? 0) : Number(rows) };
      });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
