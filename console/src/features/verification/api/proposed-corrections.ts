import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProposedCorrectionListSchema, ProposedCorrectionSchema, type ProposedCorrection, type ProposedCorrectionList } from '@contract/self-confirmation.js';
import type { AcceptedField } from '@contract/accepted-corrections.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

const URL = '/api/proposed-corrections';
/** Under the contacts' key too: an accepted correction changes the contact. */
export const proposedCorrectionsQueryKey = (contactId: number | undefined) => [URL, contactId ?? 'all'] as const;

/** The corrections contacts proposed through the bot and staff have not resolved, oldest first. */
export function useProposedCorrections(contactId?: number) {
  return useQuery(
    queryOptions({
      queryKey: proposedCorrectionsQueryKey(contactId),
      queryFn: async (): Promise<ProposedCorrectionList> =>
        ProposedCorrectionListSchema.parse(await apiRequest<unknown>('GET', `${URL}?limit=100${contactId === undefined ? '' : `&contactId=${contactId}`}`)),
      staleTime: 0,
    }),
  );
}

function useResolve<T>(request: (input: T) => Promise<ProposedCorrection>, done: (proposal: ProposedCorrection) => string, failure: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: request,
    onSuccess: async (proposal) => {
      notifySuccess(done(proposal));
      await Promise.all([queryClient.invalidateQueries({ queryKey: [URL] }), queryClient.invalidateQueries({ queryKey: ['/api/medical-contacts'] })]);
    },
    onError: (error) => notifyFailure(error, failure),
  });
}

export function useAcceptCorrection() {
  return useResolve(
    async ({ id, fields }: { id: number; fields: AcceptedField[] }) => ProposedCorrectionSchema.parse(await apiRequest<unknown>('POST', `${URL}/${id}/accept`, { fields })),
    (proposal) => (proposal.status === 'accepted' ? 'Correction accepted' : 'Correction partly accepted'),
    'Failed to accept the correction',
  );
}

export function useRejectCorrection() {
  return useResolve(
    async (id: number) => ProposedCorrectionSchema.parse(await apiRequest<unknown>('POST', `${URL}/${id}/reject`)),
    () => 'Correction rejected',
    'Failed to reject the correction',
  );
}
