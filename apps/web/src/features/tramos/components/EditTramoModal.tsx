import { zodResolver } from '@hookform/resolvers/zod';
import { type Tramo, type TramoEditForm, tramoEditForm, tramoMessages } from '@portal/contract/tramos';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/EditModalFrame';
import { ImagePicker } from '@/components/ImagePicker';
import { TextField } from '@/components/text-field';
import { errorText, imageUrl } from '@/lib/api';
import { useStations } from '../api/get-stations';
import { useUpdateTramo } from '../api/update-tramo';
import { firstError } from './firstError';
import { StationSelect } from './StationSelect';

const order = ['id_tramo', 'id_proyecto', 'id_circular', 'circular_fecha', 'descripcion', 'arco_sumergido_id'] as const;

const empty: TramoEditForm = { id_tramo: '', id_proyecto: '', id_circular: '', circular_fecha: '', descripcion: '', arco_sumergido_id: '' };

/** The Consultar Datos edit modal: the user form, with circular_fecha required. */
export function EditTramoModal({ tramo, onHide, onSaved }: { tramo: Tramo | null; onHide: () => void; onSaved: (text: string) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const stations = useStations(tramo?.nave);
  const update = useUpdateTramo();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TramoEditForm>({ resolver: zodResolver(tramoEditForm), defaultValues: empty });

  useEffect(() => {
    if (!tramo) return;
    reset({
      id_tramo: tramo.id_tramo,
      id_proyecto: tramo.id_proyecto,
      id_circular: tramo.id_circular,
      circular_fecha: tramo.circular_fecha,
      descripcion: tramo.descripcion ?? '',
      arco_sumergido_id: String(tramo.arco_sumergido_id),
    });
    setFile(null);
    setServerError(null);
  }, [tramo, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!tramo) return;
    setServerError(null);
    update.mutate(
      { id: tramo.id, fields: { ...values, nave: tramo.nave, imagen: tramo.imagen }, imagen: file },
      {
        onSuccess: () => onSaved(tramoMessages.updated),
        onError: (error) => setServerError(errorText(error, tramoMessages.updateFallback, tramoMessages.updateNetwork)),
      },
    );
  });

  const message = firstError(errors, order) ?? serverError;
  return (
    <EditModalFrame
      id="edit-tramo"
      title="Editar Circular"
      scrollable
      show={tramo !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <TextField id="edit-tramo-id-tramo" label="ID Tramo" invalid={!!errors.id_tramo} registration={register('id_tramo')} />
      <TextField id="edit-tramo-id-proyecto" label="ID Proyecto" invalid={!!errors.id_proyecto} registration={register('id_proyecto')} />
      <TextField id="edit-tramo-id-circular" label="ID Circular" invalid={!!errors.id_circular} registration={register('id_circular')} />
      <TextField
        id="edit-tramo-fecha"
        label="Fecha de la Circular"
        type="date"
        invalid={!!errors.circular_fecha}
        registration={register('circular_fecha')}
      />
      <TextField
        id="edit-tramo-descripcion"
        label="Descripción"
        textarea
        invalid={!!errors.descripcion}
        registration={register('descripcion')}
      />
      <StationSelect
        id="edit-tramo-arco"
        stations={stations.data ?? []}
        loading={stations.isLoading}
        naveKnown={!!tramo?.nave}
        invalid={!!errors.arco_sumergido_id}
        registration={register('arco_sumergido_id')}
        current={tramo ? { id: tramo.arco_sumergido_id, name: tramo.arco_sumergido_name } : null}
      />
      <ImagePicker file={file} onChange={setFile} existingUrl={imageUrl(tramo?.imagen)} previewMinWidth={100} previewMaxWidth={400} />
    </EditModalFrame>
  );
}
