import { useQuery } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { AnalyticsOverviewSchema, analyticsCsvFileName, type AnalyticsOverview, type AnalyticsPeriod } from '@contract/analytics.js';
import { apiRequest } from '../../../lib/api-client.js';
import { downloadFile } from '../../../lib/download-file.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';

const OVERVIEW_URL = '/api/analytics/overview';
const EXPORT_URL = '/api/analytics/export';

export async function getAnalyticsOverview(period: AnalyticsPeriod): Promise<AnalyticsOverview> {
  return AnalyticsOverviewSchema.parse(await apiRequest<unknown>('GET', `${OVERVIEW_URL}?period=${period}`));
}

export function useAnalyticsOverview(period: AnalyticsPeriod) {
  return useQuery({ queryKey: [OVERVIEW_URL, period], queryFn: () => getAnalyticsOverview(period) });
}

export function useExportAnalytics() {
  return useSubmitMutation({
    mutationFn: (period: AnalyticsPeriod) => downloadFile(`${EXPORT_URL}?period=${period}`, analyticsCsvFileName('analytics', period, new Date())),
    onSuccess: () => notifySuccess('Export Complete', 'The analytics of the chosen period were downloaded as CSV.'),
    onError: () => notifyError('Error', 'Failed to export analytics'),
  });
}
