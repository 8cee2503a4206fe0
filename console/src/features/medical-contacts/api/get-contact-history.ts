import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ContactHistoryEntrySchema, type ContactHistoryEntry } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { CONTACTS_URL, contactHistoryQueryKey } from './keys.js';

const HistorySchema = z.array(ContactHistoryEntrySchema);

/** A contact's changes from the audit log, newest first. */
export async function getContactHistory(id: number): Promise<ContactHistoryEntry[]> {
  return HistorySchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/${id}/history`));
}

export function useContactHistory(id: number) {
  return useQuery(queryOptions({ queryKey: contactHistoryQueryKey(id), queryFn: () => getContactHistory(id), staleTime: 0 }));
}
