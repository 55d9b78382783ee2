import { zodResolver } from '@hookform/resolvers/zod';
import { type Tramo, type TramoEditForm, tramoEditForm, tramoMessages } from '@portal/contract/tramos';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { ImagePicker } from '@/components/ImagePicker';
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
    <Modal show={tramo !== null} onHide={onHide} centered scrollable aria-labelledby="edit-tramo-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="edit-tramo-title">Editar Circular</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="edit-tramo-id-tramo">
            <Form.Label>ID Tramo</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.id_tramo} {...register('id_tramo')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-tramo-id-proyecto">
            <Form.Label>ID Proyecto</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.id_proyecto} {...register('id_proyecto')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-tramo-id-circular">
            <Form.Label>ID Circular</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.id_circular} {...register('id_circular')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-tramo-fecha">
            <Form.Label>Fecha de la Circular</Form.Label>
            <Form.Control type="date" isInvalid={!!errors.circular_fecha} {...register('circular_fecha')} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-tramo-descripcion">
            <Form.Label>Descripción</Form.Label>
            <Form.Control as="textarea" rows={3} isInvalid={!!errors.descripcion} {...register('descripcion')} />
          </Form.Group>
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
