import { zodResolver } from '@hookform/resolvers/zod';
import { profileBody, userMessages } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { errorText } from '@/lib/api';
import { fieldError } from '@/lib/field-error';
import { useCurrentUser } from '@/lib/token';
import { useUpdateProfile } from '../api/update-profile';
import { SuccessToast } from './success-toast';

/** 'Editar Perfil' of both shells' user menu: name and worker_id of the signed-in user. */
export default function EditProfileModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const user = useCurrentUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(profileBody), defaultValues: { name: '', worker_id: '' } });
  const update = useUpdateProfile();

  // Each opening starts from the claims as they are now, not from an abandoned draft.
  useEffect(() => {
    if (show) {
      reset({ name: user?.name ?? '', worker_id: user?.worker_id ?? '' });
      setServerError(null);
    }
  }, [show, reset, user?.name, user?.worker_id]);

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    update.mutate(values, {
      onSuccess: () => {
        onHide();
        setToast(userMessages.profileUpdated);
      },
      onError: (error) => setServerError(errorText(error, userMessages.profileFallback, userMessages.profileNetwork)),
    });
  });

  const message = errors.name?.message ?? errors.worker_id?.message ?? serverError;

  return (
    <>
      <EditModalFrame
        id="edit-profile"
        title="Editar Perfil"
        show={show}
        message={message}
        busy={update.isPending}
        onHide={onHide}
        onSubmit={onSubmit}
      >
        <Form.Group className="mb-3" controlId="edit-profile-name">
          <Form.Label>Nombre</Form.Label>
          <Form.Control
            type="text"
            autoComplete="name"
            isInvalid={!!errors.name}
            {...fieldError(!!errors.name, 'edit-profile-error')}
            {...register('name')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="edit-profile-worker-id">
          <Form.Label>ID de Trabajador</Form.Label>
          <Form.Control
            type="text"
            autoComplete="username"
            isInvalid={!!errors.worker_id}
            {...fieldError(!!errors.worker_id, 'edit-profile-error')}
            {...register('worker_id')}
          />
        </Form.Group>
      </EditModalFrame>
      <SuccessToast text={toast} onClose={() => setToast(null)} />
    </>
  );
}
