import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorText } from '@/lib/api';
import { formatPlainDate, formatTime } from '@/lib/dates';
import { useDeleteParada } from '../api/delete-parada';
import { paradaEndText } from './parada-end';

export function DeleteParadaModal({
  parada,
  tz,
  onHide,
  onDeleted,
}: {
  parada: Parada | null;
  tz: string;
  onHide: () => void;
  onDeleted: (text: string) => void;
}) {
  const remove = useDeleteParada();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (parada) setError(null);
  }, [parada]);

  const confirm = () => {
    if (!parada) return;
    remove.mutate(parada.id, {
      onSuccess: () => onDeleted(paradaMessages.deleted),
      onError: (e) => setError(errorText(e, paradaMessages.deleteFallback, paradaMessages.deleteNetwork)),
    });
  };

  return (
    <ConfirmModal show={parada !== null} busy={remove.isPending} error={error} onConfirm={confirm} onCancel={onHide}>
      <p className="mb-1">{paradaMessages.confirmDelete}</p>
      {parada && (
        <p className="mb-0 fw-semibold">
          {formatPlainDate(parada.date)} {formatTime(parada.start_time, tz)}
          {parada.end_time ? ` – ${paradaEndText(parada, tz)}` : ''}
        </p>
      )}
    </ConfirmModal>
  );
}
