import { useState } from 'react';
import { errorText } from '@/lib/api';
import type { DialogMutation } from './dialog-mutation';

/**
 * A delete behind ConfirmModal: `ask(item)` opens it, 'Eliminar' sends `variables(item)`, a failure
 * shows in the dialog (the server's message, else `fallback`, or `network`) and a success closes it and
 * calls `onDeleted`. Spread `dialog` into ConfirmModal.
 */
export function useConfirmDelete<T, V>({
  mutation,
  variables,
  fallback,
  network,
  onDeleted,
}: {
  mutation: DialogMutation<V>;
  variables: (item: T) => V;
  fallback: string;
  network: string;
  onDeleted: () => void;
}) {
  const [pending, setPending] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (pending === null) return;
    setError(null);
    mutation.mutate(variables(pending), {
      onSuccess: () => {
        setPending(null);
        onDeleted();
      },
      onError: (e) => setError(errorText(e, fallback, network)),
    });
  };
  return {
    pending,
    ask: (item: T) => {
      setError(null);
      setPending(item);
    },
    dialog: { show: pending !== null, busy: mutation.isPending, error, onConfirm: confirm, onCancel: () => setPending(null) },
  };
}
