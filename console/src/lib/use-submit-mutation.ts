import { useMutation, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * useMutation for a form's submission or an action's button: one click, one request. While a call is
 * in flight, another (a double click, Enter pressed twice) joins it instead of sending again, and
 * `isPending` is true from the click itself, so the button disables at once; TanStack Query reports
 * pending only after a tick, when a second click has already gone out.
 */
export function useSubmitMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef<Promise<TData> | null>(null);
  const [starting, setStarting] = useState(false);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>): Promise<TData> => {
      if (inFlight.current) return inFlight.current;
      setStarting(true);
      const running = send(variables, callOptions).finally(() => {
        inFlight.current = null;
        setStarting(false);
      });
      inFlight.current = running;
      return running;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // As useMutation's own mutate: the error is the callbacks' and the mutation state's to report.
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync, isPending: mutation.isPending || starting } as UseMutationResult<TData, TError, TVariables, TContext>;
}
