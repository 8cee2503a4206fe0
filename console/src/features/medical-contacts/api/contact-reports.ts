import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContactReportListSchema, ContactReportSchema, type ContactReport, type ResolveReport } from '@contract/contact-reports.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { CONTACTS_URL, contactReportsQueryKey, contactsQueryKey } from './keys.js';

/** The problems bot users reported about a contact, newest first. */
export async function getContactReports(id: number): Promise<ContactReport[]> {
  return ContactReportListSchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/${id}/reports`));
}

export function useContactReports(id: number) {
  return useQuery(queryOptions({ queryKey: contactReportsQueryKey(id), queryFn: () => getContactReports(id), staleTime: 0 }));
}

export async function resolveReport({ id, status }: { id: number } & ResolveReport): Promise<ContactReport> {
  return ContactReportSchema.parse(await apiRequest<unknown>('PATCH', `/api/contact-reports/${id}`, { status }));
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: resolveReport,
    onSuccess: async (report) => {
      notifySuccess(report.status === 'open' ? 'Report reopened' : 'Report resolved');
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to resolve the report'),
  });
}
