import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ContactListResponseSchema, type ContactListResponse } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { toQueryString, type ContactListParams } from '../contact-query.js';
import { CONTACTS_URL, contactListQueryKey } from './keys.js';

/** One page of the directory with its counts, filtered, sorted and paged by the server. */
export async function getContacts({ filter, page, pageSize, sort, order }: ContactListParams): Promise<ContactListResponse> {
  const query = toQueryString({ ...filter, page, pageSize, sort, order });
  return ContactListResponseSchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}?${query}`));
}

export function contactsQueryOptions(params: ContactListParams) {
  return queryOptions({ queryKey: contactListQueryKey(params), queryFn: () => getContacts(params) });
}

/** The list keeps showing the previous page while the next one loads, so paging does not flash. */
export function useContacts(params: ContactListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contactsQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
