import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import { CreateContactSchema, type CreateContact, type MedicalContact } from './contract/medical-contacts.js';
import {
  autoMapHeaders,
  EXPORT_ONLY_HEADERS,
  IMPORT_FIELDS,
  IMPORT_HEADER_SYNONYMS,
  type ImportField,
} from './contract/contact-import.js';
import { resolveCountry } from './contract/country-lookup.js';
import { resolveSpokenLanguage } from './contract/spoken-languages.js';
import { checkSpecialty, type SpecialtyTaxonomy } from './contract/specialties.js';
import { badRequest } from './errors.js';
import { neutraliseFormula, restoreFormula } from './csv-formula.js';
import { formatPhone } from './contract/phone-numbers.js';

/** A contact read from one CSV row, ready to insert; `verifiedAt` as its row gives it, Verified ticked or not. */
export interface ImportedContact extends Omit<CreateContact, 'allowDuplicate' | 'verificationMethod'> {
  verifiedAt: Date | null;
}

export interface ParsedRow {
  /** The line the row starts on (the header is line 1). */
  line: number;
  contact?: ImportedContact;
  errors: { field: string; message: string }[];
}

const BOOLEAN_FIELDS = new Set<ImportField>(['passwordRequired', 'isWhatsappOnly', 'verified', 'isActive', 'isMasterOfMedicine']);
const NUMBER_FIELDS = new Set<ImportField>(['latitude', 'longitude', 'rating']);
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', '✓']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/** A CSV file's header read, and its rows as they arrive. */
export interface ContactCsvRows {
  headers: string[];
  mapping: Record<string, ImportField | null>;
  rows: AsyncIterable<ParsedRow>;
}

/**
 * The CSV parser's options: with `info` and `raw`, each record comes with the text it was read from. A
 * quote left open would otherwise hold the rest of the file as one record.
 */
const CSV_OPTIONS = { info: true, raw: true, bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false, max_record_size: 1024 * 1024 } as const;

interface CsvRecord {
  record: string[];
  raw: string;
}

/**
 * Reads a CSV stream (first row: headers) into contacts as it arrives, one record at a time
 * (`checkRecord`), so a file of any size is held one record at a time. Resolves once the header is
 * read; the rows follow as the source is read, with backpressure. Throws (or the rows throw) a 400
 * ApiError on the field `csv` when the text is not CSV at all or has no header.
 */
export async function readContactsCsv(
  source: Readable,
  givenMapping: Record<string, ImportField | null>,
  taxonomy: SpecialtyTaxonomy,
  now: Date,
): Promise<ContactCsvRows> {
  const parser = parse(CSV_OPTIONS);
  // pipeline ends the parser with the source's error (a body over its limit, a client gone).
  pipeline(source, parser, () => {});
  const records = notCsvAsBadRequest(parser[Symbol.asyncIterator]() as AsyncIterator<CsvRecord>);
  const first = await records.next();
  if (first.done) throw badRequest('The CSV file is empty. Choose a file with a header row and contacts.', 'csv');
  const header = first.value;
  const headers = header.record.map((name) => name.trim());
  const mapping = autoMapHeaders(headers, givenMapping);
  const columns = headers.flatMap((name, index) => (mapping[name] ? [{ index, field: mapping[name] }] : []));
  async function* rows(): AsyncGenerator<ParsedRow> {
    // Lines are counted in the raw text: a quoted cell may span lines, blank lines may precede a row.
    let linesBefore = newlines(header.raw);
    for (let next = await records.next(); !next.done; next = await records.next()) {
      const { record, raw } = next.value;
      const line = linesBefore + 1 + newlines(/^[\r\n]*/.exec(raw)![0]);
      linesBefore += newlines(raw);
      yield { line, ...checkRecord(record, columns, taxonomy, now) };
    }
  }
  return { headers, mapping, rows: rows() };
}

/** The parser's records, its errors as the 400 the person can act on. */
function notCsvAsBadRequest(records: AsyncIterator<CsvRecord>): AsyncIterator<CsvRecord> {
  return {
    next: async () => {
      try {
        return await records.next();
      } catch (error) {
        if (error instanceof CsvError) throw badRequest(`The file is not valid CSV: ${(error as Error).message}`, 'csv');
        throw error;
      }
    },
  };
}

/**
 * One CSV record as a contact, checked by CreateContactSchema and its specialty by the taxonomy
 * (`checkSpecialty`, as the form and the API check it). A cell left empty gets the field's default;
 * a value that does not fit its field is an error naming it. `now` is the app's clock: a verification
 * dated after it is an error, never a contact that stays fresh for longer than its cycle.
 */
export function checkRecord(
  record: string[],
  columns: readonly { index: number; field: ImportField }[],
  taxonomy: SpecialtyTaxonomy,
  now: Date,
): Omit<ParsedRow, 'line'> {
  if (record.every((cell) => cell.trim() === '')) return { errors: [{ field: 'row', message: 'The row is empty' }] };
  const errors: ParsedRow['errors'] = [];
  const input: Record<string, unknown> = {};
  for (const { index, field } of columns) {
    const converted = convertCell(field, record[index] ?? '', now);
    if ('error' in converted) errors.push({ field, message: converted.error });
    else if (converted.value !== undefined) input[field] = converted.value;
  }
  const { verifiedAt, ...fields } = input as { verifiedAt?: Date | null };
  const result = CreateContactSchema.safeParse(fields);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'row';
      if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
    }
  }
  const specialty = result.success ? checkSpecialty(result.data.specialty, taxonomy) : undefined;
  if (specialty && 'error' in specialty) errors.push({ field: 'specialty', message: specialty.error });
  if (errors.length > 0 || !result.success || !specialty || 'error' in specialty) return { errors };
  const { allowDuplicate: _ignored, ...contact } = result.data;
  return { errors, contact: { ...contact, specialty: specialty.specialty, verifiedAt: verifiedAt ?? null } };
}

const FUTURE_VERIFICATION = 'Verified at is in the future: enter the day the contact was last verified, today or before.';

// csv-parse leaves the \n of a \r\n row ending out of `raw`, so a lone \r counts as a line break too.
const newlines = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** One cell as its field's value; undefined leaves the field to its default. */
function convertCell(field: ImportField, rawCell: string, now: Date): { value: unknown } | { error: string } {
  const cell = restoreFormula(rawCell);
  const text = cell.trim();
  if (BOOLEAN_FIELDS.has(field)) {
    const word = text.toLowerCase();
    if (word === '') return { value: undefined };
    if (TRUE_WORDS.has(word)) return { value: true };
    if (FALSE_WORDS.has(word)) return { value: false };
    return { error: `${field} must be yes or no` };
  }
  if (NUMBER_FIELDS.has(field)) {
    if (text === '') return { value: field === 'rating' ? undefined : null };
    const number = Number(text.replace(',', '.'));
    return Number.isFinite(number) ? { value: number } : { error: `${field} must be a number` };
  }
  // Files name countries and languages as people write them, in any language: each becomes its code,
  // and a name the directory does not know is left for CreateContactSchema to refuse with the nearest ones.
  switch (field) {
    case 'languages': {
      const languages = text.split(/[,;|]/).map((language) => language.trim()).filter(Boolean);
      return { value: languages.length > 0 ? languages.map((language) => resolveSpokenLanguage(language) ?? language) : undefined };
    }
    case 'country':
      return { value: resolveCountry(text) ?? cell };
    case 'contactMethod':
      return { value: text === '' ? undefined : text.toLowerCase() };
    case 'verifiedAt': {
      if (text === '') return { value: null };
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) return { error: 'verifiedAt must be a date' };
      return date > now ? { error: FUTURE_VERIFICATION } : { value: date };
    }
    case 'name':
    case 'phone':
    case 'city':
    case 'region':
      return { value: cell };
    default:
      return { value: text === '' ? undefined : cell };
  }
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The export's columns: every MedicalContact field, under the header the import maps back. */
const EXPORT_COLUMNS: { header: string; value: (contact: MedicalContact) => string | number | null }[] = [
  { header: EXPORT_ONLY_HEADERS[0], value: (contact) => contact.id },
  ...IMPORT_FIELDS.map((field) => ({ header: IMPORT_HEADER_SYNONYMS[field][0]!, value: (contact: MedicalContact) => exportValue(fieldValue(contact, field)) })),
  { header: EXPORT_ONLY_HEADERS[1], value: (contact) => contact.verifiedBy },
  { header: EXPORT_ONLY_HEADERS[2], value: (contact) => yesNo(contact.dueForReverification) },
  { header: EXPORT_ONLY_HEADERS[3], value: (contact) => contact.lastVerification?.at ?? null },
  { header: EXPORT_ONLY_HEADERS[4], value: (contact) => contact.lastVerification?.method ?? null },
  { header: EXPORT_ONLY_HEADERS[5], value: (contact) => contact.lastVerification?.outcome ?? null },
  { header: EXPORT_ONLY_HEADERS[6], value: (contact) => contact.lastVerification?.by ?? null },
  { header: EXPORT_ONLY_HEADERS[7], value: (contact) => yesNo(contact.findable) },
  { header: EXPORT_ONLY_HEADERS[8], value: (contact) => contact.createdAt },
  { header: EXPORT_ONLY_HEADERS[9], value: (contact) => contact.updatedAt },
];

/**
 * A field as exported. A country or language the directory does not recognise keeps its text beside
 * the codes, so the file loses nothing; importing it again refuses that row until it is fixed.
 */
function fieldValue(contact: MedicalContact, field: ImportField): MedicalContact[ImportField] {
  // The phone as people read it ("+49 30 1234567"); the import reads it back to E.164.
  if (field === 'phone') return formatPhone(contact.phone);
  if (field === 'country') return contact.country || (contact.countryUnrecognised ?? '');
  if (field === 'languages') return [...contact.languages, ...contact.languagesUnrecognised];
  return contact[field];
}

/** Typed text is neutralised for spreadsheets (a phone "+44 …" too); the import restores it. */
function exportValue(value: MedicalContact[ImportField]): string | number | null {
  if (typeof value === 'boolean') return yesNo(value);
  if (Array.isArray(value)) return value.join('; ');
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

/** Contacts as CSV text (header first), for streaming: commas, quotes and newlines are quoted. */
export function contactsCsvStream(contacts: AsyncIterable<MedicalContact>): Readable {
  const stringifier = stringify({ header: true, columns: EXPORT_COLUMNS.map((column) => column.header) });
  async function* records() {
    for await (const contact of contacts) yield EXPORT_COLUMNS.map((column) => column.value(contact));
  }
  // pipeline ends the source (and so the database cursor) when the client goes away.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}
