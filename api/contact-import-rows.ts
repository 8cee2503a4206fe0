import type { ContactImport, ImportPreviewResponse } from './contract/contact-import.js';
import { MAX_PREVIEW_PROBLEM_ROWS } from './contract/contact-import.js';
import type { ContactCsvRows, ParsedRow } from './contact-csv.js';
import { outsideCountryRefusals } from './outside-country.js';
import type { PlaceCountries } from './place-countries.js';
import type { Sql } from '../sql/database.js';
import { completeContactImport, importedPlacesWithoutCoordinates, setImportedPlaceCoordinates } from '../sql/contact-imports.js';
import {
  createImportStaging,
  insertStagedContacts,
  markStagedDuplicates,
  stagedCounts,
  stagedProblems,
  stageImportRows,
  type StagedRow,
} from '../sql/contact-import-staging.js';
import { geocodeContactPlace, type ContactActor } from '../sql/medical-contacts.js';
import { recordImportedVerifications } from '../sql/contact-verifications.js';
import { transaction } from '../sql/transaction.js';

// The CSV import's rules (spec §2.7): what a file's rows are checked for, the preview and the
// import alike, and how the checked rows are written. The file is read as it arrives into a
// staging table of the transaction (sql/contact-import-staging.ts): a batch at a time is all the
// process holds, whatever the file's size.

/** Rows read, checked and staged per statement. */
const STAGE_BATCH_SIZE = 2000;
/** Rows written to the directory per statement: the progress the console shows moves by this much. */
const INSERT_BATCH_SIZE = 10_000;

/** Rows whose coordinates lie outside their country become errors: a file cannot confirm them, as the form can. */
async function refuseOutsideCountry(sql: Sql, placeCountries: PlaceCountries, rows: StagedRow[]): Promise<StagedRow[]> {
  const placed = rows.flatMap(({ contact }, index) =>
    contact && contact.latitude !== null && contact.longitude !== null ? [{ index, latitude: contact.latitude, longitude: contact.longitude, country: contact.country }] : [],
  );
  const refusals = await outsideCountryRefusals(placed, (points) => placeCountries.inside(sql, points));
  const refused = new Map(placed.flatMap((point, at) => (refusals[at] ? [[point.index, refusals[at]] as const] : [])));
  return rows.map((row, index) => {
    const message = refused.get(index);
    return message ? { n: row.n, line: row.line, errors: [{ field: 'location', message }] } : row;
  });
}

/**
 * Reads a file's rows into a staging table of `tx` (a transaction) batch by batch, refusing
 * coordinates outside their country, then marks the duplicates of the whole file. `onStaged` hears
 * how many rows are read so far. Resolves with how many rows the file has.
 */
async function stageRows(tx: Sql, placeCountries: PlaceCountries, rows: AsyncIterable<ParsedRow>, onStaged: (count: number) => void): Promise<number> {
  await createImportStaging(tx);
  let batch: StagedRow[] = [];
  let count = 0;
  // The next batch is read and checked while the database writes the one before: one write at a time.
  let writing = Promise.resolve();
  const flush = async () => {
    const [rows, upTo] = [batch, count];
    batch = [];
    await writing;
    writing = (async () => {
      await stageImportRows(tx, await refuseOutsideCountry(tx, placeCountries, rows));
      onStaged(upTo);
    })();
    // Awaited at the next flush or at the end; until then its failure is not yet anyone's to hear.
    writing.catch(() => {});
  };
  for await (const row of rows) {
    batch.push({ n: ++count, ...row });
    if (batch.length === STAGE_BATCH_SIZE) await flush();
  }
  await flush();
  await writing;
  await markStagedDuplicates(tx);
  return count;
}

/** The dry run of a file: its counts and first problem rows. The staging table goes with its transaction: nothing is kept. */
export function previewRows(sql: Sql, placeCountries: PlaceCountries, file: ContactCsvRows): Promise<ImportPreviewResponse> {
  return transaction(sql, async (tx) => {
    await stageRows(tx, placeCountries, file.rows, () => {});
    const { totalRows, errorRows, duplicateRows } = await stagedCounts(tx);
    const problems = await stagedProblems(tx, MAX_PREVIEW_PROBLEM_ROWS);
    return {
      headers: file.headers,
      mapping: file.mapping,
      totalRows,
      validRows: totalRows - errorRows - duplicateRows,
      errorRows,
      duplicateRows,
      rows: problems.map(({ line, errors, duplicateOf }) =>
        duplicateOf ? { line, status: 'duplicate' as const, errors: [], duplicateOf } : { line, status: 'error' as const, errors: errors ?? [] },
      ),
      rowsTruncated: errorRows + duplicateRows > MAX_PREVIEW_PROBLEM_ROWS,
    };
  });
}

/**
 * Imports a file in `tx`, a transaction: reads it into the staging table (counting its rows on
 * `record`, then calling `onRead`: the request's body is done with), then writes its contacts batch
 * by batch, counting them on `record` as they go (the console reads the counts while the transaction
 * hides the rows), records the rows' verifications as history by `actor`, gives the contacts without
 * coordinates their place's, and completes the import. Returns what the audit log records of it.
 */
export async function importRows(
  tx: Sql,
  record: ContactImport,
  rows: AsyncIterable<ParsedRow>,
  options: {
    skipDuplicates: boolean;
    by: { userId: number | null; now: Date };
    actor: ContactActor;
    now: () => Date;
    onRead: () => void;
    placeCountries: PlaceCountries;
  },
): Promise<{ fileName: string | null; totalRows: number; importedRows: number; skippedRows: number }> {
  record.totalRows = await stageRows(tx, options.placeCountries, rows, (count) => (record.totalRows = count));
  options.onRead();
  for (let after = 0; after < record.totalRows; after += INSERT_BATCH_SIZE) {
    const upTo = Math.min(after + INSERT_BATCH_SIZE, record.totalRows);
    const inserted = await insertStagedContacts(tx, record.id, { after, upTo, skipDuplicates: options.skipDuplicates }, options.by);
    record.processedRows = upTo;
    record.importedRows += inserted;
    record.skippedRows += upTo - after - inserted;
  }
  // A row's verification is history like any other, audited with the import.
  await recordImportedVerifications(tx, record.id, { at: options.by.now, actor: options.actor });
  // As when a contact is added by hand: no coordinates, the gazetteer's clear match if there is one.
  for (const place of await importedPlacesWithoutCoordinates(tx, record.id)) {
    const point = await geocodeContactPlace(tx, place);
    if (point) await setImportedPlaceCoordinates(tx, record.id, place, point);
  }
  await completeContactImport(tx, record.id, record, options.now());
  return { fileName: record.fileName, totalRows: record.totalRows, importedRows: record.importedRows, skippedRows: record.skippedRows };
}
