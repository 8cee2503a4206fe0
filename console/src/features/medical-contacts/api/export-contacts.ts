import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { downloadFile } from '../../../lib/download-file.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { toQueryString, type ContactFilterParams } from '../contact-query.js';
import { CONTACTS_URL } from './keys.js';

/** Downloads every contact matching the filter (not one page) as the server's CSV. */
export async function exportContacts(filter: ContactFilterParams): Promise<void> {
  const query = toQueryString({ ...filter });
  await downloadFile(`${CONTACTS_URL}/export${query ? `?${query}` : ''}`, `medical-contacts-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useExportContacts() {
  return useSubmitMutation({
    mutationFn: exportContacts,
    onSuccess: () => notifySuccess('Export Complete', 'The contacts matching the current filter were downloaded as CSV.'),
    onError: () => notifyError('Error', 'Failed to export medical contacts'),
  });
}
