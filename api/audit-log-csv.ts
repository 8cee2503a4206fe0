import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import { AUDIT_LOG_CSV_HEADERS } from './contract/audit-log.js';
import { neutraliseFormula } from './csv-formula.js';
import type { StoredAuditEntry } from '../sql/audit-log.js';

/** A target id that is a whole number (a Telegram group's is negative) stays a number. */
const WHOLE_NUMBER = /^-?\d+$/;

/** Every text cell staff could have shaped is neutralised; before and after are the JSON as recorded. */
function csvRecord(entry: StoredAuditEntry): (string | null)[] {
  return [
    entry.createdAt.toISOString(),
    neutraliseFormula(entry.actorUsername),
    neutraliseFormula(entry.action),
    neutraliseFormula(entry.targetType),
    entry.targetId !== null && WHOLE_NUMBER.test(entry.targetId) ? entry.targetId : neutraliseFormula(entry.targetId),
    neutraliseFormula(entry.ip),
    neutraliseFormula(entry.beforeJson),
    neutraliseFormula(entry.afterJson),
  ];
}

/** Audit entries as CSV text with a header row, for streaming: commas, quotes and newlines are quoted. */
export function auditLogCsvStream(entries: AsyncIterable<StoredAuditEntry>): Readable {
  const stringifier = stringify({ header: true, columns: [...AUDIT_LOG_CSV_HEADERS] });
  async function* records() {
    for await (const entry of entries) yield csvRecord(entry);
  }
  // pipeline ends the source (and so the database cursor) when the client goes away.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}
