import { zodResolver } from '@hookform/resolvers/zod';
import { type Parada, type ParadaTimesForm, paradaMessages, paradaTimesForm, shiftInstants } from '@portal/contract/paradas';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import { factoryTime } from '@portal/contract/time';
import { useCallback } from 'react';
import { CatalogSelect } from '@/components/catalog-select';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { RecordHistory } from '@/components/record-history';
import { useEditForm } from '@/components/use-edit-form';
import { useAllArcos } from '@/lib/catalog';
import { useFactoryTz } from '@/lib/factory';
import { useCurrentUser } from '@/lib/token';
import { useUpdateParada } from '../api/update-parada';
import { ParadaFields } from './parada-fields';

const empty: ParadaTimesForm = { start: '', end: '', description: '', arco_sumergido_id: '', date: '', motivo_id: '' };

/**
 * Edit a parada: its date and HH:mm times typed in the factory zone (an end earlier than the start on
 * the next day, as for a parada that ran past midnight), turned into instants before they are sent.
 */
export function EditParadaModal({
  parada,
  onHide,
  onSaved,
}: {
  parada: Parada | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const tz = useFactoryTz();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const arcos = useAllArcos();
  const update = useUpdateParada();
  const formValues = useCallback(
    (p: Parada): ParadaTimesForm => ({
      start: factoryTime(p.start_time, tz),
      end: p.end_time ? factoryTime(p.end_time, tz) : '',
      description: p.description ?? '',
      arco_sumergido_id: String(p.arco_sumergido_id),
      date: p.date,
      motivo_id: p.motivo_id ? String(p.motivo_id) : '',
    }),
    [tz],
  );
  const { register, submit, errors, message, setServerError, fail, watch } = useEditForm(parada, formValues, {
    resolver: zodResolver(paradaTimesForm),
    defaultValues: empty,
    order: ['start', 'end', 'description'],
    texts: { fallback: paradaMessages.updateFallback, network: paradaMessages.updateNetwork },
    onOpen: update.reset,
  });

  const [date, start, end] = watch(['date', 'start', 'end']);
  const day = date || parada?.date || '';

  const onSubmit = submit((values) => {
    if (!parada) {
      setServerError(paradaMessages.noneSelected);
      return;
    }
    const { start_time, end_time } = shiftInstants(values.date || parada.date, values.start, values.end, tz);
    if (Date.parse(start_time) >= Date.parse(end_time)) {
      setServerError(paradaMessages.startBeforeEnd);
      return;
    }
    update.mutate(
      {
        id: parada.id,
        start_time,
        end_time,
        description: values.description,
        arco_sumergido_id: values.arco_sumergido_id ? Number(values.arco_sumergido_id) : parada.arco_sumergido_id,
        motivo_id: values.motivo_id ? Number(values.motivo_id) : null,
      },
      {
        onSuccess: (res) => onSaved(res.message || paradaMessages.updated),
        onError: fail,
      },
    );
  });

  const listed = arcos.data ?? [];
  // An arco missing from the list (deleted meanwhile, or the list failed) still shows as chosen.
  const options =
    parada && !listed.some((a) => a.id === parada.arco_sumergido_id)
      ? [...listed, { id: parada.arco_sumergido_id, name: parada.arco_sumergido_name ?? paradaMessages.noArcoName }]
      : listed;

  return (
    <EditModalFrame
      id="edit-parada"
      title={paradaScreenTexts.editTitle}
      show={parada !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <ParadaFields
        idPrefix="edit-parada"
        errorId="edit-parada-error"
        register={register}
        errors={errors}
        nextDay={Boolean(day && start && end && shiftInstants(day, start, end, tz).nextDay)}
        motivoCurrent={parada?.motivo_id ?? null}
      >
        <CatalogSelect
          className="mb-3"
          id="edit-parada-arco"
          label={paradaScreenTexts.arcoLabel}
          by="id"
          items={options}
          pending={arcos.isPending ? <p className="text-muted small mb-0">{paradaMessages.loadingArcos}</p> : undefined}
          {...register('arco_sumergido_id')}
        />
      </ParadaFields>
      {isAdmin && parada && <RecordHistory entity="parada" id={parada.id} />}
    </EditModalFrame>
  );
}
