import { useQuery } from '@tanstack/react-query';
import { ContactFilterOptionsSchema, type ContactFilterOptions } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { CONTACTS_URL, contactFilterOptionsQueryKey } from './keys.js';

/** The specialties, countries and regions the filters offer; refreshed with the directory (its key is under `contactsQueryKey`). */
export async function getContactFilterOptions(): Promise<ContactFilterOptions> {
  return ContactFilterOptionsSchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/filter-options`));
}

export function useContactFilterOptions() {
  return useQuery({ queryKey: contactFilterOptionsQueryKey, queryFn: getContactFilterOptions });
}
