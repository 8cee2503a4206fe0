import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { botLogsCsvFileName, type BotLogFilter } from '@contract/bot-logs.js';
import { downloadFile } from '../../../lib/download-file.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { logQueryString } from '../log-filter.js';
import { BOT_LOGS_URL } from './keys.js';

/** Downloads every log matching the filter (not only those loaded) as bot-logs-{date}.csv. */
export async function exportBotLogs(filter: BotLogFilter): Promise<void> {
  const query = logQueryString(filter);
  await downloadFile(`${BOT_LOGS_URL}/export${query ? `?${query}` : ''}`, botLogsCsvFileName(new Date()));
}

export function useExportBotLogs() {
  return useSubmitMutation({
    mutationFn: exportBotLogs,
    onSuccess: () => notifySuccess('Export Complete', 'The logs matching the current filter were downloaded as CSV.'),
    onError: () => notifyError('Error', 'Failed to export bot logs'),
  });
}
