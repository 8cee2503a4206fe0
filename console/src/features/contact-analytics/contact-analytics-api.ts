import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../lib/use-submit-mutation.js';
import { analyticsCsvFileName, ContactAnalyticsSchema, type AnalyticsPeriod } from '@contract/analytics.js';
import { apiRequest, type RequestOptions } from '../../lib/api-client.js';
import { downloadFile } from '../../lib/download-file.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';

const CONTACT_ANALYTICS_URL = '/api/contact-analytics';

interface ContactAnalyticsFilter {
  period: AnalyticsPeriod;
  region?: string;
}

function queryString({ period, region }: ContactAnalyticsFilter): string {
  return new URLSearchParams({ period, ...(region ? { region } : {}) }).toString();
}

export function useContactAnalytics(filter: ContactAnalyticsFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const url = `${CONTACT_ANALYTICS_URL}?${queryString(filter)}`;
  const figures = async (options?: RequestOptions) => ContactAnalyticsSchema.parse(await apiRequest<unknown>('GET', url, undefined, options));
  const query = useQuery({ queryKey: [url], queryFn: () => figures(), enabled });
  /** Refresh: figures computed now, not the ones the server keeps a while. */
  const refresh = () => queryClient.fetchQuery({ queryKey: [url], queryFn: () => figures({ fresh: true }), staleTime: 0 });
  return { query, refresh };
}

export function useExportContactAnalytics() {
  return useSubmitMutation({
    mutationFn: (filter: ContactAnalyticsFilter) =>
      downloadFile(`${CONTACT_ANALYTICS_URL}/export?${queryString(filter)}`, analyticsCsvFileName('contact-analytics', filter.period, new Date())),
    onSuccess: () => notifySuccess('Export Complete', 'The contact analytics on screen were downloaded as CSV.'),
    onError: () => notifyError('Error', 'Failed to export contact analytics'),
  });
}
