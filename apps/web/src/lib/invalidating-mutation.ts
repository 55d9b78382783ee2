import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write that refreshes what it changed: everything under `queryKey` is read again once the server
 * has saved it, or, with `settled`, after a refusal too (the screen catches up with a change made
 * elsewhere). The mutation stays pending until the lists have been asked again.
 */
export function useInvalidatingMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
  when: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey });
  return useMutation({ mutationFn, ...(when === 'settled' ? { onSettled: invalidate } : { onSuccess: invalidate }) });
}
