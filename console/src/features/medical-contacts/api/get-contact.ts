import { useQuery } from '@tanstack/react-query';
import { MedicalContactSchema, type MedicalContact } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { CONTACTS_URL, contactQueryKey } from './keys.js';

/** One contact by id, for a link that names it (`/medical-contacts?contact=<id>`); off while `id` is null. */
export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactQueryKey(id ?? 0),
    queryFn: async (): Promise<MedicalContact> => MedicalContactSchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/${id}`)),
    enabled: id !== null,
  });
}
