import type { DefaultError, UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiRequestError, newIdempotencyKey } from './api-client.js';
import { useSubmitMutation } from './use-submit-mutation.js';

type IdempotentOptions<TData, TError, TVariables, TContext> = Omit<UseMutationOptions<TData, TError, TVariables, TContext>, 'mutationFn'> & {
  /** Sends the submission with its Idempotency-Key. */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * useSubmitMutation for a create the server does once per Idempotency-Key. When a call gets no answer (the
 * connection dropped, perhaps after the server did the work), submitting the same thing again sends the same
 * key, so the server answers with what it did instead of doing it twice. An answer, even an error, ends the
 * submission (the next one gets a new key), except one that says to try again later.
 */
export function useIdempotentSubmitMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>({
  mutationFn,
  ...options
}: IdempotentOptions<TData, TError, TVariables, TContext>): UseMutationResult<TData, TError, TVariables, TContext> {
  const unanswered = useRef<{ body: string; key: string } | null>(null);
  return useSubmitMutation({
    ...options,
    mutationFn: async (variables) => {
      const body = JSON.stringify(variables);
      const key = unanswered.current?.body === body ? unanswered.current.key : newIdempotencyKey();
      unanswered.current = { body, key };
      try {
        const data = await mutationFn(variables, key);
        unanswered.current = null;
        return data;
      } catch (error) {
        // An answer ends the submission, unless it asks for a retry (its first request is still being handled).
        if (error instanceof ApiRequestError && error.body?.retryAfter === undefined) unanswered.current = null;
        throw error;
      }
    },
  });
}
