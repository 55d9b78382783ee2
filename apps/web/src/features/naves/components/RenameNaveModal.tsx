import { zodResolver } from '@hookform/resolvers/zod';
import { type NaveWithCount, naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { errorText } from '@/lib/api';
import { useUpdateNave } from '../api/update-nave';

export function RenameNaveModal({
  nave,
  onHide,
  onSaved,
}: {
  nave: NaveWithCount | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(naveBody), defaultValues: { name: '' } });
  const update = useUpdateNave();

  useEffect(() => {
    if (nave) {
      reset({ name: nave.name });
      setServerError(null);
    }
  }, [nave, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!nave) return;
    update.mutate(
      { id: nave.id, ...values },
      {
        onSuccess: () => onSaved(naveMessages.updated),
        onError: (error) => setServerError(errorText(error, naveMessages.updateFallback, naveScreenTexts.network)),
      },
    );
  });

  const message = errors.name?.message ?? serverError;

  return (
    <Modal show={nave !== null} onHide={onHide} centered aria-labelledby="rename-nave-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="rename-nave-title">Editar Nave</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <Form.Group controlId="rename-nave-name">
            <Form.Label>Nombre de la nave</Form.Label>
            <Form.Control type="text" isInvalid={!!errors.name} {...register('name')} />
          </Form.Group>
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
