import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { VerificationSchema, type Verification } from '@contract/contact-verifications.js';
import { ClaimResponseSchema, QueueResponseSchema, type ClaimResponse, type QueueResponse } from '@contract/verification-queue.js';
import { apiRequest } from '../../../lib/api-client.js';
import { CONTACTS_URL, contactsQueryKey } from '../../medical-contacts/api/keys.js';

const QUEUE_URL = '/api/verification-queue';
/** How often the queue and its badge are read again: claims come and go as colleagues work. */
const QUEUE_POLL_MS = 30_000;

/** Under `contactsQueryKey`: any write of a contact (a verification recorded, an edit) refreshes the queue and its badge. */
const queueQueryKey = (page: { limit: number; offset: number }) => [...contactsQueryKey, 'verification-queue', page] as const;
const verificationsQueryKey = (id: number) => [...contactsQueryKey, 'verifications', id] as const;

export async function getVerificationQueue(page: { limit: number; offset: number }): Promise<QueueResponse> {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  return QueueResponseSchema.parse(await apiRequest<unknown>('GET', `${QUEUE_URL}?${params.toString()}`));
}

/** One page of the contacts due, polled. */
export function useVerificationQueue(page: { limit: number; offset: number }, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: queueQueryKey(page),
      queryFn: () => getVerificationQueue(page),
      placeholderData: keepPreviousData,
      refetchInterval: QUEUE_POLL_MS,
      enabled: options.enabled ?? true,
    }),
  );
}

/** A contact's verifications, newest first. */
export function useContactVerifications(id: number) {
  return useQuery(
    queryOptions({
      queryKey: verificationsQueryKey(id),
      queryFn: async (): Promise<Verification[]> => VerificationSchema.array().parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/${id}/verifications`)),
    }),
  );
}

/** Claims a contact for the signed-in staff member (or learns who has it). */
export function useClaimContact() {
  return useMutation({
    mutationFn: async (id: number): Promise<ClaimResponse> => ClaimResponseSchema.parse(await apiRequest<unknown>('POST', `${QUEUE_URL}/${id}/claim`)),
  });
}

/** Lets go of a contact left without saving, so that a colleague can take it at once. */
export function useReleaseClaim() {
  return useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await apiRequest<unknown>('DELETE', `${QUEUE_URL}/${id}/claim`);
    },
  });
}
