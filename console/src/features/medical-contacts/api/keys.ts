import type { ContactFilterParams, ContactListParams } from '../contact-query.js';

/** The contacts directory's addresses and cache keys; every write invalidates `contactsQueryKey`. */
export const CONTACTS_URL = '/api/medical-contacts';

export const contactsQueryKey = [CONTACTS_URL] as const;
export const contactListQueryKey = (params: ContactListParams) => [CONTACTS_URL, 'list', params] as const;
export const contactFilterOptionsQueryKey = [CONTACTS_URL, 'filter-options'] as const;
export const contactMapQueryKey = (filter: ContactFilterParams) => [CONTACTS_URL, 'map', filter] as const;
/** Under `contactsQueryKey`, so an edit refreshes the contact a link opened. */
export const contactQueryKey = (id: number) => [CONTACTS_URL, 'one', id] as const;
export const contactHistoryQueryKey = (id: number) => [CONTACTS_URL, 'history', id] as const;
/** Under `contactsQueryKey`: resolving a report refreshes the list (its Reported filter, its due marks) too. */
export const contactReportsQueryKey = (id: number) => [CONTACTS_URL, 'reports', id] as const;
/** Outside `contactsQueryKey`, so refreshing the list after an import does not poll the import again. */
export const importStatusQueryKey = (id: number) => [`${CONTACTS_URL}/imports`, id] as const;
export const confirmationLinkQueryKey = (id: number) => [CONTACTS_URL, 'confirmation-link', id] as const;
export const linkedAccountsQueryKey = (id: number) => [CONTACTS_URL, 'linked-accounts', id] as const;
