import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ContactImportSchema,
  IMPORT_CSV_MEDIA_TYPE,
  ImportPreviewResponseSchema,
  ImportStartedResponseSchema,
  type ContactImport,
  type ImportCommitQuery,
  type ImportField,
  type ImportPreviewResponse,
} from '@contract/contact-import.js';
import { BulkResultSchema, type BulkResult } from '@contract/medical-contacts.js';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.js';
import { formatCount } from '../../../lib/format.js';
import { CONTACTS_URL, contactsQueryKey, importStatusQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';

/** A CSV file to import, and the column mapping chosen for it (columns left out are matched by header). */
export interface ImportFile {
  file: File;
  mapping?: Record<string, ImportField | null>;
}

/** The file is the body itself, which the browser streams as it reads it; the rest travels in the query string. */
function importRequest(path: string, { file, mapping }: ImportFile, skipDuplicates?: boolean): [string, RequestOptions] {
  const query: ImportCommitQuery = { fileName: file.name };
  if (mapping) query.mapping = JSON.stringify(mapping);
  if (skipDuplicates !== undefined) query.skipDuplicates = skipDuplicates ? 'true' : 'false';
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return [`${CONTACTS_URL}/${path}?${search}`, { file: { body: file, contentType: IMPORT_CSV_MEDIA_TYPE } }];
}

/** The dry run: headers, the column mapping, and each problem row, with nothing saved. */
export async function previewImport(request: ImportFile): Promise<ImportPreviewResponse> {
  const [url, options] = importRequest('import/preview', request);
  return ImportPreviewResponseSchema.parse(await apiRequest<unknown>('POST', url, undefined, options));
}

/** Starts the import; the server answers with the id to follow once it has read the file. The key makes a repeat import nothing more. */
export async function startImport(request: ImportFile & { skipDuplicates: boolean }, idempotencyKey: string): Promise<number> {
  const [url, options] = importRequest('import', request, request.skipDuplicates);
  return ImportStartedResponseSchema.parse(await apiRequest<unknown>('POST', url, undefined, { ...options, idempotencyKey })).importId;
}

export async function getImport(id: number): Promise<ContactImport> {
  return ContactImportSchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/imports/${id}`));
}

/** Removes every contact the import added; answers how many. */
export async function undoImport(id: number): Promise<BulkResult> {
  return BulkResultSchema.parse(await apiRequest<unknown>('POST', `${CONTACTS_URL}/imports/${id}/undo`));
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport, onError: (error) => notifyFailure(error, 'Failed to read the CSV file') });
}

export function useStartImport() {
  return useIdempotentSubmitMutation({ mutationFn: startImport, onError: (error) => notifyFailure(error, 'Failed to import medical contacts') });
}

/** Polls a running import twice a second for the progress bar; stops once it has finished. */
export function useImportStatus(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: importStatusQueryKey(id ?? 0),
      queryFn: async () => {
        const status = await getImport(id!);
        if (status.status !== 'running') await queryClient.invalidateQueries({ queryKey: contactsQueryKey, refetchType: 'active' });
        return status;
      },
      enabled: id !== null,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 500 : false),
    }),
  );
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: undoImport,
    onSuccess: async ({ recordsAffected }, id) => {
      notifySuccess(`Import undone: ${formatCount(recordsAffected, 'contact')} removed`);
      await queryClient.invalidateQueries({ queryKey: importStatusQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to undo the import'),
  });
}
