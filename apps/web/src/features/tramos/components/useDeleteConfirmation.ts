import type { Tramo } from '@portal/contract/tramos';
import { useState } from 'react';
import { errorText } from '@/lib/api';
import { useDeleteTramo } from '../api/delete-tramo';

/**
 * The delete flow of the tramo grids: which tramo awaits confirmation, the error shown in the
 * confirmation modal, and the success text handed back once the list is refreshed.
 */
export function useDeleteConfirmation({
  adminArea,
  texts,
  onDeleted,
}: {
  adminArea: boolean;
  texts: { success: string; fallback: string; network: string };
  onDeleted: (text: string) => void;
}) {
  const remove = useDeleteTramo({ adminArea });
  const [pending, setPending] = useState<Tramo | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = (tramo: Tramo) => {
    setError(null);
    setPending(tramo);
  };
  const cancel = () => setPending(null);
  const confirm = () => {
    if (!pending) return;
    setError(null);
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        onDeleted(texts.success);
      },
      onError: (e) => setError(errorText(e, texts.fallback, texts.network)),
    });
  };
  return { pending, error, busy: remove.isPending, ask, cancel, confirm };
}
