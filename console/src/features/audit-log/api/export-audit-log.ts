import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { auditLogCsvFileName } from '@contract/audit-log.js';
import { downloadFile } from '../../../lib/download-file.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { auditLogQueryString, type AuditLogView } from '../audit-filter.js';
import { AUDIT_LOG_URL } from './keys.js';

/** Downloads every entry matching the filter (not only the page shown) as audit-log-{date}.csv. */
export async function exportAuditLog(view: AuditLogView): Promise<void> {
  const query = auditLogQueryString(view);
  await downloadFile(`${AUDIT_LOG_URL}/export${query ? `?${query}` : ''}`, auditLogCsvFileName(new Date()));
}

/** The export is itself recorded, so the list and its menus are read again after it. */
export function useExportAuditLog() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: exportAuditLog,
    onSuccess: () => {
      notifySuccess('Export Complete', 'The audit entries matching the current filter were downloaded as CSV.');
      void queryClient.invalidateQueries({ queryKey: [AUDIT_LOG_URL] });
    },
    onError: () => notifyError('Error', 'Failed to export the audit log'),
  });
}
