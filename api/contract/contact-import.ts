import { z } from 'zod';

/** The contact fields a CSV column can fill (CreateContactSchema's, plus when it was verified). */
export const IMPORT_FIELDS = [
  'name',
  'phone',
  'specialty',
  'city',
  'region',
  'country',
  'latitude',
  'longitude',
  'contactMethod',
  'telegramUsername',
  'startMessage',
  'specialInstructions',
  'passwordRequired',
  'isWhatsappOnly',
  'availableHours',
  'responseTime',
  'languages',
  'rating',
  'verified',
  'verifiedAt',
  'isActive',
  'isMasterOfMedicine',
  'comments',
] as const;
export const ImportFieldSchema = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ImportFieldSchema>;

/** The largest CSV file an import (or its dry run) reads, in bytes: a million contacts fit. */
export const MAX_IMPORT_CSV_BYTES = 512 * 1024 * 1024;
/** The media type of an import's body: the CSV file itself, streamed. */
export const IMPORT_CSV_MEDIA_TYPE = 'text/csv';
/** The preview lists at most this many problem rows; the counts cover them all. */
export const MAX_PREVIEW_PROBLEM_ROWS = 500;

/**
 * The header names (compared without case, spaces, underscores, dashes and dots) that map to each
 * field. The CSV export writes the first one of each, so an exported file maps back unchanged.
 */
export const IMPORT_HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  name: ['Name', 'Full name', 'Contact name', 'Doctor'],
  phone: ['Phone', 'Telephone', 'Phone number', 'Tel', 'Mobile'],
  specialty: ['Specialty', 'Speciality', 'Specialization', 'Specialisation'],
  city: ['City', 'Town'],
  region: ['Region', 'State', 'Province', 'County'],
  country: ['Country'],
  latitude: ['Latitude', 'Lat'],
  longitude: ['Longitude', 'Lng', 'Lon', 'Long'],
  contactMethod: ['Contact method', 'Method', 'Preferred contact'],
  telegramUsername: ['Telegram username', 'Telegram', 'Telegram handle'],
  startMessage: ['Start message'],
  specialInstructions: ['Special instructions', 'Instructions'],
  passwordRequired: ['Password required'],
  isWhatsappOnly: ['WhatsApp only', 'Is WhatsApp only'],
  availableHours: ['Available hours', 'Hours', 'Opening hours'],
  responseTime: ['Response time'],
  languages: ['Languages', 'Language'],
  rating: ['Rating', 'Stars'],
  verified: ['Verified'],
  verifiedAt: ['Verified at', 'Verification date'],
  isActive: ['Active', 'Is active'],
  isMasterOfMedicine: ['Master of Medicine', 'Is Master of Medicine', 'MoM'],
  comments: ['Comments', 'Comment', 'Notes', 'Note'],
};

/** Export columns that describe a contact but are not imported (the database decides them). */
export const EXPORT_ONLY_HEADERS = [
  'ID',
  'Verified by',
  'Due for reverification',
  'Last verified at',
  'Last verification method',
  'Last verification outcome',
  'Last verified by',
  'Findable',
  'Created at',
  'Updated at',
] as const;

/** A header as compared for auto-matching: "Full_Name " and "full name" are one. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s_.-]+/g, '');
}

const HEADER_TO_FIELD = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => [field, ...IMPORT_HEADER_SYNONYMS[field]].map((name) => [headerKey(name), field] as const)),
);

/** Column → field, matched by header name; each field is taken by the first column that names it. */
export function autoMapHeaders(headers: readonly string[], given: Partial<Record<string, ImportField | null>> = {}): Record<string, ImportField | null> {
  const mapping: Record<string, ImportField | null> = {};
  const taken = new Set<ImportField>(Object.values(given).filter((field): field is ImportField => !!field));
  for (const header of headers) {
    if (header in given) {
      mapping[header] = given[header] ?? null;
      continue;
    }
    const field = HEADER_TO_FIELD.get(headerKey(header));
    mapping[header] = field && !taken.has(field) ? field : null;
    if (field) taken.add(field);
  }
  return mapping;
}

const MappingSchema = z.record(z.string(), ImportFieldSchema.nullable());

const MAPPING_RULE = 'Mapping must be a JSON object from column header to contact field (or null to ignore the column).';

/** A column mapping sent in the query string, as JSON. */
const MappingQuerySchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: MAPPING_RULE });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), ImportFieldSchema.nullable(), { error: MAPPING_RULE }));

/** An import's dry run: the CSV file is the request body (IMPORT_CSV_MEDIA_TYPE); these travel in the query string. */
export const ImportPreviewQuerySchema = z.object({
  fileName: z.string().trim().max(255).optional(),
  /** Column header → field (null ignores the column), as JSON. Columns left out are matched by header. */
  mapping: MappingQuerySchema.optional(),
});
export type ImportPreviewQuery = z.input<typeof ImportPreviewQuerySchema>;

export const ImportCommitQuerySchema = ImportPreviewQuerySchema.extend({
  /** Leave out rows that look like an existing contact or an earlier row (default); false imports them too. */
  skipDuplicates: z.enum(['true', 'false'], { error: 'Skip duplicates must be true or false.' }).default('true').transform((value) => value === 'true'),
});
export type ImportCommitQuery = z.input<typeof ImportCommitQuerySchema>;

export const ImportRowErrorSchema = z.object({ field: z.string(), message: z.string() });

/** The contact (or earlier row of the same file) a row duplicates. */
export const DuplicateOfSchema = z.object({
  /** The existing contact's id; null for an earlier row of the same file. */
  id: z.number().nullable(),
  /** The earlier row's line; null for an existing contact. */
  line: z.number().nullable(),
  name: z.string(),
  phone: z.string(),
  city: z.string(),
});

export const ImportPreviewRowSchema = z.object({
  /** The CSV line the row ends on (the header is line 1). */
  line: z.number(),
  status: z.enum(['ok', 'error', 'duplicate']),
  errors: z.array(ImportRowErrorSchema),
  duplicateOf: DuplicateOfSchema.optional(),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewResponseSchema = z.object({
  headers: z.array(z.string()),
  mapping: MappingSchema,
  totalRows: z.number(),
  /** Rows that pass validation and duplicate nothing: what a commit with skipDuplicates imports. */
  validRows: z.number(),
  errorRows: z.number(),
  duplicateRows: z.number(),
  /** The first MAX_PREVIEW_PROBLEM_ROWS rows with errors or duplicates, in file order. */
  rows: z.array(ImportPreviewRowSchema),
  /** More problem rows exist than `rows` lists. */
  rowsTruncated: z.boolean(),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponseSchema>;

export const ImportStartedResponseSchema = z.object({ importId: z.number() });

export const ContactImportSchema = z.object({
  id: z.number(),
  fileName: z.string().nullable(),
  createdBy: z.string().nullable(),
  status: z.enum(['running', 'completed', 'failed', 'undone']),
  totalRows: z.number(),
  processedRows: z.number(),
  importedRows: z.number(),
  skippedRows: z.number(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof ContactImportSchema>;

export const ContactImportListSchema = z.object({ items: z.array(ContactImportSchema) });
