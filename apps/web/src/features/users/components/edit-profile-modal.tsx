import { zodResolver } from '@hookform/resolvers/zod';
import { profileBody, userMessages } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { TextField } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { useCurrentUser } from '@/lib/token';
import { useUpdateProfile } from '../api/update-profile';
import { SuccessToast } from './success-toast';

/** 'Editar Perfil' of both shells' user menu: name and worker_id of the signed-in user. */
export default function EditProfileModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const user = useCurrentUser();
  const [toast, setToast] = useState<string | null>(null);
  const { register, submit, reset, errors, message, fail, setServerError } = useServerForm({
    resolver: zodResolver(profileBody),
    defaultValues: { name: '', worker_id: '' },
    order: ['name', 'worker_id'],
    texts: { fallback: userMessages.profileFallback, network: userMessages.profileNetwork },
  });
  const update = useUpdateProfile();

  // Each opening starts from the claims as they are now, not from an abandoned draft.
  useEffect(() => {
    if (show) {
      reset({ name: user?.name ?? '', worker_id: user?.worker_id ?? '' });
      setServerError(null);
    }
  }, [show, reset, setServerError, user?.name, user?.worker_id]);

  const onSubmit = submit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        onHide();
        setToast(userMessages.profileUpdated);
      },
      onError: fail,
    }),
  );

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
        <TextField
          id="edit-profile-name"
          label="Nombre"
          autoComplete="name"
          invalid={!!errors.name}
          errorId="edit-profile-error"
          registration={register('name')}
        />
        <TextField
          id="edit-profile-worker-id"
          label="ID de Trabajador"
          autoComplete="username"
          invalid={!!errors.worker_id}
          errorId="edit-profile-error"
          registration={register('worker_id')}
        />
      </EditModalFrame>
      <SuccessToast text={toast} onClose={() => setToast(null)} />
    </>
  );
}
