import { useMutation } from '@tanstack/react-query';
import { refreshAccessToken } from '../../../lib/api-client.js';
import { getAccessToken } from '../../../lib/session-tokens.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { toQueryString, type ContactFilterParams } from '../contact-query.js';
import { CONTACTS_URL } from './keys.js';

async function fetchExport(url: string, retry: boolean): Promise<Response> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status === 401 && retry && (await refreshAccessToken())) return fetchExport(url, false);
  return response;
}

/** Downloads every contact matching the filter (not one page) as the server's CSV. */
export async function exportContacts(filter: ContactFilterParams): Promise<void> {
  const query = toQueryString({ ...filter });
  const response = await fetchExport(`${CONTACTS_URL}/export${query ? `?${query}` : ''}`, true);
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `medical-contacts-${new Date().toISOString().slice(0, 10)}.csv`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function useExportContacts() {
  return useMutation({
    mutationFn: exportContacts,
    onSuccess: () => notifySuccess('Export Complete', 'The contacts matching the current filter were downloaded as CSV.'),
    onError: () => notifyError('Error', 'Failed to export medical contacts'),
  });
}
