import { zodResolver } from '@hookform/resolvers/zod';
import { profileBody, userScreenTexts as t, userMessages } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { useCurrentUser } from '@/lib/token';
import { useUpdateProfile } from '../api/update-profile';
import { AccountDialog } from './account-dialog';

const FIELDS = [
  { name: 'name', id: 'edit-profile-name', label: t.name, autoComplete: 'name' },
  { name: 'worker_id', id: 'edit-profile-worker-id', label: t.workerIdLabel, autoComplete: 'username' },
] as const;

/** 'Editar Perfil' of both shells' user menu: name and worker_id of the signed-in user. */
export default function EditProfileModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const user = useCurrentUser();
  const [toast, setToast] = useState<string | null>(null);
  const { register, submit, reset, errors, message, fail, setServerError } = useServerForm({
    resolver: zodResolver(profileBody),
    defaultValues: { name: '', worker_id: '' },
    order: FIELDS.map((f) => f.name),
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

  const frame = { show, onHide, message, onSubmit, toast, onToastClose: () => setToast(null) };
  return (
    <AccountDialog id="edit-profile" title={t.editProfile} busy={update.isPending} {...frame}>
      <TextFields fields={FIELDS} register={register} errors={errors} errorId="edit-profile-error" />
    </AccountDialog>
  );
}
