import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useForm } from 'react-hook-form';
import { Banner, type BannerMessage } from '@/components/banner';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useAddMotivo } from '../api/add-motivo';
import { useParadasSinMotivo } from '../api/get-paradas-sin-motivo';
import { MotivoSelect } from './motivo-select';
import { paradaEndText } from './parada-end';

/** One parada without motivo: when, how long, who or what opened it, and the motivo to add. */
function SinMotivoItem({ parada, tz, onDone }: { parada: Parada; tz: string; onDone: (message: BannerMessage) => void }) {
  const add = useAddMotivo();
  const { register, handleSubmit, watch } = useForm({ defaultValues: { motivo_id: '' } });
  const labelId = useId();
  const onSubmit = handleSubmit(({ motivo_id }) => {
    if (!motivo_id) return onDone({ variant: 'danger', text: paradaMessages.motivoRequired });
    // Awaited rather than mutate's callbacks: the parada's event or the list's refetch removes this item
    // before they would run, and callbacks of an unmounted caller never do; the card's banner stays.
    return add.mutateAsync({ id: parada.id, motivo_id: Number(motivo_id) }).then(
      (res) => onDone({ variant: 'success', text: res.message }),
      (e) => onDone({ variant: 'danger', text: errorText(e, paradaMessages.updateFallback, paradaMessages.updateNetwork) }),
    );
  });
  return (
    <li className="list-group-item px-0" aria-labelledby={labelId} data-testid="sin-motivo-item" data-parada-id={parada.id}>
      <p id={labelId} className="mb-2 small">
        <strong>{parada.user_name}</strong> · {formatDateTime(parada.start_time, tz)}–{paradaEndText(parada, tz)} ·{' '}
        {parada.duration_minutes ?? 0} min
      </p>
      <form noValidate onSubmit={onSubmit} className="d-flex flex-wrap align-items-end gap-2">
        <div className="flex-grow-1">
          <MotivoSelect id={`sin-motivo-${parada.id}`} registration={register('motivo_id')} />
        </div>
        <Button type="submit" variant="outline-primary" className="mb-3" disabled={add.isPending || !watch('motivo_id')}>
          {paradaMessages.addMotivo}
        </Button>
      </form>
    </li>
  );
}

/**
 * 'Paradas sin motivo': the arco's ended paradas of the last days without a motivo (the machine's,
 * a colleague's, one's own), for any worker signed in there to complete, so the analysis can name the
 * cause of the minutes. Shown only while there are some.
 */
export function ParadasSinMotivo({ arcoId, tz }: { arcoId: number | null; tz: string }) {
  const list = useParadasSinMotivo(arcoId !== null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const closeBanner = useCallback(() => setBanner(null), []);
  const headingId = useId();
  const rows = list.data ?? [];
  if (rows.length === 0 && !banner) return null;
  return (
    <Card as="section" className="mt-3" aria-labelledby={headingId} data-testid="sin-motivo">
      <Card.Body>
        <h2 id={headingId} className="h6">
          {paradaMessages.sinMotivoTitle} ({rows.length})
        </h2>
        <p className="small text-body-secondary">{paradaMessages.sinMotivoHint}</p>
        <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
        {rows.length === 0 ? (
          <p className="mb-0 small">{paradaMessages.sinMotivoEmpty}</p>
        ) : (
          <ul className="list-group list-group-flush">
            {rows.map((p) => (
              <SinMotivoItem key={p.id} parada={p} tz={tz} onDone={setBanner} />
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
