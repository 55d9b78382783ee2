import { zodResolver } from '@hookform/resolvers/zod';
import { naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import type { BannerMessage } from '@/components/Banner';
import { errorText } from '@/lib/api';
import { useCreateNave } from '../api/create-nave';

export function AddNaveForm({ onResult }: { onResult: (message: BannerMessage) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(naveBody), defaultValues: { name: '' } });
  const create = useCreateNave();

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        reset();
        onResult({ variant: 'success', text: naveMessages.created });
      },
      onError: (error) => onResult({ variant: 'danger', text: errorText(error, naveMessages.addFallback, naveScreenTexts.network) }),
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label="Añadir nave">
      <h2 className="h6">Añadir Nave</h2>
      <Form.Label htmlFor="add-nave-name">Nombre de la nave</Form.Label>
      <InputGroup hasValidation>
        <Form.Control id="add-nave-name" type="text" isInvalid={!!errors.name} {...register('name')} />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Añadiendo...' : 'Añadir'}
        </Button>
        <Form.Control.Feedback type="invalid" role="alert">
          {errors.name?.message}
        </Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
