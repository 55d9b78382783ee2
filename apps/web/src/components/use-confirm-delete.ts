import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/lib/api';

export interface DeleteTexts {
  deleted: string;
  /** Shown when a refused delete brings no message of its own. */
  deleteFallback: string;
  network: string;
}

/**
 * The delete flow of the admin lists: which item awaits confirmation and the refusal shown inside the
 * dialog (a 409 explains why the item stays); `modal` goes to ConfirmModal as it is.
 */
export function useConfirmDelete<T extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  texts: DeleteTexts,
  onDeleted: (text: string) => void,
) {
  const [pending, setPending] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = (item: T) => {
    setError(null);
    setPending(item);
  };
  const onConfirm = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        onDeleted(texts.deleted);
      },
      onError: (e) => setError(errorText(e, texts.deleteFallback, texts.network)),
    });
  };
  return { pending, ask, modal: { show: pending !== null, busy: remove.isPending, error, onConfirm, onCancel: () => setPending(null) } };
}
