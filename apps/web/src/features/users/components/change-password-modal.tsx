import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordForm, userScreenTexts as t, userMessages } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { useChangePassword } from '../api/change-password';
import { AccountDialog } from './account-dialog';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = [
  {
    name: 'currentPassword',
    id: 'change-password-current',
    label: t.currentPassword,
    type: 'password',
    autoComplete: 'current-password',
  },
  { name: 'newPassword', id: 'change-password-new', label: t.newPasswordLabel, type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    id: 'change-password-confirm',
    label: t.confirmPassword,
    type: 'password',
    autoComplete: 'new-password',
  },
] as const;

/** 'Cambiar Contraseña' of both shells' user menu; the server checks the current password. */
export default function ChangePasswordModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const [toast, setToast] = useState<string | null>(null);
  // One message at a time, in the order the contract checks them (required, match, length).
  const { register, submit, reset, errors, message, fail, setServerError } = useServerForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
    order: FIELDS.map((f) => f.name),
    texts: { fallback: userMessages.changePasswordFallback, network: userMessages.changePasswordNetwork },
  });
  const change = useChangePassword();

  // Passwords never linger in a closed dialog.
  useEffect(() => {
    if (show) {
      reset(EMPTY);
      setServerError(null);
    }
  }, [show, reset, setServerError]);

  const onSubmit = submit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          onHide();
          setToast(userMessages.passwordChanged);
        },
        onError: fail,
      },
    ),
  );

  const frame = { show, onHide, message, onSubmit, toast, onToastClose: () => setToast(null) };
  return (
    <AccountDialog id="change-password" title={t.changePassword} busy={change.isPending} {...frame}>
      <TextFields fields={FIELDS} register={register} errors={errors} errorId="change-password-error" markInvalid={false} />
    </AccountDialog>
  );
}
