import { useQueryClient } from '@tanstack/react-query';
import { SpecialtySchema, type Specialty, type SpecialtyRequest } from '@contract/specialties.js';
import { apiRequest } from '../../lib/api-client.js';
import { notifyFailure, notifySuccess } from '../../lib/notify.js';
import { SPECIALTIES_URL } from '../../lib/specialties.js';
import { useIdempotentSubmitMutation } from '../../lib/use-idempotent-submit-mutation.js';
import { useSubmitMutation } from '../../lib/use-submit-mutation.js';

/**
 * After any change every cached answer is refreshed, not only the taxonomy's: a rename renames the
 * contacts that have the specialty, and the directory counts the specialties outside the list.
 */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useCreateSpecialty() {
  const refresh = useRefreshAll();
  return useIdempotentSubmitMutation({
    mutationFn: async (names: SpecialtyRequest['names'], idempotencyKey: string): Promise<Specialty> =>
      SpecialtySchema.parse(await apiRequest<unknown>('POST', SPECIALTIES_URL, { names }, { idempotencyKey })),
    onSuccess: async (created) => {
      notifySuccess(`Specialty "${created.name}" added`);
      await refresh();
    },
    onError: (error) => notifyFailure(error, 'Failed to add the specialty'),
  });
}

export function useUpdateSpecialty() {
  const refresh = useRefreshAll();
  return useSubmitMutation({
    mutationFn: async ({ id, names }: { id: number; names: SpecialtyRequest['names'] }): Promise<Specialty> =>
      SpecialtySchema.parse(await apiRequest<unknown>('PATCH', `${SPECIALTIES_URL}/${id}`, { names })),
    onSuccess: async (updated) => {
      notifySuccess(`Specialty "${updated.name}" saved`);
      await refresh();
    },
    onError: (error) => notifyFailure(error, 'Failed to save the specialty'),
  });
}

export function useDeleteSpecialty() {
  const refresh = useRefreshAll();
  return useSubmitMutation({
    mutationFn: (specialty: Specialty) => apiRequest<{ success: true }>('DELETE', `${SPECIALTIES_URL}/${specialty.id}`),
    onSuccess: async (_done, specialty) => {
      notifySuccess(`Specialty "${specialty.name}" deleted`);
      await refresh();
    },
    onError: (error) => notifyFailure(error, 'Failed to delete the specialty'),
  });
}
