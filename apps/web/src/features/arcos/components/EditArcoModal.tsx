import { zodResolver } from '@hookform/resolvers/zod';
import { type Arco, arcoBody, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/EditModalFrame';
import { errorText } from '@/lib/api';
import { useUpdateArco } from '../api/update-arco';

export function EditArcoModal({
  arco,
  naves,
  onHide,
  onSaved,
}: {
  arco: Arco | null;
  naves: Nave[];
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(arcoBody), defaultValues: { name: '', nave: '' } });
  const update = useUpdateArco();

  useEffect(() => {
    if (arco) {
      reset({ name: arco.name, nave: arco.nave });
      setServerError(null);
    }
  }, [arco, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!arco) {
      setServerError(arcoMessages.noneSelected);
      return;
    }
    update.mutate(
      { id: arco.id, ...values },
      {
        onSuccess: () => onSaved(arcoMessages.updated),
        onError: (error) => setServerError(errorText(error, arcoMessages.updateFallback, arcoScreenTexts.network)),
      },
    );
  });

  const message = errors.name?.message ?? errors.nave?.message ?? serverError;
  // A station whose nave was renamed elsewhere still shows its current value.
  const options = arco && !naves.some((n) => n.name === arco.nave) ? [...naves, { id: -1, name: arco.nave }] : naves;

  return (
    <EditModalFrame
      id="edit-arco"
      title="Editar Arco Sumergido"
      show={arco !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group className="mb-3" controlId="edit-arco-name">
        <Form.Label>Nombre del arco</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.name} {...register('name')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="edit-arco-nave">
        <Form.Label>Nave</Form.Label>
        <Form.Select isInvalid={!!errors.nave} {...register('nave')}>
          <option value="">-- Seleccionar Nave --</option>
          {options.map((n) => (
            <option key={n.id} value={n.name}>
              {n.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </EditModalFrame>
  );
}
