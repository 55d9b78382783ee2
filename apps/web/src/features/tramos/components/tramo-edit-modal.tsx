import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminUpdateError,
  type Tramo,
  type TramoEditForm,
  tramoAdminEditForm,
  tramoEditForm,
  tramoMessages,
  tramoScreenTexts,
} from '@portal/contract/tramos';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { ImagePicker } from '@/components/image-picker';
import { RecordHistory } from '@/components/record-history';
import { useEditForm } from '@/components/use-edit-form';
import { ApiError, errorText, imageUrl } from '@/lib/api';
import { useUpdateTramo } from '../api/update-tramo';
import { ArcoSelect } from './arco-select';
import { TramoFields } from './tramo-fields';

const order = ['id_tramo', 'id_proyecto', 'id_circular', 'circular_fecha', 'descripcion', 'arco_sumergido_id'] as const;

const formValues = (tramo: Tramo): TramoEditForm => ({
  id_tramo: tramo.id_tramo,
  id_proyecto: tramo.id_proyecto,
  id_circular: tramo.id_circular,
  circular_fecha: tramo.circular_fecha,
  descripcion: tramo.descripcion ?? '',
  arco_sumergido_id: String(tramo.arco_sumergido_id),
});

const empty: TramoEditForm = { id_tramo: '', id_proyecto: '', id_circular: '', circular_fecha: '', descripcion: '', arco_sumergido_id: '' };

/**
 * The two circular editors. The user's (Consultar Datos) edits every field of the user form, the date
 * required, and sends the nave and the stored image back. The admin area's edits the ids and the
 * description, and reports a failure as 'Error al actualizar circular: {status} - {message}'.
 */
const areas = {
  user: {
    id: 'edit-tramo',
    fields: 'edit-tramo',
    resolver: zodResolver(tramoEditForm),
    previewMaxWidth: 400,
    saved: tramoMessages.updated,
    failure: (error: unknown) => errorText(error, tramoMessages.updateFallback, tramoMessages.updateNetwork),
  },
  admin: {
    id: 'admin-edit-tramo',
    fields: 'admin-tramo',
    // Checks a subset of the user form's fields; the values it passes on hold only those.
    resolver: zodResolver(tramoAdminEditForm) as unknown as Resolver<TramoEditForm>,
    previewMaxWidth: 100,
    saved: tramoMessages.adminUpdated,
    failure: (error: unknown) =>
      error instanceof ApiError && !error.isNetwork
        ? adminUpdateError(error.status, error.serverMessage ?? tramoMessages.updateFallback)
        : tramoMessages.updateNetwork,
  },
};

/** Edit a circular (the three ids, the description, optionally a new image; the user's also the date and the arco). */
export function TramoEditModal({
  area,
  tramo,
  onHide,
  onSaved,
}: {
  area: keyof typeof areas;
  tramo: Tramo | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const { id, fields, resolver, previewMaxWidth, saved, failure } = areas[area];
  const user = area === 'user';
  const [file, setFile] = useState<File | null>(null);
  const update = useUpdateTramo({ adminArea: !user });
  const { register, submit, errors, message, setServerError } = useEditForm(tramo, formValues, {
    resolver,
    defaultValues: empty,
    order,
    texts: { fallback: tramoMessages.updateFallback, network: tramoMessages.updateNetwork },
    onOpen: () => setFile(null),
  });

  const onSubmit = submit((values) => {
    if (!tramo) return;
    update.mutate(
      { id: tramo.id, fields: user ? { ...values, nave: tramo.nave, imagen: tramo.imagen } : values, imagen: file },
      { onSuccess: () => onSaved(saved), onError: (error) => setServerError(failure(error)) },
    );
  });

  return (
    <EditModalFrame
      id={id}
      title={tramoScreenTexts.editTitle}
      scrollable
      show={tramo !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <TramoFields
        idPrefix={fields}
        errorId={`${id}-error`}
        register={register}
        errors={errors}
        date={user ? register('circular_fecha') : undefined}
      />
      {user && (
        <ArcoSelect
          id={`${fields}-arco`}
          nave={tramo?.nave}
          invalid={!!errors.arco_sumergido_id}
          registration={register('arco_sumergido_id')}
          current={tramo ? { id: tramo.arco_sumergido_id, name: tramo.arco_sumergido_name } : null}
        />
      )}
      <ImagePicker
        file={file}
        onChange={setFile}
        existingUrl={imageUrl(tramo?.imagen)}
        previewMinWidth={100}
        previewMaxWidth={previewMaxWidth}
      />
      {!user && tramo && <RecordHistory entity="tramo" id={tramo.id} />}
    </EditModalFrame>
  );
}
