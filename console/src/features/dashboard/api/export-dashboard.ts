import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { dashboardCsvFileName, type DashboardPeriod } from '@contract/dashboard.js';
import { downloadFile } from '../../../lib/download-file.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { BOT_STATS_URL } from './keys.js';

/** Downloads the chart's figures of the window as dashboard-analytics-{date}.csv (spec §9). */
export async function exportDashboard(period: DashboardPeriod): Promise<void> {
  await downloadFile(`${BOT_STATS_URL}/export?period=${period}`, dashboardCsvFileName(new Date()));
}

export function useExportDashboard() {
  return useSubmitMutation({
    mutationFn: exportDashboard,
    onSuccess: () => notifySuccess('Export Complete', 'The figures of this time range were downloaded as CSV.'),
    onError: () => notifyError('Error', 'Failed to export the dashboard'),
  });
}
