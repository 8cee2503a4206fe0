import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import { BOT_LOGS_CSV_HEADERS, type BotLog } from './contract/bot-logs.js';
import { neutraliseFormula } from './csv-formula.js';

/** Text users put into a log is neutralised; the numbers are the bot's own (a group's chat id is negative). */
function csvRecord(log: BotLog): (string | number | null)[] {
  return [
    log.timestamp,
    log.level,
    neutraliseFormula(log.message),
    neutraliseFormula(log.command),
    log.userId,
    log.chatId,
    log.durationMs,
    neutraliseFormula(log.errorMessage),
  ];
}

/** Logs as CSV text with spec §9's header row, for streaming: commas, quotes and newlines are quoted. */
export function botLogsCsvStream(logs: AsyncIterable<BotLog>): Readable {
  const stringifier = stringify({ header: true, columns: [...BOT_LOGS_CSV_HEADERS] });
  async function* records() {
    for await (const log of logs) yield csvRecord(log);
  }
  // pipeline ends the source (and so the database cursor) when the client goes away.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}
