import { zodResolver } from '@hookform/resolvers/zod';
import { adminUpdateError, type Tramo, type TramoAdminEditForm, tramoAdminEditForm, tramoMessages } from '@portal/contract/tramos';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { ImagePicker } from '@/components/ImagePicker';
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
    <Modal show={tramo !== null} onHide={onHide} centered scrollable aria-labelledby="admin-edit-tramo-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="admin-edit-tramo-title">Editar Circular</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="admin-tramo-id-tramo">
            <Form.Label>ID Tramo</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.id_tramo} {...register('id_tramo')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="admin-tramo-id-proyecto">
            <Form.Label>ID Proyecto</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.id_proyecto} {...register('id_proyecto')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="admin-tramo-id-circular">
            <Form.Label>ID Circular</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.id_circular} {...register('id_circular')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="admin-tramo-descripcion">
            <Form.Label>Descripción</Form.Label>
            <Form.Control as="textarea" rows={3} isInvalid={!!errors.descripcion} {...register('descripcion')} />
          </Form.Group>
          <ImagePicker file={file} onChange={setFile} existingUrl={imageUrl(tramo?.imagen)} previewMinWidth={100} previewMaxWidth={100} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={update.isPending}>
            Cerrar
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Guardando...' : 'Guardar cambios'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
