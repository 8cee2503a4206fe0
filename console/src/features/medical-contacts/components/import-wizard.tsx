import RiCheckboxCircleLine from 'remixicon/icons/System/checkbox-circle-line.svg?react';
import RiErrorWarningLine from 'remixicon/icons/System/error-warning-line.svg?react';
import RiFileUploadLine from 'remixicon/icons/Document/file-upload-line.svg?react';
import { Badge, Button, Callout, ProgressBar } from '@tremor/react';
import { useId, useState } from 'react';
import {
  IMPORT_FIELDS,
  IMPORT_HEADER_SYNONYMS,
  type ImportField,
  type ImportPreviewResponse,
  type ImportPreviewRow,
} from '@contract/contact-import.js';
import { CheckboxField } from '../../../components/checkbox-field.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { SELECT_CLASSES } from '../../../components/select-field.js';
import { formatCount, formatNumber, pluralForm } from '../../../lib/format.js';
import { useImportStatus, usePreviewImport, useStartImport, useUndoImport, type ImportFile } from '../api/contact-import.js';

type Mapping = Record<string, ImportField | null>;


export function ImportWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} size="lg" title="Import Contacts from CSV">
      <ImportSteps onClose={onClose} />
    </ModalDialog>
  );
}

/** Choose a file → check the dry run and the column mapping → import with progress → result, with undo. */
function ImportSteps({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<ImportFile | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const preview = usePreviewImport();
  const startImport = useStartImport();

  if (importId !== null) return <ImportProgress importId={importId} onClose={onClose} />;
  if (file && preview.data) {
    return (
      <ImportPreview
        preview={preview.data}
        checking={preview.isPending}
        importing={startImport.isPending}
        onMapping={(mapping) => preview.mutate({ file: file.file, mapping })}
        onBack={() => {
          setFile(null);
          preview.reset();
        }}
        onImport={(mapping, skipDuplicates) => startImport.mutate({ file: file.file, mapping, skipDuplicates }, { onSuccess: setImportId })}
      />
    );
  }
  return (
    <ChooseFile
      checking={preview.isPending}
      onChosen={(chosen) => {
        setFile(chosen);
        preview.mutate(chosen);
      }}
      onClose={onClose}
    />
  );
}

function ChooseFile({ checking, onChosen, onClose }: { checking: boolean; onChosen: (file: ImportFile) => void; onClose: () => void }) {
  const inputId = useId();
  return (
    <div className="space-y-4">
      <p className="text-tremor-default">
        Columns are matched to contact fields by their headers; you can change the matching before anything is saved. A file
        exported from this screen imports back unchanged.
      </p>
      <div className="rounded-tremor-default border border-dashed border-tremor-border p-6 text-center">
        <RiFileUploadLine className="mx-auto h-8 w-8 text-tremor-content-subtle" aria-hidden="true" />
        <label htmlFor={inputId} className="mt-2 block text-tremor-default font-medium text-tremor-content-strong">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={checking}
          className="mx-auto mt-2 block max-w-full text-tremor-default"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChosen({ file: chosen });
          }}
        />
        {checking ? (
          <p role="status" className="mt-2 text-tremor-label">
            Checking the file...
          </p>
        ) : null}
      </div>
      <div className="flex justify-end border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function fieldLabel(field: ImportField): string {
  return IMPORT_HEADER_SYNONYMS[field][0] ?? field;
}

function rowProblem(row: ImportPreviewRow): string {
  if (row.status === 'duplicate' && row.duplicateOf) {
    const { id, line, name, phone, city } = row.duplicateOf;
    return `Looks like ${id !== null ? `existing contact #${id}` : `line ${line}`}: ${name}, ${phone}, ${city}`;
  }
  return row.errors.map((error) => `${error.field}: ${error.message}`).join('; ');
}

interface ImportPreviewProps {
  preview: ImportPreviewResponse;
  checking: boolean;
  importing: boolean;
  onMapping: (mapping: Mapping) => void;
  onBack: () => void;
  onImport: (mapping: Mapping, skipDuplicates: boolean) => void;
}

function ImportPreview({ preview, checking, importing, onMapping, onBack, onImport }: ImportPreviewProps) {
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const mappingHeadingId = useId();
  const rowsHeadingId = useId();
  const importable = preview.validRows + (skipDuplicates ? 0 : preview.duplicateRows);
  const mapped = new Set(Object.values(preview.mapping).filter(Boolean));
  const missing = (['name', 'phone', 'city', 'region', 'country'] as const).filter((field) => !mapped.has(field));

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Rows', preview.totalRows],
          ['Ready to import', preview.validRows],
          ['With errors', preview.errorRows],
          ['Duplicates', preview.duplicateRows],
        ].map(([label, value]) => (
          <div key={label} className="rounded-tremor-default border border-tremor-border p-3">
            <dt className="text-tremor-label text-tremor-content">{label}</dt>
            <dd className="text-tremor-title font-semibold text-tremor-content-strong">{formatNumber(Number(value))}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby={mappingHeadingId} className="space-y-2">
        <h3 id={mappingHeadingId} className="text-tremor-default font-semibold text-tremor-content-strong">
          Column mapping
        </h3>
        {missing.length > 0 ? (
          <p className="text-tremor-label text-amber-700">Required fields with no column: {missing.map(fieldLabel).join(', ')}.</p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {preview.headers.map((header) => (
            <MappingSelect
              key={header}
              header={header}
              value={preview.mapping[header] ?? null}
              disabled={checking}
              onChange={(field) => onMapping({ ...preview.mapping, [header]: field })}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby={rowsHeadingId} className="space-y-2">
        <h3 id={rowsHeadingId} className="text-tremor-default font-semibold text-tremor-content-strong">
          Rows to check
        </h3>
        {preview.rows.length === 0 ? (
          <p className="flex items-center gap-1 text-tremor-default text-emerald-700">
            <RiCheckboxCircleLine className="h-4 w-4" aria-hidden="true" /> Every row is valid and new.
          </p>
        ) : (
          <ul className="max-h-56 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border text-tremor-label">
            {preview.rows.map((row) => (
              <li key={row.line} className="flex items-start gap-2 px-3 py-2">
                <span className="w-16 shrink-0 font-medium text-tremor-content-strong">Line {row.line}</span>
                <Badge size="xs" color={row.status === 'error' ? 'red' : 'amber'}>
                  {row.status === 'error' ? 'Error' : 'Duplicate'}
                </Badge>
                <span className="min-w-0 break-words">{rowProblem(row)}</span>
              </li>
            ))}
          </ul>
        )}
        {preview.rowsTruncated ? <p className="text-tremor-label">Only the first rows with problems are listed; the counts cover them all.</p> : null}
      </section>

      <CheckboxField label="Skip duplicate rows" checked={skipDuplicates} onChange={(event) => setSkipDuplicates(event.target.checked)} />
      {preview.errorRows > 0 ? <p className="text-tremor-label">Rows with errors are never imported.</p> : null}

      <div className="flex flex-col-reverse gap-3 border-t border-tremor-border pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onBack}>
          Choose another file
        </Button>
        <Button type="button" disabled={checking || importing || importable === 0} onClick={() => onImport(preview.mapping, skipDuplicates)}>
          {importing ? 'Starting...' : `Import ${formatCount(importable, 'contact')}`}
        </Button>
      </div>
    </div>
  );
}

function MappingSelect({ header, value, disabled, onChange }: { header: string; value: ImportField | null; disabled: boolean; onChange: (field: ImportField | null) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="w-2/5 shrink-0 truncate text-tremor-default text-tremor-content-strong" title={header}>
        {header}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => {
          const field = IMPORT_FIELDS.find((candidate) => candidate === event.target.value);
          onChange(field ?? null);
        }}
        className={`${SELECT_CLASSES} py-1.5`}
      >
        <option value="">Ignore this column</option>
        {IMPORT_FIELDS.map((field) => (
          <option key={field} value={field}>
            {fieldLabel(field)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ImportProgress({ importId, onClose }: { importId: number; onClose: () => void }) {
  const status = useImportStatus(importId);
  const undo = useUndoImport();
  const current = status.data;

  if (!current) {
    return status.isError ? (
      <Callout color="red" icon={RiErrorWarningLine} title="The import's progress could not be read" />
    ) : (
      <p role="status">Starting the import...</p>
    );
  }

  const percent = current.totalRows === 0 ? 100 : Math.round((current.processedRows / current.totalRows) * 100);
  return (
    <div className="space-y-4">
      {current.status === 'running' ? (
        <div className="space-y-2">
          <p id={`import-progress-${importId}`} className="text-tremor-default">
            Importing {formatNumber(current.processedRows)} of {formatCount(current.totalRows, 'row')}...
          </p>
          <div role="progressbar" aria-labelledby={`import-progress-${importId}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <ProgressBar value={percent} showAnimation />
          </div>
        </div>
      ) : current.status === 'failed' ? (
        <Callout role="alert" color="red" icon={RiErrorWarningLine} title="The import failed; nothing was saved">
          {current.errorMessage}
        </Callout>
      ) : current.status === 'undone' ? (
        <Callout color="gray" title="Import undone">
          The {formatCount(current.importedRows, 'contact')} this import added {pluralForm(current.importedRows, 'was', 'were')} removed.
        </Callout>
      ) : (
        <Callout color="emerald" icon={RiCheckboxCircleLine} title="Import complete">
          {formatCount(current.importedRows, 'contact')} imported, {formatCount(current.skippedRows, 'row')} skipped.
        </Callout>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-tremor-border pt-4 sm:flex-row sm:justify-end">
        {current.status === 'completed' && current.importedRows > 0 ? (
          <Button type="button" variant="secondary" color="red" disabled={undo.isPending} onClick={() => undo.mutate(importId)}>
            {undo.isPending ? 'Undoing...' : 'Undo import'}
          </Button>
        ) : null}
        <Button type="button" onClick={onClose} disabled={current.status === 'running'}>
          Done
        </Button>
      </div>
    </div>
  );
}
