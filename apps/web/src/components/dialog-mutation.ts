/** A mutation as the shared dialogs call it: TanStack Query's useMutation result fits. */
export interface DialogMutation<V> {
  mutate: (variables: V, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}
