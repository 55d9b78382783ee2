import { zodResolver } from '@hookform/resolvers/zod';
import { adminUpdateError, type Tramo, type TramoAdminEditForm, tramoAdminEditForm, tramoMessages } from '@portal/contract/tramos';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/EditModalFrame';
import { ImagePicker } from '@/components/ImagePicker';
import { TextField } from '@/components/text-field';
import { ApiError, imageUrl } from '@/lib/api';
import { useUpdateTramo } from '../api/update-tramo';
import { firstError } from './firstError';

const order = ['id_tramo', 'id_proyecto', 'id_circular', 'descripcion'] as const;

/** SPEC.md section 8: the admin area reports 'Error al actualizar circular: {status} - {message}'. */
function adminErrorText(error: unknown): string {
  if (error instanceof ApiError && !error.isNetwork)
    return adminUpdateError(error.status, error.serverMessage ?? tramoMessages.updateFallback);
  return tramoMessages.updateNetwork;
}

/** The admin edit: the three ids, the description and optionally a new image. */
export function AdminEditTramoModal({
  tramo,
  onHide,
  onSaved,
}: {
  tramo: Tramo | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const update = useUpdateTramo({ adminArea: true });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TramoAdminEditForm>({
    resolver: zodResolver(tramoAdminEditForm),
    defaultValues: { id_tramo: '', id_proyecto: '', id_circular: '', descripcion: '' },
  });

  useEffect(() => {
    if (!tramo) return;
    reset({
      id_tramo: tramo.id_tramo,
      id_proyecto: tramo.id_proyecto,
      id_circular: tramo.id_circular,
      descripcion: tramo.descripcion ?? '',
    });
    setFile(null);
    setServerError(null);
  }, [tramo, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!tramo) return;
    setServerError(null);
    update.mutate(
      { id: tramo.id, fields: values, imagen: file },
      { onSuccess: () => onSaved(tramoMessages.adminUpdated), onError: (error) => setServerError(adminErrorText(error)) },
    );
  });

  const message = firstError(errors, order) ?? serverError;
  return (
    <EditModalFrame
      id="admin-edit-tramo"
      title="Editar Circular"
      scrollable
      show={tramo !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <TextField id="admin-tramo-id-tramo" label="ID Tramo" invalid={!!errors.id_tramo} registration={register('id_tramo')} />
      <TextField id="admin-tramo-id-proyecto" label="ID Proyecto" invalid={!!errors.id_proyecto} registration={register('id_proyecto')} />
      <TextField id="admin-tramo-id-circular" label="ID Circular" invalid={!!errors.id_circular} registration={register('id_circular')} />
      <TextField
        id="admin-tramo-descripcion"
        label="Descripción"
        textarea
        invalid={!!errors.descripcion}
        registration={register('descripcion')}
      />
      <ImagePicker file={file} onChange={setFile} existingUrl={imageUrl(tramo?.imagen)} previewMinWidth={100} previewMaxWidth={100} />
    </EditModalFrame>
  );
}
