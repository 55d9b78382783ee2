import { zodResolver } from '@hookform/resolvers/zod';
import { type NaveWithCount, naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/EditModalFrame';
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
    <EditModalFrame
      id="rename-nave"
      title="Editar Nave"
      show={nave !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group controlId="rename-nave-name">
        <Form.Label>Nombre de la nave</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.name} {...register('name')} />
      </Form.Group>
    </EditModalFrame>
  );
}
