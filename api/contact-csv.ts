import { parse } from 'csv-parse/sync';
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

export interface ParsedCsv {
  headers: string[];
  mapping: Record<string, ImportField | null>;
  rows: ParsedRow[];
}

const BOOLEAN_FIELDS = new Set<ImportField>(['passwordRequired', 'isWhatsappOnly', 'verified', 'isActive', 'isMasterOfMedicine']);
const NUMBER_FIELDS = new Set<ImportField>(['latitude', 'longitude', 'rating']);
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', '✓']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/**
 * Reads a CSV (first row: headers) into contacts, each checked by CreateContactSchema and its
 * specialty by the taxonomy (`checkSpecialty`, as the form and the API check it). A cell left
 * empty gets the field's default; a value that does not fit its field is a row error naming it.
 * Throws a 400 ApiError when the text is not CSV at all. `now` is the app's clock: a verification
 * dated after it is a row error, never a contact that stays fresh for longer than its cycle.
 */
export function parseContactsCsv(csv: string, givenMapping: Record<string, ImportField | null>, taxonomy: SpecialtyTaxonomy, now: Date): ParsedCsv {
  let records: { record: string[]; raw: string }[];
  try {
    // csv-parse types the synchronous parse as string[][] whatever the options; with info and raw, each record is this shape.
    records = parse(csv, { info: true, raw: true, bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false }) as unknown as typeof records;
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`, 'csv');
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty', 'csv');
  const headers = header.record.map((name) => name.trim());
  const mapping = autoMapHeaders(headers, givenMapping);
  const columns = headers.flatMap((name, index) => (mapping[name] ? [{ index, field: mapping[name] }] : []));

  // Lines are counted in the raw text: a quoted cell may span lines, blank lines may precede a row.
  let linesBefore = newlines(header.raw);
  const rows = body.map(({ record, raw }): ParsedRow => {
    const line = linesBefore + 1 + newlines(/^[\r\n]*/.exec(raw)![0]);
    linesBefore += newlines(raw);
    if (record.every((cell) => cell.trim() === '')) return { line, errors: [{ field: 'row', message: 'The row is empty' }] };
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
    if (errors.length > 0 || !result.success || !specialty || 'error' in specialty) return { line, errors };
    const { allowDuplicate: _ignored, ...contact } = result.data;
    return { line, errors, contact: { ...contact, specialty: specialty.specialty, verifiedAt: verifiedAt ?? null } };
  });
  return { headers, mapping, rows };
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
